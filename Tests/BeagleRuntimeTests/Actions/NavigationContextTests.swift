import BeagleJSON
import Testing

@testable import BeagleRuntime

/// navigationContext as web and iOS 2.x implement it (docs/spec.md §3.3): evaluated in the
/// origin's scope when the action runs, written into the screen on top after the
/// navigation, persisting with that screen.
@Suite struct NavigationContextTests {
  static let server = screenServer([
    "/a": screenJSON("a", texts: ["a: @{navigationContext}"]),
    "/b": screenJSON("b", texts: ["b: @{navigationContext}"]),
    "/c": screenJSON("c", texts: ["c: @{navigationContext}"]),
  ])

  /// A first screen declaring context `c` = {"n": 5} and showing its navigationContext.
  func start(profile: NavigationProfile = .ios) throws -> Session {
    let root = try #require(
      try decode(
        """
        {"_beagleComponent_": "beagle:screenComponent", "identifier": "home",
         "navigationBar": {"title": "home"}, "context": {"id": "c", "value": {"n": 5}},
         "child": {"_beagleComponent_": "beagle:text", "text": "home: @{navigationContext}"}}
        """
      ).root)
    return Session(
      configuration: Session.Configuration(
        registry: .builtIn, viewClient: Self.server, profile: profile),
      firstScreen: Screen(route: "/", root: root))
  }

  @Test(
    "push, pushStack, resetStack and resetApplication write the value into the new screen",
    arguments: ["pushView", "pushStack", "resetStack", "resetApplication"])
  func routeActions(name: String) throws {
    var session = try start()
    try act(
      &session,
      #"{"_beagleAction_": "beagle:\#(name)", "route": {"url": "/a"}, "navigationContext": {"value": {"from": "@{c.n}"}}}"#
    )
    #expect(session.topScreen?.route == "/a")
    // Evaluated in the origin's scope: /a has no context 'c'.
    #expect(session.topScreen?.navigationContext == ["from": 5])
    #expect(shown(session) == [#"a: {"from":5}"#])
    let contexts = session.state(step: 1, event: "").contexts
    #expect(
      contexts.first == ContextEntry(id: "navigationContext", value: ["from": 5], declaredAt: nil))
    #expect(contexts.map(\.id) == ["navigationContext", "global"])
  }

  @Test("a local route's screen receives it too")
  func local() throws {
    var session = try start()
    try act(
      &session,
      #"{"_beagleAction_": "beagle:pushView", "route": {"screen": {"identifier": "local", "child": {"_beagleComponent_": "beagle:text", "text": "@{navigationContext.x}"}}}, "navigationContext": {"value": "@{c}", "path": "x"}}"#
    )
    #expect(session.topScreen?.navigationContext == ["x": ["n": 5]])
    #expect(shown(session) == [#"{"n":5}"#])
  }

  @Test("with a path the value is set there (iOS rules), other keys kept")
  func path() throws {
    var session = try start()
    try act(
      &session,
      #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}, "navigationContext": {"value": {"keep": true}}}"#
    )
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/b"}}"#)
    try act(
      &session,
      #"{"_beagleAction_": "beagle:popView", "navigationContext": {"value": 2, "path": "list[1]"}}"#
    )
    #expect(session.topScreen?.route == "/a")
    #expect(session.topScreen?.navigationContext == ["keep": true, "list": [.null, 2]])
  }

  // web-core: the navigator's `setNavigationContext` calls
  // `localContexts.setContext('navigationContext', value, path)`
  // (ZupIT/beagle-web-core:src/beagle-navigator/default-web-navigator.ts), whose local
  // context `set(value, path)` starts `if (!path) localContext.value = value`
  // (src/beagle-view/local-contexts/context.ts): "" is falsy, so the whole value is
  // replaced. iOS and Android have no such rule: "" is not a path they can write.
  @Test(
    "an empty path is no path on web: the whole navigation context is replaced",
    arguments: [
      (NavigationProfile.web, 2, nil),
      (.ios, ["keep": true], "navigationContext: invalid path '': "),
      (.android, ["keep": true], "navigationContext: invalid path '': "),
    ] as [(NavigationProfile, JSONValue, String?)])
  func emptyPath(profile: NavigationProfile, expected: JSONValue, error: String?) throws {
    var session = try start(profile: profile)
    try act(
      &session,
      #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}, "navigationContext": {"value": {"keep": true}}}"#
    )
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/b"}}"#)
    try act(
      &session,
      #"{"_beagleAction_": "beagle:popView", "navigationContext": {"value": 2, "path": ""}}"#)
    // The navigation happens on every profile; only what is written differs.
    #expect(routes(session) == [["/", "/a"]])
    #expect(session.topScreen?.navigationContext == expected)
    let errors = session.state(step: 3, event: "").log.filter { $0.severity == .error }
    #expect(errors.count == (error == nil ? 0 : 1))
    if let error, let entry = errors.first {
      #expect(entry.message.hasPrefix(error), "\(entry.message)")
      #expect(entry.pointer?.description == "/navigationContext/path")
    }
  }

  @Test("popView writes into the revealed screen, which keeps it when shown again")
  func popView() throws {
    var session = try start()
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#)
    try act(
      &session, #"{"_beagleAction_": "beagle:popView", "navigationContext": {"value": "back"}}"#)
    #expect(routes(session) == [["/"]])
    #expect(shown(session) == ["home: back"])
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#)
    #expect(session.topScreen?.navigationContext == nil)
    try act(&session, #"{"_beagleAction_": "beagle:popView"}"#)
    #expect(shown(session) == ["home: back"])
  }

  @Test("popView on the root of a presented stack writes into the screen below the stack")
  func popViewDismisses() throws {
    var session = try start()
    try act(&session, #"{"_beagleAction_": "beagle:pushStack", "route": {"url": "/a"}}"#)
    try act(
      &session, #"{"_beagleAction_": "beagle:popView", "navigationContext": {"value": 1}}"#)
    #expect(routes(session) == [["/"]])
    #expect(session.topScreen?.navigationContext == 1)
  }

  @Test("popStack writes into the new top screen after the dismissal")
  func popStack() throws {
    var session = try start()
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#)
    try act(&session, #"{"_beagleAction_": "beagle:pushStack", "route": {"url": "/b"}}"#)
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/c"}}"#)
    try act(
      &session, #"{"_beagleAction_": "beagle:popStack", "navigationContext": {"value": "done"}}"#)
    #expect(routes(session) == [["/", "/a"]])
    #expect(shown(session) == ["a: done"])
  }

  @Test("popToView writes into its target")
  func popToView() throws {
    var session = try start()
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#)
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/b"}}"#)
    try act(
      &session,
      #"{"_beagleAction_": "beagle:popToView", "route": "/a", "navigationContext": {"value": "@{c.n}"}}"#
    )
    // The origin is /b's root, where no 'c' is declared: the value is null.
    #expect(routes(session) == [["/", "/a"]])
    #expect(session.topScreen?.navigationContext == .null)
    try act(
      &session,
      #"{"_beagleAction_": "beagle:popToView", "route": "/", "navigationContext": {"value": "home"}}"#
    )
    #expect(shown(session) == ["home: home"])
  }

  @Test(
    "popToView to the screen already on top writes into it on iOS, not on web",
    arguments: [(NavigationProfile.ios, "x" as JSONValue?), (.android, "x"), (.web, nil)])
  func popToViewOnTop(profile: NavigationProfile, expected: JSONValue?) throws {
    var session = try start(profile: profile)
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#)
    try act(
      &session,
      #"{"_beagleAction_": "beagle:popToView", "route": "/a", "navigationContext": {"value": "x"}}"#
    )
    #expect(routes(session) == [["/", "/a"]])
    #expect(session.topScreen?.navigationContext == expected)
  }

  @Test(
    "nothing is written when nothing navigates",
    arguments: [
      #"{"_beagleAction_": "beagle:popView", "navigationContext": {"value": 1}}"#,
      #"{"_beagleAction_": "beagle:popStack", "navigationContext": {"value": 1}}"#,
      #"{"_beagleAction_": "beagle:popToView", "route": "/nowhere", "navigationContext": {"value": 1}}"#,
      #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/missing"}, "navigationContext": {"value": 1}}"#,
    ])
  func noNavigation(action: String) throws {
    var session = try start()
    try act(&session, action)
    #expect(routes(session) == [["/"]])
    #expect(session.topScreen?.navigationContext == nil)
    #expect(session.state(step: 1, event: "").contexts.map(\.id) == ["c", "global"])
  }

  @Test("a fallback screen receives it like a fetched one")
  func fallback() throws {
    var session = try start()
    try act(
      &session,
      #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/missing", "fallback": {"identifier": "f"}}, "navigationContext": {"value": 1}}"#
    )
    #expect(routes(session) == [["/", "/missing"]])
    #expect(session.topScreen?.navigationContext == 1)
  }

  @Test("setContext with contextId navigationContext writes the origin screen's (as web)")
  func setContext() throws {
    var session = try start()
    try act(
      &session,
      #"{"_beagleAction_": "beagle:setContext", "contextId": "navigationContext", "path": "a.b", "value": "@{c.n}"}"#
    )
    #expect(session.topScreen?.navigationContext == ["a": ["b": 5]])
    #expect(shown(session) == [#"home: {"a":{"b":5}}"#])
    let state = session.state(step: 1, event: "")
    #expect(state.log == [])
    #expect(state.contexts.map(\.id) == ["navigationContext", "c", "global"])
  }

  @Test("a component's own context named navigationContext shadows the screen's")
  func shadowed() throws {
    let root = try #require(
      try decode(
        """
        {"_beagleComponent_": "beagle:container", "context": {"id": "navigationContext", "value": "mine"},
         "children": [{"_beagleComponent_": "beagle:text", "text": "@{navigationContext}"}]}
        """
      ).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn, viewClient: Self.server),
      firstScreen: Screen(route: "/", root: root))
    try act(
      &session,
      #"{"_beagleAction_": "beagle:setContext", "contextId": "navigationContext", "value": "set"}"#)
    #expect(shown(session) == ["set"])
    #expect(session.topScreen?.navigationContext == nil)
  }

  @Test(
    "a navigationContext that cannot be used is reported and the navigation still happens",
    arguments: [
      (
        #"{"path": "a"}"#, Diagnostic.Severity.error,
        "navigationContext needs 'value' (it may be null); it is not written", "/navigationContext"
      ),
      (
        #"{"value": 1, "path": "a..b"}"#, .error,
        "navigationContext: invalid path 'a..b': ", "/navigationContext/path"
      ),
      (
        #"{"value": 1, "path": 3}"#, .error,
        "navigationContext 'path' must be a string; it is not written", "/navigationContext/path"
      ),
      (
        #""text""#, .error,
        "navigationContext must be an object with 'value' and an optional 'path'; it is not written",
        "/navigationContext"
      ),
    ] as [(String, Diagnostic.Severity, String, String)])
  func unusable(
    context: String, severity: Diagnostic.Severity, message: String, pointer: String
  )
    throws
  {
    var session = try start()
    try act(
      &session,
      #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}, "navigationContext": \#(context)}"#
    )
    #expect(routes(session) == [["/", "/a"]])
    #expect(session.topScreen?.navigationContext == nil)
    // The last entry: a string is also a decoding error (iOS rejects the payload).
    let entry = session.state(step: 1, event: "").log.last { $0.severity != .note }
    #expect(entry?.severity == severity)
    #expect(entry?.message.hasPrefix(message) == true, "\(String(describing: entry))")
    #expect(entry?.pointer?.description == pointer)
  }

  @Test("an unknown key beside value is a warning; the value is still written")
  func unknownKey() throws {
    var session = try start()
    try act(
      &session,
      #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}, "navigationContext": {"value": 1, "paht": "x"}}"#
    )
    #expect(session.topScreen?.navigationContext == 1)
    #expect(
      session.state(step: 1, event: "").log.map(\.message) == [
        "unknown field 'paht' in navigationContext; expected 'value' and 'path'"
      ])
  }

  @Test("check knows navigationContext: bindings to it are not warnings")
  func check() throws {
    let root = try #require(
      try decode(#"{"_beagleComponent_": "beagle:text", "text": "@{navigationContext.id}"}"#).root)
    #expect(BindingChecker().check(root) == [])
  }
}
