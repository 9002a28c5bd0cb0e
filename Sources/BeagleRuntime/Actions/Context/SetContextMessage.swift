import BeagleExpressions
import BeagleJSON

/// What `beagle:setContext` reports.
enum SetContextMessage: ActionMessage {
  /// `path` does not parse.
  case invalidPath(String, ExpressionError)
  /// The value could not be evaluated within the value limits.
  case valueRefused(ExpressionError)
  /// Android refuses a null value; the context keeps its value.
  case nullOnAndroid(contextId: String)
  /// Web, without `contextId`, writes the nearest context.
  case nearestContextOnWeb(String)
  /// Android strips a first path segment that repeats the context id.
  case contextIdStrippedOnAndroid(path: String, stripped: String, contextId: String)
  /// The value holds a number that is not finite (``NonFiniteNumber``), `text` as the
  /// profile's platform prints it, at `at` inside the value.
  case nonFiniteStored(text: String, at: JSONPointer, profile: NavigationProfile)

  var severity: Diagnostic.Severity {
    switch self {
    case .invalidPath, .valueRefused: .error
    case .nullOnAndroid, .nonFiniteStored: .warning
    case .nearestContextOnWeb, .contextIdStrippedOnAndroid: .note
    }
  }

  var description: String {
    switch self {
    case .invalidPath(let text, let error):
      "setContext: invalid path '\(text)': \(error.description); nothing happens"
    case .valueRefused(let error):
      "setContext: \(error.refusal); nothing happens"
    case .nullOnAndroid(let contextId):
      "setContext: the value is null, which Android refuses: '\(contextId)' keeps its value "
        + "(android rule; iOS and web write null)"
    case .nearestContextOnWeb(let nearest):
      "setContext without 'contextId' writes the nearest context, '\(nearest)' (web rule; iOS "
        + "requires 'contextId' and does nothing)"
    case .contextIdStrippedOnAndroid(let path, let stripped, let contextId):
      "setContext: path '\(path)' starts with the context id; Android strips it and writes "
        + "\(stripped.isEmpty ? "the whole value" : "'\(stripped)'") (android rule; iOS writes "
        + "'\(path)' inside '\(contextId)')"
    case .nonFiniteStored(let text, let at, let profile):
      "setContext: the value holds '\(text)' \(profile.ruleName)"
        + (at.isRoot ? "" : " at \(at)")
        + ", a number that is not finite; JSON has no such number, so the state shows null"
        + " there, and a text shows '\(text)'"
    }
  }
}

extension SetContextMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .invalidPath: "set-context-invalid-path"
    case .valueRefused: "set-context-value-refused"
    case .nullOnAndroid: "set-context-null-on-android"
    case .nearestContextOnWeb: "set-context-nearest-context-on-web"
    case .contextIdStrippedOnAndroid: "set-context-context-id-stripped-on-android"
    case .nonFiniteStored: NonFiniteNumber.rule
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "set-context-invalid-path", "set-context-value-refused", "set-context-null-on-android",
    "set-context-nearest-context-on-web", "set-context-context-id-stripped-on-android",
    NonFiniteNumber.rule,
  ]
}
