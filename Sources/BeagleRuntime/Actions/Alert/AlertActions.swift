import BeagleExpressions
import BeagleJSON

/// `beagle:alert` and `beagle:confirm` (docs/spec.md §7.4, §7.5): a dialog with one or two buttons,
/// open until a `choose` step presses one (see ``Dialog``, beside this file).
enum AlertActions {
  static let definitions: [ActionDefinition] = [
    ActionDefinition(
      .alert,
      fields: [
        FieldSpec("title", .string, acceptsExpression: true),
        FieldSpec("message", .string, isRequired: true, acceptsExpression: true),
        FieldSpec("onPressOk", .action), FieldSpec("labelOk", .string), BuiltIns.analytics,
      ]),
    ActionDefinition(
      .confirm,
      fields: [
        FieldSpec("title", .string, acceptsExpression: true),
        FieldSpec("message", .string, isRequired: true, acceptsExpression: true),
        FieldSpec("onPressOk", .action), FieldSpec("onPressCancel", .action),
        FieldSpec("labelOk", .string), FieldSpec("labelCancel", .string), BuiltIns.analytics,
      ]),
  ]

  /// `alert "Saved"`.
  static func summary(of action: ActionNode, name: String) -> String {
    "\(name) \(ActionSummary.short(action.fields["message"] ?? .null))"
  }
}

extension Session {
  /// Opens the dialog of a `beagle:alert` or `beagle:confirm`, unless one is open.
  mutating func openDialog(
    _ action: ActionNode, origin: Origin, implicits: [ImplicitContext], scope: ContextScope
  ) {
    let pointer = action.location.pointer
    func string(_ name: String) -> String? {
      evaluatedField(name, of: action, in: scope)?.stringValue
    }
    let isConfirm = action.builtIn == .confirm
    guard dialog == nil else {
      report(AlertMessage.dialogAlreadyOpen, at: pointer)
      return
    }
    var buttons: [(label: String, event: String, actions: [ActionNode])] = [
      (string("labelOk") ?? "Ok", "onPressOk", action.event("onPressOk")?.actions ?? [])
    ]
    if isConfirm {
      buttons.append(
        (
          string("labelCancel") ?? "Cancel", "onPressCancel",
          action.event("onPressCancel")?.actions ?? []
        ))
    }
    openDialog(
      Dialog(
        kind: isConfirm ? .confirm : .alert, title: string("title"),
        message: string("message") ?? "", buttons: buttons, origin: origin, implicits: implicits))
  }
}
