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
  /// `--ignore` and the manifest's `ignore`: rule ids whose diagnostics are dropped
  /// (never counted, never shown).
  var ignoredRules: Set<String>

  init(isStrict: Bool, ignoredRules: some Sequence<String> = []) {
    self.isStrict = isStrict
    self.ignoredRules = Set(ignoredRules)
  }

  /// The policy with the manifest's valid `ignore` ids added.
  func ignoring(_ manifest: Manifest?) -> DiagnosticPolicy {
    var copy = self
    for entry in manifest?.ignore ?? [] where Rules.problem(with: entry.rule) == nil {
      copy.ignoredRules.insert(entry.rule)
    }
    return copy
  }

  /// Whether `diagnostic` is dropped: its rule is ignored.
  func ignores(_ diagnostic: Diagnostic) -> Bool {
    guard let rule = diagnostic.rule, !ignoredRules.isEmpty else { return false }
    return ignoredRules.contains(rule)
  }

  func apply(_ diagnostic: Diagnostic) -> Diagnostic {
    guard isStrict, diagnostic.severity == .warning else { return diagnostic }
    var raised = diagnostic
    raised.severity = .error
    return raised
  }

  func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.compactMap { ignores($0) ? nil : apply($0) }
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
