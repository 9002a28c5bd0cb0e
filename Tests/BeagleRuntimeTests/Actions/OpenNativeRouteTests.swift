import BeagleJSON
import Foundation
import Testing

@testable import BeagleRuntime

/// openNativeRoute through the manifest's nativeRoutes (docs/spec.md §3.3, §3.5; iOS's
/// deep-link handler and DeeplinkScreenManager).
@Suite struct OpenNativeRouteTests {
  static let manifest = """
    {"nativeRoutes": {"/news/:id": "native/news.json", "profile": "native/profile.json",
                      "/broken": "native/broken.json", "/gone": "native/gone.json"}}
    """

  /// A session whose first screen pushes `/a` from the BFF, with the manifest's
  /// native routes in a temporary folder; the folder is removed by `body`'s end.
  func withSession(
    profile: NavigationProfile = .ios, _ body: (inout Session) throws -> Void
  ) throws {
    let folder = try temporaryFolder([
      "beagle.json": Self.manifest,
      "native/news.json": screenJSON(
        "news", texts: ["News @{navigationContext.id}", "from @{navigationContext.source}"]),
      "native/profile.json": screenJSON("profile", texts: ["Your profile"]),
      "native/broken.json": "{",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let root = try #require(try decode(screenJSON("home", texts: ["home"])).root)
    let (manifest, diagnostics) = Manifest.parse(
      try JSONDocument(parsing: Array(Self.manifest.utf8)), source: "beagle.json")
    #expect(diagnostics == [])
    var configuration = Session.Configuration(
      registry: .builtIn, viewClient: screenServer(["/a": screenJSON("a")]), profile: profile)
    configuration.adopt(manifest, folder: folder.path)
    var session = Session(configuration: configuration, firstScreen: Screen(route: "/", root: root))
    try body(&session)
  }

  func errors(_ session: inout Session) -> [String] {
    session.state(step: 1, event: "").log.filter { $0.severity == .error }.map(\.message)
  }

  @Test("a registered route pushes its screen; path parameters and data are its navigationContext")
  func push() throws {
    try withSession { session in
      try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#)
      try act(
        &session,
        #"{"_beagleAction_": "beagle:openNativeRoute", "route": "/news/@{global}", "data": {"source": "a"}, "shouldResetApplication": false}"#
      )
      // global is null: the route evaluates to "/news/", which has no id segment.
      #expect(routes(session) == [["/", "/a"]])
      #expect(
        errors(&session) == [
          "openNativeRoute does nothing: no native route matches '/news/' (registered: '/news/:id', 'profile', "
            + "'/broken', '/gone')"
        ])
      session.setGlobal("42")
      try act(
        &session,
        #"{"_beagleAction_": "beagle:openNativeRoute", "route": "/news/@{global}", "data": {"source": "a"}, "shouldResetApplication": false}"#
      )
      #expect(routes(session) == [["/", "/a", "/news/42"]])
      #expect(shown(session) == ["News 42", "from a"])
      let state = session.state(step: 2, event: "")
      #expect(state.navigationEvent?.kind == .native)
      #expect(state.contexts.first?.value == ["id": "42", "source": "a"])
      #expect(
        state.log.map(\.message) == [
          "openNativeRoute: the native screen receives the route's parameters and 'data' as its "
            + "navigationContext (@{navigationContext.NAME}); 'data' wins over a parameter of the "
            + "same name"
        ])
    }
  }

  @Test("shouldResetApplication makes the native screen the only screen (iOS)")
  func reset() throws {
    try withSession { session in
      try act(&session, #"{"_beagleAction_": "beagle:pushStack", "route": {"url": "/a"}}"#)
      try act(
        &session,
        #"{"_beagleAction_": "beagle:openNativeRoute", "route": "profile", "shouldResetApplication": true}"#
      )
      #expect(routes(session) == [["profile"]])
      #expect(session.topScreen?.navigationContext == nil)
    }
  }

  @Test("web pushes even with shouldResetApplication, and says so")
  func web() throws {
    try withSession(profile: .web) { session in
      try act(
        &session,
        #"{"_beagleAction_": "beagle:openNativeRoute", "route": "/profile", "shouldResetApplication": true}"#
      )
      #expect(routes(session) == [["/", "/profile"]])
      #expect(
        session.state(step: 1, event: "").log.map(\.message).contains {
          $0.contains("ignores shouldResetApplication (web rule)")
        })
    }
  }

  @Test("data wins over a path parameter of the same name, with a note")
  func dataWins() throws {
    try withSession { session in
      try act(
        &session,
        #"{"_beagleAction_": "beagle:openNativeRoute", "route": "/news/42", "data": {"id": "7"}, "shouldResetApplication": false}"#
      )
      #expect(session.topScreen?.navigationContext == ["id": "7"])
      #expect(
        session.state(step: 1, event: "").log.map(\.message).contains(
          "openNativeRoute: data 'id' ('7') wins over the route's parameter ':id' ('42')"))
    }
  }

  @Test(
    "a data value that is not a string is an error (iOS decodes a string map) and passed as JSON")
  func nonStringData() throws {
    try withSession { session in
      try act(
        &session,
        #"{"_beagleAction_": "beagle:openNativeRoute", "route": "profile", "data": {"n": 1}, "shouldResetApplication": false}"#
      )
      #expect(session.topScreen?.navigationContext == ["n": "1"])
      #expect(
        errors(&session) == [
          "openNativeRoute 'data.n' must be a string (iOS does not decode the payload otherwise); it is passed as its JSON text '1'"
        ])
    }
  }

  @Test(
    "an unregistered route, or a screen that cannot be shown, is an error and nothing changes",
    arguments: [
      (
        "/newz/42",
        "openNativeRoute does nothing: no native route matches '/newz/42' (registered: '/news/:id', 'profile', '/broken', '/gone'); did you mean '/news/:id'?"
      ),
      ("/gone", "openNativeRoute '/gone' → 'native/gone.json': no screen for 'native/gone.json'"),
      ("/broken", "openNativeRoute '/broken': '"),
    ])
  func unregistered(route: String, message: String) throws {
    try withSession { session in
      try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#)
      _ = session.state(step: 1, event: "")
      try act(
        &session,
        #"{"_beagleAction_": "beagle:openNativeRoute", "route": "\#(route)", "shouldResetApplication": false}"#
      )
      #expect(routes(session) == [["/", "/a"]])
      let state = session.state(step: 2, event: "")
      #expect(state.navigationEvent == nil)
      let last = state.log.last { $0.severity == .error }
      #expect(last?.message.hasPrefix(message) == true, "\(String(describing: last))")
      #expect(last?.pointer?.description == "/route")
    }
  }

  @Test("without nativeRoutes openNativeRoute is an error and nothing changes")
  func noHandler() throws {
    var session = try session(screenJSON("home"))
    try act(
      &session,
      #"{"_beagleAction_": "beagle:openNativeRoute", "route": "profile", "shouldResetApplication": false}"#
    )
    #expect(routes(session) == [["/"]])
    #expect(
      errors(&session) == [
        "openNativeRoute does nothing: no native route matches 'profile': the manifest declares no 'nativeRoutes'"
      ])
  }
}
