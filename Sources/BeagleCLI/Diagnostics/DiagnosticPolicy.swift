import BeagleRuntime

/// The one place that decides how severe a diagnostic is under the command line's
/// options: every verb's diagnostics (what the loader found, each state's log, the
/// manifest problems a graph prints) pass through it before they are rendered or
/// counted, so `--strict` means the same everywhere.
///
/// `graph --strict` also fails on the graph's own flags (dead links, unreached
/// files): that rule is about the graph, not about diagnostics, and stays
/// ``GraphCommand``'s.
struct DiagnosticPolicy: Sendable {
  /// `--strict`: warnings are errors.
  var isStrict: Bool

  init(isStrict: Bool) {
    self.isStrict = isStrict
  }

  func apply(_ diagnostic: Diagnostic) -> Diagnostic {
    guard isStrict, diagnostic.severity == .warning else { return diagnostic }
    var raised = diagnostic
    raised.severity = .error
    return raised
  }

  func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.map(apply)
  }

  /// The load with its diagnostics under the policy.
  func apply(_ load: ScreenLoad) -> ScreenLoad {
    var copy = load
    copy.diagnostics = apply(load.diagnostics)
    return copy
  }

  /// The state with its log under the policy.
  func apply(_ state: RunState) -> RunState {
    var copy = state
    copy.log = apply(state.log)
    return copy
  }
}
