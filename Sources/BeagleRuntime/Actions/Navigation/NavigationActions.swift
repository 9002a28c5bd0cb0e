import BeagleExpressions
import BeagleJSON

/// The navigation actions (docs/spec.md §3.3, §3.5): `beagle:pushView`, `beagle:popView`,
/// `beagle:popToView`, `beagle:pushStack`, `beagle:popStack`, `beagle:resetStack`,
/// `beagle:resetApplication`, `beagle:openExternalURL` and `beagle:openNativeRoute`.
///
/// How a destination is obtained is in `ActionContext+Destination.swift`, the
/// `navigationContext` in `ActionContext+NavigationContext.swift`, deep links in
/// `ActionContext+DeepLink.swift` and prefetching in `ActionContext+Prefetch.swift`, beside this file.
enum NavigationActions {
  static let definitions: [ActionDefinition] = [
    ActionDefinition(
      .openExternalURL,
      fields: [
        FieldSpec("url", .string, isRequired: true, acceptsExpression: true), BuiltIns.analytics,
      ]),
    ActionDefinition(
      .openNativeRoute,
      fields: [
        FieldSpec("route", .string, isRequired: true, acceptsExpression: true),
        FieldSpec("data", .object),
        FieldSpec("shouldResetApplication", .bool, isRequired: true), BuiltIns.analytics,
      ]),
    ActionDefinition(
      .pushView,
      fields: [
        FieldSpec("route", .route, isRequired: true), BuiltIns.navigationContext,
        BuiltIns.analytics,
      ]),
    ActionDefinition(.popView, fields: [BuiltIns.navigationContext, BuiltIns.analytics]),
    ActionDefinition(
      .popToView,
      fields: [
        FieldSpec("route", .string, isRequired: true, acceptsExpression: true),
        BuiltIns.navigationContext, BuiltIns.analytics,
      ]),
    ActionDefinition(
      .pushStack,
      fields: [
        FieldSpec("route", .route, isRequired: true), FieldSpec("controllerId", .string),
        BuiltIns.navigationContext, BuiltIns.analytics,
      ]),
    ActionDefinition(.popStack, fields: [BuiltIns.navigationContext, BuiltIns.analytics]),
    ActionDefinition(
      .resetStack,
      fields: [
        FieldSpec("route", .route, isRequired: true), FieldSpec("controllerId", .string),
        BuiltIns.navigationContext, BuiltIns.analytics,
      ]),
    ActionDefinition(
      .resetApplication,
      fields: [
        FieldSpec("route", .route, isRequired: true), FieldSpec("controllerId", .string),
        BuiltIns.navigationContext, BuiltIns.analytics,
      ]),
  ]

  /// `pushView /cart`, `popToView /home`, `openExternalURL https://…`; pops show their fields.
  static func writeSummary(of action: ActionNode, into output: inout [UInt8]) {
    let fields = action.fields
    switch action.builtIn {
    case .pushView, .pushStack, .resetStack, .resetApplication:
      output.append(UInt8(ascii: " "))
      ActionSummary.appendRoute(fields.member(named: "route"), to: &output)
    case .popToView, .openNativeRoute:
      output.append(UInt8(ascii: " "))
      ActionSummary.appendText(fields.member(named: "route"), to: &output)
    case .openExternalURL:
      output.append(UInt8(ascii: " "))
      ActionSummary.appendText(fields.member(named: "url"), to: &output)
    default:
      ActionSummary.writeFields(of: action, into: &output)
    }
  }
}

extension NavigationActions {
  /// Runs a navigation action (docs/spec.md §3.5, iOS unless the profile says otherwise): obtains
  /// the destination first, changes the stacks, writes the action's
  /// `navigationContext` into the screen now on top, and lets that screen appear.
  static func execute(_ call: ActionCall, in context: inout ActionContext) {
    let action = call.action
    let scope = call.scope
    let pointer = call.pointer
    func string(_ name: String) -> String? {
      context.evaluatedField(name, of: action, in: scope)?.stringValue
    }
    // Evaluated at action time in the origin's scope (iOS 2.x, web): a reset takes
    // the origin screen off the stacks.
    let navigationContext = context.navigationContext(of: action, scope: scope)
    switch action.builtIn {
    case .pushView, .pushStack, .resetStack, .resetApplication:
      guard let destination = context.destination(of: action, scope: scope) else { return }
      let controllerId = string("controllerId")
      switch action.builtIn {
      case .pushView:
        context.navigate(
          { $0.push(destination) }, origin: pointer, navigationContext: navigationContext)
      case .pushStack:
        context.navigate(
          { $0.pushStack(destination, controllerId: controllerId) }, origin: pointer,
          navigationContext: navigationContext)
      case .resetStack:
        context.navigate(
          { $0.resetStack(destination, controllerId: controllerId) }, origin: pointer,
          navigationContext: navigationContext)
      default:
        context.navigate(
          { $0.resetApplication(destination, controllerId: controllerId) }, origin: pointer,
          navigationContext: navigationContext)
      }
    case .popView:
      context.navigate({ $0.pop() }, origin: pointer, navigationContext: navigationContext)
    case .popStack:
      context.navigate({ $0.popStack() }, origin: pointer, navigationContext: navigationContext)
    case .popToView:
      let route = string("route") ?? ""
      let isWeb = context.navigator.profile == .web
      let rule = Navigator.identityRule(for: context.navigator.profile, builder: context.urlBuilder)
      // iOS 2.x writes the context into the target it found even when the target is
      // already on top (nothing is popped); web changes nothing then.
      let isTargetOnTop = !isWeb && rule(context.navigator.topScreen, route)
      context.navigate(
        { $0.popToView(route: route, matching: rule) }, origin: pointer,
        navigationContext: navigationContext)
      if isTargetOnTop, let navigationContext,
        let written = context.withinLimits(
          navigationContext.applied(to: context.navigator.topScreen.navigationContext))
      {
        context.navigator.updateTopScreen { $0.navigationContext = written }
      }
    case .openExternalURL:
      let url = string("url") ?? ""
      context.navigate({ $0.openExternalURL(url) }, origin: pointer)
    case .openNativeRoute:
      context.openNativeRoute(action, scope: scope, origin: call.origin)
    case .setContext, .sendRequest, .alert, .confirm, .condition, .addChildren, .submitForm,
      .formValidation, .formLocalAction, .formRemoteAction, nil:
      context.report(
        NavigationMessage.notANavigationAction(type: action.typeName), at: pointer)
    }
  }
}

extension ActionContext {
  /// After a navigator operation: when the stacks changed, the action's
  /// `navigationContext` is written into the screen now on top, which then appears.
  mutating func didNavigate(_ event: NavigationEvent, navigationContext: NavigationContext?) {
    guard event.changedStacks else { return }
    if let navigationContext,
      let written = withinLimits(
        navigationContext.applied(to: navigator.topScreen.navigationContext))
    {
      navigator.updateTopScreen { $0.navigationContext = written }
    }
    topScreenAppeared()
  }

  /// `navigationContext` when it is within the evaluator's limits; otherwise nil and an
  /// error (a navigation context written into itself on every visit keeps growing).
  fileprivate mutating func withinLimits(_ navigationContext: JSONValue) -> JSONValue? {
    guard let violation = evaluator.limits.violation(of: navigationContext) else {
      return navigationContext
    }
    report(NavigationMessage.navigationContextTooLarge(violation))
    return nil
  }

  /// What happens when a screen comes to the top: a screen analytics record (iOS
  /// creates one on every appearance); on its first appearance, the prefetches of
  /// its buttons (iOS prefetches when a button is rendered).
  mutating func topScreenAppeared() {
    let top = navigator.topScreen
    recordScreenAnalytics(top)
    guard top.serial > navigationMemory.lastPreparedSerial else { return }
    navigationMemory.lastPreparedSerial = top.serial
    prefetchRoutes(of: top)
  }
}
