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
