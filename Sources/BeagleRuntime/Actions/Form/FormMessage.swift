/// What `beagle:submitForm` and the deprecated form actions report.
enum FormMessage: ActionMessage {
  /// A deprecated form action of Beagle 1.0 (`beagle:formValidation`, …), which does not run.
  case deprecatedNotExecuted(type: String)
  /// `submitForm` with no `simpleForm` around its component.
  case noForm
  /// Text inputs of the form have errors (`#id: message` each).
  case invalidForm(errors: [String])

  var severity: Diagnostic.Severity {
    switch self {
    case .deprecatedNotExecuted: .warning
    case .noForm, .invalidForm: .note
    }
  }

  var description: String {
    switch self {
    case .deprecatedNotExecuted(let type):
      "'\(type)' is deprecated and not executed"
    case .noForm:
      "submitForm: no simpleForm around the component; nothing happens (iOS)"
    case .invalidForm(let errors):
      "submitForm: the form is invalid (\(errors.joined(separator: "; "))); "
        + "onValidationError runs"
    }
  }
}

extension FormMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .deprecatedNotExecuted: "form-deprecated-not-executed"
    case .noForm: "form-no-form"
    case .invalidForm: "form-invalid-form"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "form-deprecated-not-executed", "form-no-form", "form-invalid-form",
  ]
}
