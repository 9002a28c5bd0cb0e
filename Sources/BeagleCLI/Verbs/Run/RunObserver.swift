import BeagleRuntime

/// Watches a ``RunCommand``: receives every state with the session that produced
/// it, for the verbs that look at states rather than print them
/// (`--compare-profiles`) or besides printing them (`test --coverage`, `test
/// --html`).
final class RunObserver {
  /// Whether the run still prints its states.
  let printsStates: Bool
  /// Whether the session records coverage (``CoverageLog``); off by default, so a
  /// plain run pays nothing for it.
  let collectsCoverage: Bool
  /// Whether the states are also drawn as ``storyboard`` (`test --html`), whatever
  /// the run's `--format`.
  let drawsStoryboard: Bool
  /// The frames of every state (``HTMLStoryboard``), when ``drawsStoryboard``: the
  /// drawing of the same states the run printed.
  var storyboard = ""
  /// Every state received, in order.
  private(set) var states: [RunState] = []
  /// The session as it was after the last state.
  private(set) var lastSession: Session?

  init(printsStates: Bool, collectsCoverage: Bool = false, drawsStoryboard: Bool = false) {
    self.printsStates = printsStates
    self.collectsCoverage = collectsCoverage
    self.drawsStoryboard = drawsStoryboard
  }

  func observe(_ state: RunState, _ session: Session) {
    states.append(state)
    lastSession = session
  }
}
