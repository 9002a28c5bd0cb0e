import BeagleRuntime

/// Watches a ``RunCommand``: receives every state with the session that produced
/// it, for the verbs that look at states rather than print them
/// (`--compare-profiles`) or besides printing them (`test --coverage`).
final class RunObserver {
  /// Whether the run still prints its states.
  let printsStates: Bool
  /// Whether the session records coverage (``CoverageLog``); off by default, so a
  /// plain run pays nothing for it.
  let collectsCoverage: Bool
  /// Every state received, in order.
  private(set) var states: [RunState] = []
  /// The session as it was after the last state.
  private(set) var lastSession: Session?

  init(printsStates: Bool, collectsCoverage: Bool = false) {
    self.printsStates = printsStates
    self.collectsCoverage = collectsCoverage
  }

  func observe(_ state: RunState, _ session: Session) {
    states.append(state)
    lastSession = session
  }
}
