import BeagleExpressions
import BeagleJSON

/// `beagle:condition` (§7.3): runs `onTrue` or `onFalse` as `condition` evaluates.
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
      // Web uses JavaScript truthiness of the value as evaluated, untyped (§7.3,
      // §10.19): the string "false" runs onTrue there.
      let untyped = action.fields["condition"].map { fields.evaluateDeeply($0, in: scope) }
      let truthy = untyped.map(OperationLibrary.isTruthy) ?? false
      let shown = ActionSummary.short(
        (navigator.profile == .web ? untyped : condition) ?? .null)
      let message =
        switch navigator.profile {
        case .web:
          "condition is \(shown), not a boolean: web runs \(truthy ? "onTrue" : "onFalse")"
            + " as it is \(truthy ? "truthy" : "falsy") (web rule; iOS and Android run onFalse)"
        case .ios, .android:
          "condition is \(shown), not a boolean: "
            + (navigator.profile == .ios ? "iOS" : "Android") + " runs onFalse"
            + (truthy ? " (\(navigator.profile.rawValue) rule; web runs onTrue)" : "")
        }
      log.append(Diagnostic(.note, message, pointer: pointer.appending("condition")))
      if navigator.profile == .web { isTrue = truthy }
    }
    let branch = isTrue ? "onTrue" : "onFalse"
    if coverage != nil { recordCoverage(of: action, origin: origin, branch: branch) }
    runNested(branch, of: action, origin: origin, implicits: implicits, depth: depth)
  }
}
