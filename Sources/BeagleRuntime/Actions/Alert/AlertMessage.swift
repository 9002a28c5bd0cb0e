/// What `beagle:alert` and `beagle:confirm` report.
enum AlertMessage: ActionMessage {
  /// A dialog is open already; iOS presents no second one.
  case dialogAlreadyOpen
  /// A dialog is still open at the end of the run: no `choose` step answered it.
  case openAtEnd(kind: String, name: String, labels: [String])

  var severity: Diagnostic.Severity { .warning }

  var description: String {
    switch self {
    case .dialogAlreadyOpen: "a dialog is already open; iOS cannot present another one over it"
    case .openAtEnd(let kind, let name, let labels):
      "\(kind) \"\(name)\" is still open at the end of the run; answer it with a 'choose' step"
        + " (" + labels.map { "choose \"\($0)\"" }.joined(separator: " or ") + ")"
    }
  }
}

extension AlertMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .dialogAlreadyOpen: "alert-dialog-already-open"
    case .openAtEnd: "alert-open-at-end"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "alert-dialog-already-open", "alert-open-at-end",
  ]
}
