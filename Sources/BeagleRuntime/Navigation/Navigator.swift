import BeagleJSON

/// The navigation state of a run: a stack of stacks of screens, as a value.
///
/// The current screen is the top of the last stack. Each operation mutates the
/// value and returns a ``NavigationEvent`` saying what happened; the operations
/// take the destination screen already obtained (fetched, or fallen back), because
/// Beagle changes the stacks only once a destination exists (docs/spec.md §3.5).
///
/// Semantics are Beagle iOS's (`BeagleNavigator.swift`); ``profile`` switches to
/// the web or Android rules where the spec's "edge cases side by side" table says
/// they differ. An operation that changes nothing returns an event of kind
/// ``NavigationEvent/Kind-swift.enum/none`` with a log line saying why.
///
/// ```swift
/// var navigator = Navigator(root: home)           // [[/home]]
/// navigator.push(cart).kind                       // .push    [[/home, /cart]]
/// navigator.pushStack(login).kind                 // .present [[/home, /cart], [/login]]
/// navigator.pop().kind                            // .dismiss [[/home, /cart]]
/// navigator.popToView(route: "/home").to          // "/home"  [[/home]]
/// navigator.pop().kind                            // .none: the root stack stays
/// ```
///
/// Invariants: there is always at least one stack and no stack is empty (both
/// hold by construction), and after a change the event's `to` is the route of
/// ``topScreen``.
public struct Navigator: Sendable, Equatable {
  /// Which platform's rules apply where Beagle's platforms differ.
  public var profile: NavigationProfile
  /// The animations the events report.
  public var animation: NavigationAnimation
  /// The app's custom navigation controllers by id (the manifest's
  /// `navigation.controllers`); nil when none are declared, and then a
  /// `controllerId` is kept as written.
  public var controllers: [String: String]?
  /// The bottom stack, which is never dismissed.
  private var rootStack: NavigationStack
  /// The stacks presented over the root stack, bottom first.
  private var presented: [NavigationStack]
  /// The URLs handed to the system by `openExternalURL`, in order.
  public private(set) var externalURLs: [String]
  /// The serial the next screen that enters the navigator receives.
  private var nextSerial: Int

  /// A navigator whose only stack holds `root`, as a session starts.
  public init(
    root: Screen, controllerId: String? = nil, profile: NavigationProfile = .ios,
    animation: NavigationAnimation = NavigationAnimation()
  ) {
    self.profile = profile
    self.animation = animation
    var root = root
    root.serial = 1
    self.rootStack = NavigationStack(root: root, controllerId: controllerId)
    self.presented = []
    self.externalURLs = []
    self.nextSerial = 2
  }

  // MARK: - State

  /// The stacks, bottom first (never empty).
  public var stacks: [NavigationStack] { [rootStack] + presented }

  /// The last stack.
  public var currentStack: NavigationStack { presented.last ?? rootStack }

  /// The screen on top of the last stack.
  public var topScreen: Screen { currentStack.top }

  // MARK: - Operations

  /// pushView: appends `screen` to the current stack.
  ///
  /// Pushing the route already on top adds a second copy, as UINavigationController
  /// does with the new view controller Beagle creates (the spec is silent; web and
  /// Android push too); the log says so.
  @discardableResult
  public mutating func push(_ screen: Screen) -> NavigationEvent {
    let screen = admitted(screen)
    let from = topScreen.route
    var log: [String] = []
    if screen.route == from {
      log.append(
        "route '\(from)' is already on top; pushView pushes a second copy \(profile.ruleName)")
    }
    updateCurrentStack { $0.push(screen) }
    return changed(.pushView, .push, from: from, style: .push, log: log)
  }

  /// popView: removes the top screen of the current stack.
  ///
  /// On the root screen of a presented stack it dismisses that stack (as
  /// ``popStack()``); on the only screen of the only stack nothing happens (iOS,
  /// and web which logs an error; Android would close the app).
  @discardableResult
  public mutating func pop() -> NavigationEvent {
    let from = topScreen.route
    var didPop = false
    updateCurrentStack { didPop = $0.popAboveRoot() }
    if didPop { return changed(.popView, .pop, from: from, style: .pop) }
    if presented.popLast() != nil {
      let how =
        switch profile {
        case .ios: "dismisses the stack, as popStack does"
        case .web: "removes the emptied stack, as popStack does"
        case .android: "finishes the stack's activity, as popStack does"
        }
      return changed(
        .popView, .dismiss, from: from, style: .dismiss,
        log: ["popView on the root screen of a presented stack \(how) \(profile.ruleName)"])
    }
    let message =
      switch profile {
      case .ios:
        "popView on the only screen of the only stack does nothing \(profile.ruleName)"
      case .web:
        "error: can't pop view: the navigator has a single stack with a single screen"
          + " \(profile.ruleName)"
      case .android:
        "popView on the only screen of the only stack would close the app"
          + " \(profile.ruleName); nothing happens"
      }
    return unchanged(.popView, from: from, log: [message])
  }

  /// popToView: removes every screen above the screen of the current stack that
  /// `route` identifies.
  ///
  /// Only the current stack is searched. iOS and Android go to the most recent
  /// match, web to the oldest. Not found, or found on top: nothing changes and the
  /// log says why.
  ///
  /// - Parameters:
  ///   - route: The route as the action gives it (after expression evaluation).
  ///   - matches: Whether a screen has that identity. The default compares the
  ///     route and the identifier exactly (web's rule); pass
  ///     ``matchingBuiltURLs(_:)`` for iOS's comparison of absolute URLs.
  @discardableResult
  public mutating func popToView(
    route: String, matching matches: (Screen, String) -> Bool = Navigator.matchesExactly
  ) -> NavigationEvent {
    let from = topScreen.route
    let screens = currentStack.screens
    let matching = screens.indices.filter { matches(screens[$0], route) }
    let target = profile == .web ? matching.first : matching.last
    guard let target else {
      var log = ["route '\(route)' does not exist in the current stack \(profile.ruleName)"]
      if profile != .web,
        let exact = screens.last(where: { Navigator.matchesExactly($0, route) })
      {
        log.append(
          "web would pop to '\(exact.route)', whose \(exact.isLocal ? "id" : "route") is exactly '\(route)'"
        )
      }
      if stacks.dropLast().contains(where: { $0.screens.contains { matches($0, route) } }) {
        log.append("route '\(route)' is in another stack; popToView searches the current one only")
      }
      return unchanged(.popToView, from: from, log: log)
    }
    var log: [String] = []
    if matching.count > 1 {
      let which = profile == .web ? "the oldest" : "the most recent"
      log.append(
        "\(matching.count) screens match '\(route)'; popToView goes to \(which) \(profile.ruleName)"
      )
    }
    guard target < screens.count - 1 else {
      log.append("route '\(route)' is already on top; popToView changes nothing")
      return unchanged(.popToView, from: from, log: log)
    }
    updateCurrentStack { $0.keep(through: target) }
    return changed(.popToView, .pop, from: from, style: .pop, log: log)
  }

  /// pushStack: presents a new stack holding only `screen`.
  @discardableResult
  public mutating func pushStack(
    _ screen: Screen, controllerId: String? = nil
  )
    -> NavigationEvent
  {
    let screen = admitted(screen)
    let from = topScreen.route
    var log: [String] = []
    let controller = resolvedController(controllerId, log: &log)
    presented.append(NavigationStack(root: screen, controllerId: controller))
    var event = changed(.pushStack, .present, from: from, style: .present, log: log)
    event.controller = declared(controller)
    return event
  }

  /// popStack: dismisses the current stack; on the root stack nothing happens (iOS,
  /// and web which logs an error; Android would close the app).
  @discardableResult
  public mutating func popStack() -> NavigationEvent {
    let from = topScreen.route
    if presented.popLast() != nil {
      return changed(.popStack, .dismiss, from: from, style: .dismiss)
    }
    let message =
      switch profile {
      case .ios: "popStack on the root stack does nothing \(profile.ruleName)"
      case .web: "error: can't pop stack: the navigator has a single stack \(profile.ruleName)"
      case .android:
        "popStack on the only stack would close the app \(profile.ruleName); nothing happens"
      }
    return unchanged(.popStack, from: from, log: [message])
  }

  /// resetStack: replaces the current stack's screens with `screen`.
  ///
  /// iOS does not read `controllerId` here (the stack keeps its controller); web
  /// and Android honour it.
  @discardableResult
  public mutating func resetStack(
    _ screen: Screen, controllerId: String? = nil
  )
    -> NavigationEvent
  {
    let screen = admitted(screen)
    let from = topScreen.route
    var log: [String] = []
    let controller: String?
    if profile == .ios {
      controller = currentStack.controllerId
      if let controllerId, controllerId != controller {
        log.append(
          "resetStack ignores controllerId '\(controllerId)' \(profile.ruleName);"
            + " web and android honour it")
      }
    } else {
      controller = resolvedController(controllerId, log: &log)
    }
    let stack = NavigationStack(root: screen, controllerId: controller)
    if presented.isEmpty {
      rootStack = stack
    } else {
      presented[presented.count - 1] = stack
    }
    var event = changed(.resetStack, .reset, from: from, style: .replace, log: log)
    event.controller = declared(controller)
    return event
  }

  /// resetApplication: the state becomes one stack holding only `screen`.
  @discardableResult
  public mutating func resetApplication(
    _ screen: Screen, controllerId: String? = nil
  )
    -> NavigationEvent
  {
    let screen = admitted(screen)
    let from = topScreen.route
    var log: [String] = []
    let controller = resolvedController(controllerId, log: &log)
    rootStack = NavigationStack(root: screen, controllerId: controller)
    presented = []
    var event = changed(.resetApplication, .reset, from: from, style: .replace, log: log)
    event.controller = declared(controller)
    return event
  }

  /// openNativeRoute: pushes the native `screen` the deep-link handler produced, or
  /// with `shouldResetApplication` makes it the only screen.
  ///
  /// web turns the action into a browser navigation and ignores
  /// `shouldResetApplication`; under the web profile the screen is pushed and the
  /// log says so.
  @discardableResult
  public mutating func openNativeRoute(
    _ screen: Screen, shouldResetApplication: Bool
  )
    -> NavigationEvent
  {
    let screen = admitted(screen)
    let from = topScreen.route
    if profile == .web {
      updateCurrentStack { $0.push(screen) }
      return changed(
        .openNativeRoute, .native, from: from, style: .push,
        log: [
          "openNativeRoute is a browser navigation to '\(screen.route)' that ignores"
            + " shouldResetApplication \(profile.ruleName); the screen is pushed"
        ])
    }
    if shouldResetApplication {
      rootStack = NavigationStack(root: screen, controllerId: nil)
      presented = []
      return changed(.openNativeRoute, .native, from: from, style: .replace)
    }
    updateCurrentStack { $0.push(screen) }
    return changed(.openNativeRoute, .native, from: from, style: .push)
  }

  /// openExternalURL: records `url` as handed to the system; the stacks do not change.
  @discardableResult
  public mutating func openExternalURL(_ url: String) -> NavigationEvent {
    externalURLs.append(url)
    return NavigationEvent(
      operation: .openExternalURL, kind: .external, from: topScreen.route, to: url,
      direction: nil, transition: nil)
  }

  // MARK: - Route identity

  /// Web's identity rule (`default-web-navigator.ts`, `getRouteId`): a remote
  /// screen's URL as the route wrote it, a local screen's `id`, equal to `route`
  /// exactly.
  public static func matchesExactly(_ screen: Screen, _ route: String) -> Bool {
    screen.isLocal ? screen.node.id == route : screen.route == route
  }

  /// iOS's identity rule (`BeagleNavigator.swift`, `isViewController`): a remote
  /// screen matches when its URL and `route`, both made absolute with `builder`,
  /// are equal (two URLs that do not build are equal too, as iOS compares two nil
  /// optionals); a local screen when its `identifier` is `route`. A remote
  /// screen's payload `identifier` or `id` never counts.
  public static func matchingBuiltURLs(
    _ builder: URLBuilder
  )
    -> @Sendable (Screen, String) ->
    Bool
  {
    { screen, route in
      if screen.isLocal { return screen.iOSIdentifier == route }
      return builder.build(path: screen.route) == builder.build(path: route)
    }
  }

  /// Android's identity rule (`BeagleActivity.kt`, the fragment's back-stack name):
  /// a remote screen's URL after URL building, a local screen's `identifier` or
  /// `id` (Android reads both).
  public static func matchingBackStackNames(
    _ builder: URLBuilder
  )
    -> @Sendable (Screen, String) ->
    Bool
  {
    { screen, route in
      if screen.isLocal { return screen.identifier == route }
      guard let expected = builder.build(path: route) else { return false }
      return builder.build(path: screen.route) == expected
    }
  }

  /// The identity rule of `profile` (docs/spec.md §3.5).
  public static func identityRule(
    for profile: NavigationProfile, builder: URLBuilder
  ) -> @Sendable (Screen, String) -> Bool {
    switch profile {
    case .ios: matchingBuiltURLs(builder)
    case .web: { matchesExactly($0, $1) }
    case .android: matchingBackStackNames(builder)
    }
  }

  /// Changes the screen on top of the current stack in place (its context values),
  /// without navigating.
  public mutating func updateTopScreen(_ body: (inout Screen) -> Void) {
    updateCurrentStack { $0.updateTop(body) }
  }

  /// The screen with `serial` on any stack, or nil when it has left the navigator.
  /// Searched from the top (serials are unique), where the screen asked for nearly
  /// always is, without copying the stacks.
  public func screen(serial: Int) -> Screen? {
    for stack in presented.reversed() {
      if let screen = stack.screens.last(where: { $0.serial == serial }) { return screen }
    }
    return rootStack.screens.last(where: { $0.serial == serial })
  }

  /// Changes the screen with `serial` in place, wherever it is; returns whether it
  /// was found.
  @discardableResult
  public mutating func updateScreen(serial: Int, _ body: (inout Screen) -> Void) -> Bool {
    for index in presented.indices.reversed() where presented[index].update(serial: serial, body) {
      return true
    }
    return rootStack.update(serial: serial, body)
  }

  // MARK: - Helpers

  /// The controller a new stack gets for `controllerId`: with declared
  /// ``controllers``, the id when it is declared, else the default one (nil) and a
  /// log line (iOS's `navigationController(forId:)` and web's
  /// `getNavigationControllerById` both fall back to the default; web warns); without
  /// declared controllers, the id as written.
  private func resolvedController(_ controllerId: String?, log: inout [String]) -> String? {
    guard let controllers, let controllerId else { return controllerId }
    if controllers[controllerId] != nil { return controllerId }
    let known = controllers.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
    log.append(
      "controllerId '\(controllerId)' is not in navigation.controllers"
        + (known.isEmpty ? "" : " (\(known))") + "; the default navigation controller is used")
    return nil
  }

  /// `controller` when it is one of the declared ``controllers``.
  private func declared(_ controller: String?) -> String? {
    guard let controller, controllers?[controller] != nil else { return nil }
    return controller
  }

  /// `screen` with the next serial: every screen that enters the navigator gets
  /// its own, so two copies of one route stay distinct.
  private mutating func admitted(_ screen: Screen) -> Screen {
    var screen = screen
    screen.serial = nextSerial
    nextSerial += 1
    return screen
  }

  private mutating func updateCurrentStack(_ body: (inout NavigationStack) -> Void) {
    if presented.isEmpty {
      body(&rootStack)
    } else {
      body(&presented[presented.count - 1])
    }
  }

  private func changed(
    _ operation: NavigationOperation, _ kind: NavigationEvent.Kind, from: String,
    style: NavigationTransition.Style, log: [String] = []
  ) -> NavigationEvent {
    let to = topScreen.route
    return NavigationEvent(
      operation: operation, kind: kind, from: from, to: to,
      direction: NavigationDirection(from: from, to: to),
      transition: NavigationTransition(style, in: animation), log: log)
  }

  private func unchanged(
    _ operation: NavigationOperation, from: String, log: [String]
  )
    -> NavigationEvent
  {
    NavigationEvent(
      operation: operation, kind: .none, from: from, to: nil, direction: nil, transition: nil,
      log: log)
  }
}
