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
  static func writeSummary(of action: ActionNode, into output: inout [UInt8]) {
    output.append(UInt8(ascii: " "))
    ActionSummary.appendShort(action.fields.member(named: "condition"), to: &output)
  }
}

extension ConditionAction {
  /// Runs a `beagle:condition`: a boolean picks the branch; anything else runs
  /// `onFalse` on iOS and Android and follows JavaScript truthiness on web, with a note.
  ///
  /// - Returns: the branch's actions, for the session to run.
  static func execute(_ call: ActionCall, in context: inout ActionContext) -> NestedRun? {
    let action = call.action
    let profile = context.navigator.profile
    let fields = PropertyEvaluator(evaluator: context.evaluator)
    let condition = context.evaluatedField("condition", of: action, in: call.scope)
    var isTrue = condition == .bool(true)
    if condition != .bool(true), condition != .bool(false) {
      // Web uses JavaScript truthiness of the value as evaluated, untyped (docs/spec.md §7.3,
      // §10.19): the string "false" runs onTrue there.
      let untyped = action.fields["condition"].map { fields.evaluateDeeply($0, in: call.scope) }
      let truthy = untyped.map(OperationLibrary.isTruthy) ?? false
      let shown = ActionSummary.short((profile == .web ? untyped : condition) ?? .null)
      context.report(
        ConditionMessage.notABoolean(shown: shown, isTruthy: truthy, profile: profile),
        at: call.pointer.appending("condition"))
      if profile == .web { isTrue = truthy }
    }
    let branch = isTrue ? "onTrue" : "onFalse"
    if context.coverage != nil {
      context.recordCoverage(of: action, origin: call.origin, branch: branch)
    }
    return NestedRun(branch, of: call)
  }
}
