/// What building the navigation graph reports about a screen it fetched.
enum GraphMessage: DiagnosticMessage {
  /// The screen is not JSON: the parser's `reason` at `position` (`line:column`).
  case invalidJSON(reason: String, position: String)

  var severity: Diagnostic.Severity { .error }

  var description: String {
    switch self {
    case .invalidJSON(let reason, let position): "\(reason) at \(position)"
    }
  }
}

extension GraphMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .invalidJSON: "graph-invalid-json"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "graph-invalid-json"
  ]
}
