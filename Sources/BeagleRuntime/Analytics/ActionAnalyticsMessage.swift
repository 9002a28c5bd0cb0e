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

extension ActionAnalyticsMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .partsIgnored: "analytics-parts-ignored"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "analytics-parts-ignored"
  ]
}
