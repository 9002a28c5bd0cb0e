import BeagleJSON
import BeagleRendering
import Testing

@testable import BeagleRuntime

/// One navigator operation, as a table row can name it.
enum NavigatorStep: Sendable, CustomStringConvertible {
  case push(String)
  case pop
  case popTo(String)
  case pushStack(String)
  case popStack
  case resetStack(String)
  case resetApplication(String)
  case native(String, reset: Bool)
  case external(String)

  func apply(to navigator: inout Navigator) -> NavigationEvent {
    switch self {
    case .push(let route): navigator.push(screen(route))
    case .pop: navigator.pop()
    case .popTo(let route): navigator.popToView(route: route)
    case .pushStack(let route): navigator.pushStack(screen(route))
    case .popStack: navigator.popStack()
    case .resetStack(let route): navigator.resetStack(screen(route))
    case .resetApplication(let route): navigator.resetApplication(screen(route))
    case .native(let route, let reset):
      navigator.openNativeRoute(screen(route), shouldResetApplication: reset)
    case .external(let url): navigator.openExternalURL(url)
    }
  }

  var description: String {
    switch self {
    case .push(let route): "pushView \(route)"
    case .pop: "popView"
    case .popTo(let route): "popToView \(route)"
    case .pushStack(let route): "pushStack \(route)"
    case .popStack: "popStack"
    case .resetStack(let route): "resetStack \(route)"
    case .resetApplication(let route): "resetApplication \(route)"
    case .native(let route, let reset): "openNativeRoute \(route) reset \(reset)"
    case .external(let url): "openExternalURL \(url)"
    }
  }
}

struct NavigatorRow: Sendable, CustomTestStringConvertible {
  var name: String
  var profile: NavigationProfile = .ios
  var before: [[String]]
  var operation: NavigatorStep
  var after: [[String]]
  var kind: NavigationEvent.Kind
  var log: [String] = []

  var testDescription: String { "\(profile.rawValue): \(name)" }
}

/// Expected values from docs/spec.md §3.5 (iOS operations table, web operations table,
/// edge cases side by side) and docs/spec.md §10 items 7–10.
private let rows: [NavigatorRow] = [
  // iOS operations table
  NavigatorRow(
    name: "pushView appends to the current stack", before: [["/a"], ["/b"]],
    operation: .push("/c"), after: [["/a"], ["/b", "/c"]], kind: .push),
  NavigatorRow(
    name: "popView removes the top screen", before: [["/a", "/b"]], operation: .pop,
    after: [["/a"]], kind: .pop),
  NavigatorRow(
    name: "popView on the root of a presented stack dismisses it",
    before: [["/a", "/b"], ["/c"]], operation: .pop, after: [["/a", "/b"]], kind: .dismiss,
    log: [
      "popView on the root screen of a presented stack dismisses the stack,"
        + " as popStack does (ios rule)"
    ]),
  NavigatorRow(
    name: "popView on the only screen of the only stack does nothing", before: [["/a"]],
    operation: .pop, after: [["/a"]], kind: .none,
    log: ["popView on the only screen of the only stack does nothing (ios rule)"]),
  NavigatorRow(
    name: "popToView removes the screens above the match", before: [["/a", "/b", "/c", "/d"]],
    operation: .popTo("/b"), after: [["/a", "/b"]], kind: .pop),
  NavigatorRow(
    name: "popToView goes to the most recent match", before: [["/a", "/b", "/a", "/c"]],
    operation: .popTo("/a"), after: [["/a", "/b", "/a"]], kind: .pop,
    log: ["2 screens match '/a'; popToView goes to the most recent (ios rule)"]),
  NavigatorRow(
    name: "popToView with a route not in the stack changes nothing", before: [["/a", "/b"]],
    operation: .popTo("/x"), after: [["/a", "/b"]], kind: .none,
    log: ["route '/x' does not exist in the current stack (ios rule)"]),
  NavigatorRow(
    name: "popToView does not search other stacks", before: [["/a", "/b"], ["/c", "/d"]],
    operation: .popTo("/a"), after: [["/a", "/b"], ["/c", "/d"]], kind: .none,
    log: [
      "route '/a' does not exist in the current stack (ios rule)",
      "route '/a' is in another stack; popToView searches the current one only",
    ]),
  NavigatorRow(
    name: "popToView to the top screen changes nothing", before: [["/a", "/b"]],
    operation: .popTo("/b"), after: [["/a", "/b"]], kind: .none,
    log: ["route '/b' is already on top; popToView changes nothing"]),
  NavigatorRow(
    name: "popToView within a presented stack", before: [["/a"], ["/b", "/c", "/d"]],
    operation: .popTo("/b"), after: [["/a"], ["/b"]], kind: .pop),
  NavigatorRow(
    name: "pushStack presents a new stack", before: [["/a", "/b"]], operation: .pushStack("/c"),
    after: [["/a", "/b"], ["/c"]], kind: .present),
  NavigatorRow(
    name: "popStack dismisses the current stack", before: [["/a"], ["/b", "/c"]],
    operation: .popStack, after: [["/a"]], kind: .dismiss),
  NavigatorRow(
    name: "popStack on the root stack does nothing", before: [["/a", "/b"]],
    operation: .popStack, after: [["/a", "/b"]], kind: .none,
    log: ["popStack on the root stack does nothing (ios rule)"]),
  NavigatorRow(
    name: "resetStack replaces the current stack only", before: [["/a", "/b"], ["/c", "/d"]],
    operation: .resetStack("/e"), after: [["/a", "/b"], ["/e"]], kind: .reset),
  NavigatorRow(
    name: "resetStack on the root stack", before: [["/a", "/b"]],
    operation: .resetStack("/e"), after: [["/e"]], kind: .reset),
  NavigatorRow(
    name: "resetApplication replaces every stack", before: [["/a", "/b"], ["/c"]],
    operation: .resetApplication("/e"), after: [["/e"]], kind: .reset),
  NavigatorRow(
    name: "openNativeRoute pushes the native screen", before: [["/a"], ["/b"]],
    operation: .native("native/profile", reset: false), after: [["/a"], ["/b", "native/profile"]],
    kind: .native),
  NavigatorRow(
    name: "openNativeRoute with shouldResetApplication makes it the only screen",
    before: [["/a", "/b"], ["/c"]], operation: .native("native/profile", reset: true),
    after: [["native/profile"]], kind: .native),
  NavigatorRow(
    name: "openExternalURL leaves the stacks as they are", before: [["/a", "/b"]],
    operation: .external("https://example.com"), after: [["/a", "/b"]], kind: .external),
  NavigatorRow(
    name: "pushing the route already on top pushes a second copy", before: [["/a", "/b"]],
    operation: .push("/b"), after: [["/a", "/b", "/b"]], kind: .push,
    log: ["route '/b' is already on top; pushView pushes a second copy (ios rule)"]),

  // web where it differs
  NavigatorRow(
    name: "popView on the only screen of the only stack logs an error", profile: .web,
    before: [["/a"]], operation: .pop, after: [["/a"]], kind: .none,
    log: ["error: can't pop view: the navigator has a single stack with a single screen (web rule)"]
  ),
  NavigatorRow(
    name: "popView on the root of a pushed stack removes the stack", profile: .web,
    before: [["/a"], ["/b"]], operation: .pop, after: [["/a"]], kind: .dismiss,
    log: [
      "popView on the root screen of a presented stack removes the emptied stack,"
        + " as popStack does (web rule)"
    ]),
  NavigatorRow(
    name: "popStack with a single stack logs an error", profile: .web, before: [["/a", "/b"]],
    operation: .popStack, after: [["/a", "/b"]], kind: .none,
    log: ["error: can't pop stack: the navigator has a single stack (web rule)"]),
  NavigatorRow(
    name: "popToView goes to the oldest match", profile: .web,
    before: [["/a", "/b", "/a", "/c"]], operation: .popTo("/a"), after: [["/a"]], kind: .pop,
    log: ["2 screens match '/a'; popToView goes to the oldest (web rule)"]),
  NavigatorRow(
    name: "popToView with a route not in the stack changes nothing", profile: .web,
    before: [["/a", "/b"]], operation: .popTo("/x"), after: [["/a", "/b"]], kind: .none,
    log: ["route '/x' does not exist in the current stack (web rule)"]),
  NavigatorRow(
    name: "openNativeRoute ignores shouldResetApplication", profile: .web,
    before: [["/a"], ["/b"]], operation: .native("profile", reset: true),
    after: [["/a"], ["/b", "profile"]], kind: .native,
    log: [
      "openNativeRoute is a browser navigation to 'profile' that ignores"
        + " shouldResetApplication (web rule); the screen is pushed"
    ]),

  // android where it differs
  NavigatorRow(
    name: "popView on the last screen would close the app", profile: .android,
    before: [["/a"]], operation: .pop, after: [["/a"]], kind: .none,
    log: [
      "popView on the only screen of the only stack would close the app (android rule);"
        + " nothing happens"
    ]),
  NavigatorRow(
    name: "popStack on the only stack would close the app", profile: .android,
    before: [["/a", "/b"]], operation: .popStack, after: [["/a", "/b"]], kind: .none,
    log: ["popStack on the only stack would close the app (android rule); nothing happens"]),
  NavigatorRow(
    name: "popView on the root of a presented stack finishes its activity", profile: .android,
    before: [["/a"], ["/b"]], operation: .pop, after: [["/a"]], kind: .dismiss,
    log: [
      "popView on the root screen of a presented stack finishes the stack's activity,"
        + " as popStack does (android rule)"
    ]),
  NavigatorRow(
    name: "popToView goes to the most recent match", profile: .android,
    before: [["/a", "/b", "/a", "/c"]], operation: .popTo("/a"), after: [["/a", "/b", "/a"]],
    kind: .pop, log: ["2 screens match '/a'; popToView goes to the most recent (android rule)"]),
]

@Suite struct NavigatorTests {
  @Test("operation", arguments: rows)
  func operation(_ row: NavigatorRow) {
    var subject = navigator(row.before, profile: row.profile)
    #expect(routes(subject) == row.before)
    let event = perform(&subject) { row.operation.apply(to: &$0) }
    #expect(routes(subject) == row.after)
    #expect(event.kind == row.kind)
    #expect(event.log == row.log)
  }

  @Test("a new navigator has one stack holding the root screen")
  func initial() {
    let subject = Navigator(root: screen("/home"), controllerId: "main")
    #expect(routes(subject) == [["/home"]])
    #expect(subject.currentStack.controllerId == "main")
    #expect(subject.topScreen.route == "/home")
    #expect(subject.profile == .ios)
  }

  @Test("every operation keeps the invariants, whatever the order")
  func longSequence() {
    var subject = Navigator(root: screen("/home"))
    let operations: [NavigatorStep] = [
      .pop, .popStack, .push("/a"), .push("/a"), .pushStack("/m"), .popTo("/a"), .push("/m/1"),
      .popTo("/m"), .pop, .pop, .popStack, .popTo("/home"), .resetStack("/r"), .pushStack("/s"),
      .resetStack("/t"), .native("n", reset: false), .external("mailto:x@y"), .pop, .pop, .pop,
      .resetApplication("/z"), .native("n2", reset: true), .pop,
    ]
    for operation in operations {
      perform(&subject) { operation.apply(to: &$0) }
    }
    #expect(routes(subject) == [["n2"]])
    #expect(subject.externalURLs == ["mailto:x@y"])
  }

  @Test("an event names its operation, origin, destination and direction")
  func eventFields() {
    var subject = navigator([["/news"]])
    let push = perform(&subject) { $0.push(screen("/news/1")) }
    #expect(push.operation == .pushView)
    #expect(push.from == "/news")
    #expect(push.to == "/news/1")
    #expect(push.direction == .deeper)
    let pop = perform(&subject) { $0.pop() }
    #expect(pop.operation == .popView)
    #expect(pop.to == "/news")
    #expect(pop.direction == .higher)
    let external = perform(&subject) { $0.openExternalURL("https://example.com/x") }
    #expect(external.to == "https://example.com/x")
    #expect(external.direction == nil)
    #expect(external.transition == nil)
    #expect(subject.externalURLs == ["https://example.com/x"])
  }

  @Test("resetStack keeps the stack's controller on iOS and says it ignored controllerId")
  func resetStackControllerIOS() {
    var subject = Navigator(root: screen("/a"))
    perform(&subject) { $0.pushStack(screen("/b"), controllerId: "modal") }
    let event = perform(&subject) { $0.resetStack(screen("/c"), controllerId: "other") }
    #expect(subject.currentStack.controllerId == "modal")
    #expect(
      event.log == [
        "resetStack ignores controllerId 'other' (ios rule); web and android honour it"
      ])
  }

  @Test(
    "resetStack honours controllerId on web and android",
    arguments: [
      NavigationProfile.web, .android,
    ])
  func resetStackControllerWeb(_ profile: NavigationProfile) {
    var subject = Navigator(root: screen("/a"), profile: profile)
    perform(&subject) { $0.pushStack(screen("/b"), controllerId: "modal") }
    let event = perform(&subject) { $0.resetStack(screen("/c"), controllerId: "other") }
    #expect(subject.currentStack.controllerId == "other")
    #expect(event.log == [])
  }

  @Test("pushStack and resetApplication set the controller of the new stack")
  func controllers() {
    var subject = Navigator(root: screen("/a"), controllerId: "main")
    perform(&subject) { $0.pushStack(screen("/b"), controllerId: "modal") }
    #expect(subject.stacks.map(\.controllerId) == ["main", "modal"])
    perform(&subject) { $0.resetApplication(screen("/c"), controllerId: "fresh") }
    #expect(subject.stacks.map(\.controllerId) == ["fresh"])
  }

  // iOS BeagleNavigatorTests.testRegisterNavigationController /
  // testDefaultNavigationWithCustom: a registered id gives its controller, no id the
  // default; web's getNavigationControllerById warns and uses the default for an unknown id.
  @Test("with navigation.controllers, pushStack uses the declared controller and reports it")
  func declaredControllers() {
    var subject = Navigator(root: screen("/a"))
    subject.controllers = ["modal": "ModalNavigationController"]
    let event = perform(&subject) { $0.pushStack(screen("/b"), controllerId: "modal") }
    #expect(event.controller == "modal")
    #expect(event.log.isEmpty)
    #expect(subject.stacks.map(\.controllerId) == [nil, "modal"])
    let unknown = perform(&subject) { $0.pushStack(screen("/c"), controllerId: "sheet") }
    #expect(unknown.controller == nil)
    #expect(
      unknown.log == [
        "controllerId 'sheet' is not in navigation.controllers ('modal'); the default navigation"
          + " controller is used"
      ])
    #expect(subject.stacks.map(\.controllerId) == [nil, "modal", nil])
    let none = perform(&subject) { $0.pushStack(screen("/d")) }
    #expect(none.controller == nil && none.log.isEmpty)
  }

  @Test(
    "resetStack: iOS keeps the stack's controller; web and android take the declared one",
    arguments: [(NavigationProfile.ios, "modal"), (.web, "sheet"), (.android, "sheet")])
  func resetStackController(profile: NavigationProfile, expected: String) {
    var subject = Navigator(root: screen("/a"), profile: profile)
    subject.controllers = ["modal": "Modal", "sheet": "Sheet"]
    perform(&subject) { $0.pushStack(screen("/b"), controllerId: "modal") }
    let event = perform(&subject) { $0.resetStack(screen("/c"), controllerId: "sheet") }
    #expect(event.controller == expected)
    #expect(subject.stacks.last?.controllerId == expected)
  }

  @Test("without navigation.controllers the controllerId is kept as written and not reported")
  func undeclaredControllers() {
    var subject = Navigator(root: screen("/a"))
    let event = perform(&subject) { $0.pushStack(screen("/b"), controllerId: "modal") }
    #expect(event.controller == nil && event.log.isEmpty)
    #expect(subject.stacks.map(\.controllerId) == [nil, "modal"])
  }

  @Test("popToView compares URLs after URL building with the iOS matcher")
  func builtURLIdentity() {
    let builder = URLBuilder(baseURL: "https://base")
    var subject = navigator([["/a", "https://base/b", "/c"]])
    let event = perform(&subject) {
      $0.popToView(route: "https://base/a", matching: Navigator.matchingBuiltURLs(builder))
    }
    #expect(event.kind == .pop)
    #expect(routes(subject) == [["/a"]])
    perform(&subject) { $0.push(screen("https://base/b")) }
    perform(&subject) { $0.push(screen("/c")) }
    let second = perform(&subject) {
      $0.popToView(route: "/b", matching: Navigator.matchingBuiltURLs(builder))
    }
    #expect(second.kind == .pop)
    #expect(routes(subject) == [["/a", "https://base/b"]])
  }

  @Test("popToView matches a local screen by its identifier")
  func identifierIdentity() {
    var subject = Navigator(root: screen("local-1", identifier: "home", isLocal: true))
    perform(&subject) { $0.push(screen("/x")) }
    let event = perform(&subject) {
      $0.popToView(route: "home", matching: Navigator.matchingBuiltURLs(URLBuilder()))
    }
    #expect(event.kind == .pop)
    #expect(routes(subject) == [["local-1"]])
  }

  // iOS BeagleNavigatorTests.test_popToView_absoluteURL: base `https://server.com/path/`,
  // stack [remote /screen, local, remote `remote`, current]; both the absolute URL and
  // `/screen` return to the first screen.
  @Test(
    "iOS test_popToView_absoluteURL: a remote screen matches by its URL made absolute",
    arguments: ["https://server.com/path/screen", "/screen"])
  func iOSAbsoluteURL(route: String) {
    let builder = URLBuilder(baseURL: "https://server.com/path/")
    var subject = Navigator(root: screen("/screen"))
    perform(&subject) { $0.push(screen("(local screen)", isLocal: true)) }
    perform(&subject) { $0.push(screen("remote")) }
    perform(&subject) { $0.push(screen("/current")) }
    let event = perform(&subject) {
      $0.popToView(route: route, matching: Navigator.matchingBuiltURLs(builder))
    }
    #expect(event.kind == .pop)
    #expect(routes(subject) == [["/screen"]])
  }

  // iOS BeagleNavigatorTests.test_popToView_byIdentifier: local screens "1", "2", "4";
  // popToView("2") leaves two screens (iOS's own third one is not a Beagle screen).
  @Test("iOS test_popToView_byIdentifier: local screens match by their identifier")
  func iOSByIdentifier() {
    var subject = Navigator(root: screen("1", identifier: "1", isLocal: true))
    perform(&subject) { $0.push(screen("2", identifier: "2", isLocal: true)) }
    perform(&subject) { $0.push(screen("4", identifier: "4", isLocal: true)) }
    let event = perform(&subject) {
      $0.popToView(route: "2", matching: Navigator.matchingBuiltURLs(URLBuilder()))
    }
    #expect(event.kind == .pop)
    #expect(routes(subject) == [["1", "2"]])
  }

  // iOS BeagleNavigatorTests.test_popToView_shouldNotNavigateWhenScreenIsNotFound.
  @Test("iOS test_popToView_shouldNotNavigateWhenScreenIsNotFound: nothing changes, a log")
  func iOSNotFound() {
    var subject = navigator([["/a", "/b", "/c"]])
    let event = perform(&subject) {
      $0.popToView(route: "screenURL1", matching: Navigator.matchingBuiltURLs(URLBuilder()))
    }
    #expect(event.kind == .none)
    #expect(routes(subject) == [["/a", "/b", "/c"]])
    #expect(event.log == ["route 'screenURL1' does not exist in the current stack (ios rule)"])
  }

  @Test("iOS: a remote screen is never matched by its payload's identifier or id")
  func iOSRemoteIgnoresIdentifier() {
    var subject = Navigator(root: screen("/home", identifier: "home", id: "main"))
    perform(&subject) { $0.push(screen("/x")) }
    for route in ["home", "main"] {
      let event = perform(&subject) {
        $0.popToView(route: route, matching: Navigator.matchingBuiltURLs(URLBuilder()))
      }
      #expect(event.kind == .none)
    }
    #expect(routes(subject) == [["/home", "/x"]])
  }

  @Test("iOS: a local screen is matched by its identifier, never by its id")
  func iOSLocalIgnoresId() {
    var subject = Navigator(root: screen("/home"))
    perform(&subject) { $0.push(screen("main", id: "main", isLocal: true)) }
    perform(&subject) { $0.push(screen("/x")) }
    let event = perform(&subject) {
      $0.popToView(route: "main", matching: Navigator.matchingBuiltURLs(URLBuilder()))
    }
    #expect(event.kind == .none)
    #expect(
      event.log == [
        "route 'main' does not exist in the current stack (ios rule)",
        "web would pop to 'main', whose id is exactly 'main'",
      ])
  }

  @Test("web: a local screen is matched by its id, a remote one by its URL as written")
  func webIdentity() {
    var subject = Navigator(root: screen("/home", identifier: "home"), profile: .web)
    perform(&subject) { $0.push(screen("main", id: "main", isLocal: true)) }
    perform(&subject) { $0.push(screen("/x")) }
    #expect(perform(&subject) { $0.popToView(route: "home") }.kind == .none)
    #expect(perform(&subject) { $0.popToView(route: "main") }.kind == .pop)
    #expect(perform(&subject) { $0.popToView(route: "/home") }.kind == .pop)
    #expect(routes(subject) == [["/home"]])
  }

  @Test("when the iOS comparison finds nothing but an exact match exists, the log says so")
  func webHint() {
    var subject = navigator([["/a", "/b"]])
    let event = perform(&subject) { $0.popToView(route: "/a", matching: { _, _ in false }) }
    #expect(event.kind == .none)
    #expect(
      event.log == [
        "route '/a' does not exist in the current stack (ios rule)",
        "web would pop to '/a', whose route is exactly '/a'",
      ])
  }

  @Test("navigators are values: a copy does not see later operations")
  func valueSemantics() {
    var original = navigator([["/a"]])
    let copy = original
    perform(&original) { $0.push(screen("/b")) }
    #expect(routes(copy) == [["/a"]])
    #expect(routes(original) == [["/a", "/b"]])
  }

  @Test("the stacks as navigation.stacks: bottom first, each screen as {route, title}")
  func stacksJSON() throws {
    var subject = Navigator(root: screen("/home", identifier: "home"))
    perform(&subject) { $0.pushStack(screen("/login")) }
    let state = RunState(
      step: 0, event: "", stacks: subject.stacks.map(\.screens), screen: nil)
    #expect(
      JSONStateRenderer().value(of: state)["navigation"]?["stacks"]
        == (try JSONValue(
          parsing: #"[[{"route":"/home","title":"home"}],[{"route":"/login","title":"/login"}]]"#))
    )
  }
}
