import BeagleExpressions
import BeagleJSON

/// `beagle:condition` (docs/spec.md §7.3): runs `onTrue` or `onFalse` as `condition` evaluates.
enum ConditionAction {
  static let definitions: [ActionDefinition] = [
    ActionDefinition(
      .condition,
      fields: [
        FieldSpec("condition", .bool, isRequired: true, acceptsExpression: true),
        FieldSpec("onTrue", .actions), FieldSpec("onFalse", .actions), BuiltIns.analytics,
      ])
  ]

  /// `condition @{user.isAdmin}`.
  static func summary(of action: ActionNode, name: String) -> String {
    "\(name) \(ActionSummary.short(action.fields["condition"] ?? .null))"
  }
}

extension ConditionAction {
  /// Runs a `beagle:condition`: a boolean picks the branch; anything else runs
  /// `onFalse` on iOS and Android and follows JavaScript truthiness on web, with a note.
  static func execute(_ call: ActionCall, in session: inout Session) {
    let action = call.action
    let profile = session.context.navigator.profile
    let fields = PropertyEvaluator(evaluator: session.context.evaluator)
    let condition = session.context.evaluatedField("condition", of: action, in: call.scope)
    var isTrue = condition == .bool(true)
    if condition != .bool(true), condition != .bool(false) {
      // Web uses JavaScript truthiness of the value as evaluated, untyped (docs/spec.md §7.3,
      // §10.19): the string "false" runs onTrue there.
      let untyped = action.fields["condition"].map { fields.evaluateDeeply($0, in: call.scope) }
      let truthy = untyped.map(OperationLibrary.isTruthy) ?? false
      let shown = ActionSummary.short((profile == .web ? untyped : condition) ?? .null)
      session.context.report(
        ConditionMessage.notABoolean(shown: shown, isTruthy: truthy, profile: profile),
        at: call.pointer.appending("condition"))
      if profile == .web { isTrue = truthy }
    }
    let branch = isTrue ? "onTrue" : "onFalse"
    if session.context.coverage != nil {
      session.context.recordCoverage(of: action, origin: call.origin, branch: branch)
    }
    session.runNested(branch, of: call)
  }
}
