/// What an action's own `analytics` field reports when the action runs.
enum ActionAnalyticsMessage: ActionMessage {
  /// Parts of the field iOS does not decode (``ActionAnalytics/parse(_:)``); the rest applies.
  case partsIgnored([ActionAnalytics.Problem])

  var severity: Diagnostic.Severity { .warning }

  var description: String {
    switch self {
    case .partsIgnored(let problems):
      "analytics: " + problems.map(\.description).joined(separator: "; ") + "; ignored"
    }
  }
}
