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

extension Session {
  /// Runs a `beagle:condition`: a boolean picks the branch; anything else runs
  /// `onFalse` on iOS and Android and follows JavaScript truthiness on web, with a note.
  mutating func runCondition(
    _ action: ActionNode, origin: Origin, implicits: [ImplicitContext], depth: Int,
    scope: ContextScope
  ) {
    let pointer = action.location.pointer
    let fields = PropertyEvaluator(evaluator: evaluator)
    let condition = evaluatedField("condition", of: action, in: scope)
    var isTrue = condition == .bool(true)
    if condition != .bool(true), condition != .bool(false) {
      // Web uses JavaScript truthiness of the value as evaluated, untyped (docs/spec.md §7.3,
      // §10.19): the string "false" runs onTrue there.
      let untyped = action.fields["condition"].map { fields.evaluateDeeply($0, in: scope) }
      let truthy = untyped.map(OperationLibrary.isTruthy) ?? false
      let shown = ActionSummary.short(
        (navigator.profile == .web ? untyped : condition) ?? .null)
      report(
        ConditionMessage.notABoolean(shown: shown, isTruthy: truthy, profile: navigator.profile),
        at: pointer.appending("condition"))
      if navigator.profile == .web { isTrue = truthy }
    }
    let branch = isTrue ? "onTrue" : "onFalse"
    if coverage != nil { recordCoverage(of: action, origin: origin, branch: branch) }
    runNested(branch, of: action, origin: origin, implicits: implicits, depth: depth)
  }
}
