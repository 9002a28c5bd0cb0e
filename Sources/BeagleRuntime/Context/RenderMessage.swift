import BeagleExpressions

/// What rendering a screen reports.
enum RenderMessage: DiagnosticMessage {
  /// The screen renders more than `limit` components: the rest is left out.
  case tooManyComponents(limit: Int)
  /// Property `property` would exceed the value limits: it renders empty or absent.
  case valueRefused(property: String, ExpressionError)
  /// Text property `property` shows `text`, a number that is not finite
  /// (``NonFiniteNumber``), as the profile's platform prints it.
  case nonFiniteShown(property: String, text: String, profile: NavigationProfile)

  var severity: Diagnostic.Severity {
    switch self {
    case .tooManyComponents, .valueRefused: .error
    case .nonFiniteShown: .warning
    }
  }

  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .tooManyComponents: "render-too-many-components"
    case .valueRefused: "render-value-refused"
    case .nonFiniteShown: NonFiniteNumber.rule
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "render-too-many-components", "render-value-refused", NonFiniteNumber.rule,
  ]

  var description: String {
    switch self {
    case .tooManyComponents(let limit):
      "the screen renders more than \(limit) components (list items included); the "
        + "components from here on are left out (nested lists over long data sources?); "
        + "raise \(setting: .maximumNodes) to render more"
    case .valueRefused(let property, let error):
      "'\(property)': \(error.refusal); it renders empty"
    case .nonFiniteShown(let property, let text, let profile):
      "'\(property)' shows '\(text)' \(profile.ruleName), a number that is not finite: a "
        + "division by zero, or past the largest double"
    }
  }
}
