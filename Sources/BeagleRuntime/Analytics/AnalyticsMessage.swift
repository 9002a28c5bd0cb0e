/// What reading the manifest's `analytics` reports.
enum AnalyticsMessage: DiagnosticMessage {
  /// `analytics` is not an object.
  case notAnObject
  /// `analytics.enableScreenAnalytics` is not a boolean.
  case enableScreenAnalyticsNotABoolean
  /// `analytics.actions` is not an object.
  case actionsNotAnObject
  /// An action's attributes are not an array of strings.
  case attributesNotPaths(action: String)
  /// `action` differs from the earlier `earlier` only in case.
  case repeatsIgnoringCase(action: String, earlier: String)
  /// A key in `analytics` other than the two known ones.
  case unknownKey(String)

  var severity: Diagnostic.Severity {
    switch self {
    case .repeatsIgnoringCase: .warning
    default: .error
    }
  }

  var description: String {
    switch self {
    case .notAnObject: "'analytics' must be an object with 'enableScreenAnalytics' and 'actions'"
    case .enableScreenAnalyticsNotABoolean: "'analytics.enableScreenAnalytics' must be a boolean"
    case .actionsNotAnObject:
      "'analytics.actions' must be an object mapping action names to attribute lists"
    case .attributesNotPaths(let action):
      "the attributes of '\(action)' must be an array of paths such as [\"route.url\"]"
    case .repeatsIgnoringCase(let action, let earlier):
      "'\(action)' repeats '\(earlier)': iOS matches action names case-insensitively, "
        + "so the last one wins (web matches exact names)"
    case .unknownKey(let key):
      "unknown key '\(key)' in 'analytics'; expected 'enableScreenAnalytics' or 'actions'"
    }
  }
}

extension AnalyticsMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .notAnObject: "analytics-not-an-object"
    case .enableScreenAnalyticsNotABoolean: "analytics-enable-screen-analytics-not-a-boolean"
    case .actionsNotAnObject: "analytics-actions-not-an-object"
    case .attributesNotPaths: "analytics-attributes-not-paths"
    case .repeatsIgnoringCase: "analytics-repeats-ignoring-case"
    case .unknownKey: "analytics-unknown-key"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "analytics-not-an-object", "analytics-enable-screen-analytics-not-a-boolean",
    "analytics-actions-not-an-object", "analytics-attributes-not-paths",
    "analytics-repeats-ignoring-case", "analytics-unknown-key",
  ]
}
