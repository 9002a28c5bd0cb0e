import BeagleJSON

/// What ``Session/setContext(_:path:value:origin:)`` reports when it writes nothing.
enum ContextMessage: DiagnosticMessage {
  /// No context `contextId` is in scope of the action; `suggestion` is the closest
  /// one that is. Worded for `profile`: what its platform does (docs/spec.md §7.1).
  case notInScope(
    contextId: String, suggestion: String? = nil, profile: NavigationProfile = .ios)
  /// `contextId` is a list item's index context (web 2.x), which is read-only.
  case readOnlyIndex(contextId: String)
  /// The new value of `contextId` would break a value limit.
  case overLimit(contextId: String, violation: ValueLimitViolation)

  var severity: Diagnostic.Severity {
    switch self {
    case .notInScope, .readOnlyIndex: .warning
    case .overLimit: .error
    }
  }

  var description: String {
    switch self {
    case .notInScope(let contextId, let suggestion, let profile):
      "setContext: no context '\(contextId)' is in scope; nothing happens (\(Self.platformDoes(profile)))"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .readOnlyIndex(let contextId):
      "setContext: context '\(contextId)' is the list item's index, which web 2.x keeps read-only;"
        + " nothing happens"
    case .overLimit(let contextId, let violation):
      "setContext: the new value of '\(contextId)' would be \(violation) "
        + "(\(setting: violation.setting)); nothing happens"
    }
  }

  /// What `profile`'s platform does with a `setContext` that finds no context.
  static func platformDoes(_ profile: NavigationProfile) -> String {
    switch profile {
    case .ios: "iOS does nothing"
    case .android: "Android does nothing"
    case .web: "web warns that it is not found"
    }
  }
}
