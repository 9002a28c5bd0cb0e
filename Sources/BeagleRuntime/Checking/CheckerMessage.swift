/// What `check` reports about bindings and styles.
enum CheckerMessage: DiagnosticMessage {
  /// A binding names a context no enclosing component declares.
  case contextNotInScope(String)
  /// A style the manifest's theme does not list, with the closest one it does.
  case unknownStyle(String, suggestion: String?)

  var severity: Diagnostic.Severity { .warning }

  var description: String {
    switch self {
    case .contextNotInScope(let id): "no enclosing component declares context '\(id)'"
    case .unknownStyle(let name, let suggestion):
      "unknown style '\(name)': the manifest's theme does not list it"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
  }
}
