/// What a script step reports about the screen it acts on.
enum ScriptMessage: DiagnosticMessage {
  /// `tap` on a component whose `enabled` is false.
  case tapOnDisabled(Target)
  /// `tap` on a text input that is disabled or read-only.
  case tapOnReadOnlyInput(Target)
  /// `type` into a text input that is disabled or read-only.
  case typeIntoReadOnlyInput(Target)

  var severity: Diagnostic.Severity { .note }

  var description: String {
    switch self {
    case .tapOnDisabled(let target):
      "\(target) is disabled ('enabled' is false): the tap does nothing"
    case .tapOnReadOnlyInput(let target):
      "\(target) is disabled or read-only: the tap does nothing"
    case .typeIntoReadOnlyInput(let target):
      "\(target) is disabled or read-only: typing does nothing"
    }
  }
}

extension ScriptMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .tapOnDisabled: "script-tap-on-disabled"
    case .tapOnReadOnlyInput: "script-tap-on-read-only-input"
    case .typeIntoReadOnlyInput: "script-type-into-read-only-input"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "script-tap-on-disabled", "script-tap-on-read-only-input",
    "script-type-into-read-only-input",
  ]
}
