/// Which Beagle platform's rules the navigator follows where the platforms differ.
///
/// iOS is the reference (docs/spec.md §3.5, DESIGN.md); `web` and `android` change only the
/// cases of the spec's "edge cases side by side" table. The manifest key `profile`
/// selects it.
public enum NavigationProfile: String, Sendable, Equatable, CaseIterable {
  case ios
  case android
  case web

  /// How log lines name the rule that applied: `(ios rule)`.
  var ruleName: String { "(\(rawValue) rule)" }
}
