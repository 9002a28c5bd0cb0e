import BeagleRuntime

/// What reading a run's inputs (`--global`, the first screen, the manifest, a mock
/// file) reports.
enum LoaderMessage: DiagnosticMessage {
  /// `--global @path` could not be read.
  case globalUnreadable(path: String)
  /// `--global` is not valid JSON.
  case globalInvalidJSON(column: Int, reason: String)
  /// The first screen is a route but there is no BFF folder or base URL.
  case firstScreenNeedsSource(route: String)
  /// The registry manifest could not be read.
  case manifestUnreadable(reason: String)
  /// A mock file (`mention` says which) could not be read or parsed.
  case mocksUnreadable(mention: String, reason: String)
  /// The manifest's `ignore` names a rule id that does not exist.
  case unknownRule(String, suggestion: String?)
  /// The manifest's `ignore` names a rule that cannot be ignored.
  case unignorableRule(String)

  var severity: Diagnostic.Severity { .error }

  var description: String {
    switch self {
    case .globalUnreadable(let path): "--global: cannot read '\(path)'"
    case .globalInvalidJSON(let column, let reason):
      "--global: invalid JSON at column \(column): \(reason)"
    case .firstScreenNeedsSource(let route):
      "the first screen '\(route)' is a route: give a bff folder or a base url to fetch it"
    case .manifestUnreadable(let reason): "registry manifest: \(reason)"
    case .mocksUnreadable(let mention, let reason): "\(mention): \(reason)"
    case .unknownRule(let rule, let suggestion):
      "ignore: \(Rules.unknown(rule, suggestion: suggestion))"
    case .unignorableRule(let rule): "ignore: \(Rules.unignorable(rule))"
    }
  }
}

extension LoaderMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .globalUnreadable: "input-global-unreadable"
    case .globalInvalidJSON: "input-global-invalid-json"
    case .firstScreenNeedsSource: "input-first-screen-needs-source"
    case .manifestUnreadable: "input-manifest-unreadable"
    case .mocksUnreadable: "input-mocks-unreadable"
    case .unknownRule: "unknown-rule"
    case .unignorableRule: "unignorable-rule"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  static let rules = [
    "input-global-unreadable", "input-global-invalid-json", "input-first-screen-needs-source",
    "input-manifest-unreadable", "input-mocks-unreadable", "unknown-rule",
    "unignorable-rule",
  ]
}
