import BeagleRuntime

/// A rule where Beagle's platforms disagree (docs/spec.md §10), recognized from the log
/// entry the runtime writes when it applies one.
struct ProfileRule: Equatable, Hashable, Comparable {
  /// What the rule is, as a porting user reads it (`android setContext null refusal`).
  var name: String
  /// Where docs/spec.md describes it (`§10.15`).
  var section: String

  var text: String { "\(name) (spec \(section))" }

  static func < (lhs: ProfileRule, rhs: ProfileRule) -> Bool {
    (lhs.name, lhs.section) < (rhs.name, rhs.section)
  }

  /// Whether a log message says which platform's rule it follows.
  static func namesRule(_ message: String) -> Bool {
    ["ios rule", "web rule", "android rule"].contains { message.contains($0) }
  }

  /// The rule a rule-naming log message describes; nil when it is none of the
  /// spec's table (the difference is then reported without a rule).
  init?(message: String) {
    for (fragment, name, section) in Self.table where message.contains(fragment) {
      self.init(name: name, section: section)
      return
    }
    return nil
  }

  init(name: String, section: String) {
    self.name = name
    self.section = section
  }

  /// The global context starts as `""` on Android, null elsewhere (docs/spec.md §10.16); the
  /// runtime writes no log entry for it.
  static let androidGlobal = ProfileRule(
    name: "android global context starts as \"\"", section: "§10.16")

  /// Message fragment → rule, first match wins.
  private static let table: [(String, String, String)] = [
    ("web accepts it (web rule", "web decoding leniency", "§10.2–3"),
    ("tab icon without 'url'", "web tab icons draw 'url'", "§2.13"),
    ("Android fails to decode the whole payload", "android tab icons need 'mobileId'", "§2.13"),
    ("setContext without 'contextId'", "web setContext without contextId", "§10.15"),
    ("Could not find context with id", "web setContext warning for a missing context", "§10.15"),
    ("which Android refuses", "android setContext null refusal", "§10.15"),
    ("Android strips it", "android setContext path starting with the context id", "§10.15"),
    ("addChildren PREPEND", "android addChildren PREPEND order", "§10.20"),
    ("popToView", "popToView target matching", "§10.7"),
    ("popView on", "popping the last screen or stack", "§10.9"),
    ("popStack on", "popping the last screen or stack", "§10.9"),
    ("can't pop stack", "popping the last screen or stack", "§10.9"),
    ("resetStack ignores controllerId", "resetStack.controllerId", "§10.10"),
    ("shouldResetApplication", "openNativeRoute", "§10.25"),
    ("sendRequest runs onFinish before", "sendRequest callback order and context", "§10.18"),
    ("statusText", "sendRequest implicit context", "§10.18"),
    (".data is", "sendRequest implicit context", "§10.18"),
    ("is already on top; pushView", "pushView of the route on top", "§3.5"),
    ("not a boolean", "condition truthiness", "§10.19"),
    ("index context exists on web", "list index context (web only)", "§10.23"),
  ]
}
