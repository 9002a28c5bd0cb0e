import BeagleExpressions
import BeagleJSON

extension Session {
  /// How many actions one step may run before the chain is cut off: a list of
  /// actions that keeps triggering itself (a confirm whose callback reopens it is
  /// fine; an action list nested 10 000 deep is not) ends with an error, not a hang.
  public static let maximumActionsPerStep = 10_000
  /// How deeply nested callbacks (`onTrue` inside `onSuccess` inside …) may run.
  public static let maximumActionDepth = 64

  /// Runs an event's actions in order, synchronously, as iOS does (docs/spec.md §3.1): each sees
  /// the effects of the ones before it; expressions are evaluated when the action
  /// runs, in the scope of the origin component plus the event's implicit context.
  ///
  /// - Parameters:
  ///   - event: the event's name (`onPress`, `onTrue`, …), for the log and analytics.
  ///   - origin: JSON Pointer of the component that owns the event, on the top screen.
  ///   - implicit: the event's implicit context (`onChange` = `{value}`, …), if any.
  public mutating func run(
    _ actions: [ActionNode], event: String, origin: JSONPointer,
    implicit: ImplicitContext? = nil, depth: Int = 0
  ) {
    run(
      actions, event: event, origin: originOnTop(origin), implicits: implicit.map { [$0] } ?? [],
      depth: depth)
  }

  /// Runs an event's actions for a component at `origin`, on the origin's screen
  /// even when another screen is on top by then.
  public mutating func run(
    _ actions: [ActionNode], event: String, origin: Origin,
    implicit: ImplicitContext? = nil, depth: Int = 0
  ) {
    run(actions, event: event, origin: origin, implicits: implicit.map { [$0] } ?? [], depth: depth)
  }

  /// Runs actions with a stack of implicit contexts, outermost first: a callback
  /// (`onSuccess`, `onTrue`, a dialog's buttons) sees its own context on top of those
  /// of the events around it (`onChange`, …), as iOS's nested context scopes do.
  ///
  /// - Parameter renderedScope: the origin's scope as the render found it (``settle()``)
  ///   and the ``ActionContext/stateVersion`` it holds for: used while nothing changed.
  mutating func run(
    _ actions: [ActionNode], event: String, origin: Origin, implicits: [ImplicitContext],
    depth: Int, renderedScope: (scope: ContextScope, version: Int)? = nil
  ) {
    // What the actions report is placed on the origin's screen, or in the action.
    let outerSite = context.reportingSite
    context.reportingSite = ReportingSite(screen: origin.screen)
    defer { context.reportingSite = outerSite }
    guard depth <= Self.maximumActionDepth else {
      report(ActionChainMessage.nestedTooDeep(limit: Self.maximumActionDepth), at: origin.path)
      return
    }
    for action in actions {
      guard context.stepRecord.actionCount < Self.maximumActionsPerStep else {
        context.report(
          ActionChainMessage.tooManyActions(limit: Self.maximumActionsPerStep),
          at: action.location)
        return
      }
      context.stepRecord.actionCount += 1
      context.reportingSite?.action = action.location
      execute(
        action, event: event, origin: origin, implicits: implicits, depth: depth,
        renderedScope: renderedScope)
      context.reportingSite = ReportingSite(screen: origin.screen)
    }
  }

  private mutating func execute(
    _ action: ActionNode, event: String, origin: Origin,
    implicits: [ImplicitContext], depth: Int, renderedScope: (scope: ContextScope, version: Int)?
  ) {
    let found: ContextScope?
    if let renderedScope, renderedScope.version == context.stateVersion {
      found = renderedScope.scope
    } else {
      found = self.scope(at: origin)
    }
    guard var scope = found else {
      report(
        ActionChainMessage.screenGone(event: event, type: action.typeName),
        at: action.location.pointer)
      return
    }
    for implicit in implicits { scope = scope.pushing(id: implicit.id, value: implicit.value) }
    let fields = PropertyEvaluator(evaluator: evaluator)

    // A setContext value is evaluated once, within the value limits: the action list shows
    // what is written, or the expression as written when it is refused.
    let setContextValue =
      action.builtIn == .setContext
      ? action.fields["value"].map { fields.evaluateDeeplyWithinLimits($0, in: scope) } : nil
    var shown = action
    shown.fields = Self.shownFields(
      of: action, setContextValue: setContextValue, evaluator: fields, scope: scope)
    context.stepRecord.actions.append(ExecutedAction(action, event: event, evaluated: shown))
    if context.coverage != nil { context.recordCoverage(of: action, origin: origin) }
    context.recordActionAnalytics(action, event: event, origin: origin, scope: scope)
    let pointer = action.location.pointer

    guard action.isKnown else {
      report(ActionChainMessage.unknownAction(action.type), at: pointer)
      return
    }
    // A custom action: the app would handle it; beagle-run records it with its
    // evaluated fields (in the step's actions).
    guard let builtIn = action.builtIn else { return }
    let call = ActionCall(
      action: action, event: event, origin: origin, implicits: implicits, depth: depth,
      scope: scope)
    // The family chooses the executor: each family's file (Actions/<Family>/) holds its
    // definitions, its summary and its `execute(_:in:)` over the ActionContext; what
    // an executor returns (a condition's branch, a form's handler) runs here.
    switch builtIn.family {
    case .navigation:
      NavigationActions.execute(call, in: &context)
    case .context:
      SetContextAction.execute(call, value: setContextValue, in: &context)
    case .request:
      SendRequestAction.execute(call, in: &context)
    case .alert:
      AlertActions.execute(call, in: &context)
    case .condition:
      if let branch = ConditionAction.execute(call, in: &context) { run(branch) }
    case .children:
      AddChildrenAction.execute(call, in: &context)
    case .form:
      if let handler = FormActions.execute(call, in: &context) { run(handler) }
    }
  }

  /// The fields of `action` as the step's action list shows them: evaluated deeply,
  /// except `route` (as written) and a setContext's `value` (what is written, or the
  /// expression when it was refused). Fields still in their document are read there:
  /// only those that may hold a template are read and replaced.
  private static func shownFields(
    of action: ActionNode, setContextValue: Result<JSONValue, ExpressionError>?,
    evaluator fields: PropertyEvaluator, scope: ContextScope
  ) -> LazyJSONObject {
    guard let (document, values) = action.fields.source else {
      return LazyJSONObject(
        JSONObject(
          action.fields.members.map { key, raw in
            if key == "value", let setContextValue {
              if case .success(let value) = setContextValue { return (key, value) }
              return (key, raw)
            }
            return (key, key == "route" ? raw : fields.evaluateDeeply(raw, in: scope))
          }))
    }
    var patches: [MemberPatch] = []
    for position in values.indices {
      let valueIndex = Int(values[position])
      if let setContextValue, document.key(ofValueAt: valueIndex, equals: "value") {
        if case .success(let value) = setContextValue {
          patches.append(MemberPatch(position: position, value: value))
        }
        continue
      }
      guard document.mayHoldTemplateText(inValueAt: valueIndex),
        !document.key(ofValueAt: valueIndex, equals: "route")
      else { continue }
      let raw = document.node(atTapeIndex: valueIndex).value
      patches.append(MemberPatch(position: position, value: fields.evaluateDeeply(raw, in: scope)))
    }
    return action.fields.replacingMembers(patches)
  }

  /// Logs what an action reports about the value at `pointer`.
  mutating func report(_ message: some ActionMessage, at pointer: JSONPointer? = nil) {
    context.report(message, at: pointer)
  }

  /// Logs what an action reports about the node at `location`, placed there.
  mutating func report(_ message: some ActionMessage, at location: SourceLocation) {
    context.report(message, at: location)
  }

  /// Runs what an executor left to run next.
  private mutating func run(_ nested: NestedRun) {
    run(
      nested.actions, event: nested.event, origin: nested.origin, implicits: nested.implicits,
      depth: nested.depth)
  }
}
