/// What `beagle:alert` and `beagle:confirm` report.
enum AlertMessage: ActionMessage {
  /// A dialog is open already; iOS presents no second one.
  case dialogAlreadyOpen

  var severity: Diagnostic.Severity { .warning }

  var description: String {
    switch self {
    case .dialogAlreadyOpen: "a dialog is already open; iOS cannot present another one over it"
    }
  }
}
