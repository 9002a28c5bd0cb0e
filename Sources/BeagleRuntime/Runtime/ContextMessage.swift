import BeagleJSON

/// What ``Session/setContext(_:path:value:origin:)`` reports when it writes nothing.
enum ContextMessage: DiagnosticMessage {
  /// No context `contextId` is in scope of the action; `suggestion` is the closest
  /// one that is.
  case notInScope(contextId: String, suggestion: String? = nil)
  /// The new value of `contextId` would break a value limit.
  case overLimit(contextId: String, violation: ValueLimitViolation)

  var severity: Diagnostic.Severity {
    switch self {
    case .notInScope: .warning
    case .overLimit: .error
    }
  }

  var description: String {
    switch self {
    case .notInScope(let contextId, let suggestion):
      "setContext: no context '\(contextId)' is in scope; nothing happens (iOS does nothing)"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .overLimit(let contextId, let violation):
      "setContext: the new value of '\(contextId)' would be \(violation) "
        + "(\(setting: violation.setting)); nothing happens"
    }
  }
}
