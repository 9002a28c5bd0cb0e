/// What `beagle:condition` reports.
enum ConditionMessage: ActionMessage {
  /// `condition` is not a boolean (`shown` as evaluated for `profile`): iOS and Android
  /// run `onFalse`, web follows JavaScript truthiness (`isTruthy`).
  case notABoolean(shown: String, isTruthy: Bool, profile: NavigationProfile)

  var severity: Diagnostic.Severity { .note }

  var description: String {
    switch self {
    case .notABoolean(let shown, let truthy, let profile):
      switch profile {
      case .web:
        "condition is \(shown), not a boolean: web runs \(truthy ? "onTrue" : "onFalse")"
          + " as it is \(truthy ? "truthy" : "falsy") (web rule; iOS and Android run onFalse)"
      case .ios, .android:
        "condition is \(shown), not a boolean: "
          + (profile == .ios ? "iOS" : "Android") + " runs onFalse"
          + (truthy ? " (\(profile.rawValue) rule; web runs onTrue)" : "")
      }
    }
  }
}

extension ConditionMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .notABoolean: "condition-not-a-boolean"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "condition-not-a-boolean"
  ]
}
