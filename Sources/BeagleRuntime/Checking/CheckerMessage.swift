/// What `check` reports about bindings and styles.
enum CheckerMessage: DiagnosticMessage {
  /// A binding names a context no enclosing component declares.
  case contextNotInScope(String)
  /// A binding names a list item's index context, which only web 2.x binds
  /// (docs/spec.md §2.8, §10.23), under a profile that has none.
  case indexOnlyOnWeb(String, profile: NavigationProfile)
  /// A `setContext` names a context no enclosing component declares (and not
  /// `global`), with the closest one in scope.
  case setContextTargetNotInScope(String, suggestion: String?)
  /// A style the manifest's theme does not list, with the closest one it does.
  case unknownStyle(String, suggestion: String?)

  var severity: Diagnostic.Severity { .warning }

  /// Whether `diagnostic` is a ``setContextTargetNotInScope(_:suggestion:)`` (which
  /// `--strict` may have made an error).
  static func isSetContextTarget(_ diagnostic: Diagnostic) -> Bool {
    diagnostic.message.hasPrefix(setContextTargetLead)
  }

  /// How every ``setContextTargetNotInScope(_:suggestion:)`` text begins: written
  /// once, for the text and for ``isSetContextTarget(_:)``, so the two cannot drift.
  private static let setContextTargetLead = "setContext: no enclosing component declares context '"

  var description: String {
    switch self {
    case .contextNotInScope(let id): "no enclosing component declares context '\(id)'"
    case .indexOnlyOnWeb(let id, let profile):
      "no enclosing component declares context '\(id)': a list item's index context exists on"
        + " web 2.x only, not on \(profile == .android ? "Android" : "iOS") \(profile.ruleName)"
    case .setContextTargetNotInScope(let id, let suggestion):
      Self.setContextTargetLead + "\(id)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .unknownStyle(let name, let suggestion):
      "unknown style '\(name)': the manifest's theme does not list it"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
  }
}

extension CheckerMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .contextNotInScope: "context-not-in-scope"
    case .indexOnlyOnWeb: "index-only-on-web"
    case .setContextTargetNotInScope: "set-context-target-not-in-scope"
    case .unknownStyle: "unknown-style"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "context-not-in-scope", "index-only-on-web", "set-context-target-not-in-scope",
    "unknown-style",
  ]
}
