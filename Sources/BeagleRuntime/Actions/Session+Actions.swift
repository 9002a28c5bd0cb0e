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
  mutating func run(
    _ actions: [ActionNode], event: String, origin: Origin, implicits: [ImplicitContext],
    depth: Int
  ) {
    guard depth <= Self.maximumActionDepth else {
      log.append(
        Diagnostic(
          .error,
          "actions nested more than \(Self.maximumActionDepth) levels deep; the chain is cut off",
          pointer: origin.path))
      return
    }
    for action in actions {
      guard actionCount < Self.maximumActionsPerStep else {
        log.append(
          Diagnostic(
            .error,
            "more than \(Self.maximumActionsPerStep) actions in one step; the chain is cut off "
              + "(an action list that triggers itself?)", pointer: action.location.pointer))
        return
      }
      actionCount += 1
      execute(action, event: event, origin: origin, implicits: implicits, depth: depth)
    }
  }

  private mutating func execute(
    _ action: ActionNode, event: String, origin: Origin,
    implicits: [ImplicitContext], depth: Int
  ) {
    guard var scope = self.scope(at: origin) else {
      log.append(
        Diagnostic(
          .note,
          "\(event) → \(action.typeName) is skipped: its screen is no longer on a navigation "
            + "stack, so nothing it did would be visible",
          pointer: action.location.pointer))
      return
    }
    for implicit in implicits { scope = scope.pushing(id: implicit.id, value: implicit.value) }
    let fields = PropertyEvaluator(evaluator: evaluator)
    func value(_ name: String) -> JSONValue? {
      guard let raw = action.fields[name] else { return nil }
      return fields.evaluate(raw, as: action.definition?.field(name), in: scope)
    }
    func string(_ name: String) -> String? { value(name)?.stringValue }
    func nested(_ name: String) {
      guard let handler = action.event(name) else { return }
      run(handler.actions, event: name, origin: origin, implicits: implicits, depth: depth + 1)
    }

    // A setContext value is evaluated once, within the value limits: the action list shows
    // what is written, or the expression as written when it is refused.
    let setContextValue =
      action.builtIn == .setContext
      ? action.fields["value"].map { fields.evaluateDeeplyWithinLimits($0, in: scope) } : nil
    var shown = action
    shown.fields = JSONObject(
      action.fields.members.map { key, raw in
        if key == "value", let setContextValue {
          if case .success(let value) = setContextValue { return (key, value) }
          return (key, raw)
        }
        return (key, key == "route" ? raw : fields.evaluateDeeply(raw, in: scope))
      })
    executed.append(ExecutedAction(action, event: event, evaluated: shown))
    if coverage != nil { recordCoverage(of: action, origin: origin) }
    recordActionAnalytics(action, event: event, origin: origin, scope: scope)
    let pointer = action.location.pointer

    guard action.isKnown else {
      log.append(
        Diagnostic(
          .warning, "unknown action '\(action.type)' does nothing (iOS: UnknownAction)",
          pointer: pointer))
      return
    }
    // A custom action: the app would handle it; beagle-run records it with its
    // evaluated fields (in the step's actions).
    guard let builtIn = action.builtIn else { return }
    switch builtIn {
    case .setContext:
      let givenId = action.fields["contextId"] == nil ? nil : string("contextId") ?? ""
      let contextId = setContextTarget(givenId, origin: origin, at: pointer)
      var path: ContextPath?
      if let text = setContextPath(action.fields["path"]?.stringValue, contextId, at: pointer) {
        do {
          path = try ContextPath(parsing: text)
        } catch {
          log.append(
            Diagnostic(
              .error, "setContext: invalid path '\(text)': \(error.description); nothing happens",
              pointer: pointer.appending("path")))
          return
        }
      }
      var newValue = JSONValue.null
      if let setContextValue {
        switch setContextValue {
        case .success(let value):
          newValue = value
        case .failure(let error):
          log.append(
            Diagnostic(
              .error, "setContext: \(error.refusal); nothing happens",
              pointer: pointer.appending("value")))
          return
        }
      }
      if newValue.isNull, navigator.profile == .android {
        log.append(
          Diagnostic(
            .warning,
            "setContext: the value is null, which Android refuses: '\(contextId)' keeps its value "
              + "(android rule; iOS and web write null)", pointer: pointer.appending("value")))
        return
      }
      if var problem = writeContext(contextId, path: path, value: newValue, origin: origin) {
        if problem.severity == .error { problem.pointer = pointer.appending("value") }
        log.append(problem)
      }
    case .condition:
      let condition = value("condition")
      var isTrue = condition == .bool(true)
      if condition != .bool(true), condition != .bool(false) {
        // Web uses JavaScript truthiness of the value as evaluated, untyped (docs/spec.md §7.3,
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
      nested(branch)
    case .alert, .confirm:
      let isConfirm = builtIn == .confirm
      guard dialog == nil else {
        log.append(
          Diagnostic(
            .warning, "a dialog is already open; iOS cannot present another one over it",
            pointer: pointer))
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
    case .openExternalURL, .openNativeRoute, .pushView, .popView, .popToView, .pushStack,
      .popStack, .resetStack, .resetApplication:
      executeNavigation(action, scope: scope, origin: origin)
    case .addChildren:
      addChildren(action, origin: origin, scope: scope, fields: fields)
    case .submitForm:
      submitForm(action, origin: origin, depth: depth)
    case .sendRequest:
      sendRequest(action, origin: origin, implicits: implicits, depth: depth, scope: scope)
    case .formValidation, .formLocalAction, .formRemoteAction:
      log.append(
        Diagnostic(
          .warning, "'\(action.typeName)' is deprecated and not executed", pointer: pointer))
    }
  }
}
