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
  static func writeSummary(of action: ActionNode, into output: inout [UInt8]) {
    output.append(UInt8(ascii: " "))
    ActionSummary.appendShort(action.fields.member(named: "message"), to: &output)
  }
}

extension AlertActions {
  /// Opens the dialog of a `beagle:alert` or `beagle:confirm`, unless one is open.
  static func execute(_ call: ActionCall, in context: inout ActionContext) {
    let action = call.action
    guard context.dialog == nil else {
      context.report(AlertMessage.dialogAlreadyOpen, at: call.pointer)
      return
    }
    func string(_ name: String) -> String? {
      context.evaluatedField(name, of: action, in: call.scope)?.stringValue
    }
    let isConfirm = action.builtIn == .confirm
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
    let dialog = Dialog(
      kind: isConfirm ? .confirm : .alert, title: string("title"),
      message: string("message") ?? "", buttons: buttons, origin: call.origin,
      implicits: call.implicits, location: action.location)
    context.dialog = dialog
  }

  /// Adds a warning to the log when a dialog is still open at the end of the run:
  /// docs/spec.md §7.4–7.5 recommends reporting an unanswered dialog.
  static func reportOpenDialog(in context: inout ActionContext) {
    guard let dialog = context.dialog else { return }
    let name = dialog.title.flatMap { $0.isEmpty ? nil : $0 } ?? dialog.message
    // Placed at the action that opened it, in its file.
    context.report(
      AlertMessage.openAtEnd(
        kind: dialog.kind.rawValue, name: name, labels: dialog.buttons.map(\.label)),
      at: dialog.location)
  }
}
