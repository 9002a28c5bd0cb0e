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
