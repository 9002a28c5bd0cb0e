import BeagleRuntime

/// Every rule id a diagnostic of beagle-run can carry (``Diagnostic/rule``): the
/// runtime's (``RuleCatalog``) and the command line's own message types. What
/// `--ignore` and the manifest's `ignore` are checked against.
enum Rules {
  /// Every id, by message type, in a fixed order.
  static let all: [(owner: String, rules: [String])] =
    RuleCatalog.runtime + [
      ("LoaderMessage", LoaderMessage.rules), ("RouteCheckMessage", RouteCheckMessage.rules),
    ]

  static let ids: Set<String> = Set(all.flatMap(\.rules))

  /// Ids that cannot be ignored: the runtime's, and the loader's (an input that
  /// cannot be read or used).
  static let unignorable: Set<String> = RuleCatalog.unignorable.union(LoaderMessage.rules)

  /// Why `rule` cannot be ignored (unknown or unignorable); nil when it can be.
  static func problem(with rule: String) -> String? {
    if unignorable.contains(rule) { return unignorable(rule) }
    guard ids.contains(rule) else {
      return unknown(rule, suggestion: Suggestion.closest(to: rule, among: ids.sorted()))
    }
    return nil
  }

  /// The refusal of an unknown id.
  static func unknown(_ rule: String, suggestion: String?) -> String {
    "unknown rule '\(rule)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
  }

  /// The refusal of an id that cannot be ignored.
  static func unignorable(_ rule: String) -> String {
    "rule '\(rule)' cannot be ignored: the input is invalid or cannot be read"
  }
}
