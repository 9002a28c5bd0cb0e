import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

/// shouldPrefetch as iOS's BeaglePrefetchHelper does it (docs/spec.md §3.4), visible in each
/// state's `requests`.
@Suite struct PrefetchTests {
  /// A first screen whose buttons and touchables navigate as `actions` say.
  func start(
    _ actions: [String], client: (any ViewClient)? = nil, urlBuilder: URLBuilder = URLBuilder()
  ) throws -> (Session, RunState) {
    let buttons = actions.enumerated().map { index, action in
      index % 2 == 0
        ? #"{"_beagleComponent_": "beagle:button", "text": "b\#(index)", "onPress": [\#(action)]}"#
        : #"{"_beagleComponent_": "beagle:touchable", "onPress": [\#(action)], "child": {"_beagleComponent_": "beagle:text", "text": "b\#(index)"}}"#
    }
    let root = try #require(
      try decode(
        #"{"_beagleComponent_": "beagle:container", "children": [\#(buttons.joined(separator: ","))]}"#
      ).root)
    var session = Session(
      configuration: Session.Configuration(
        registry: .builtIn,
        viewClient: client
          ?? CachingViewClient(
            screenServer([
              "/a": screenJSON("a"), "/b": screenJSON("b"), "http://x/c": screenJSON("c"),
            ])), urlBuilder: urlBuilder, analytics: AnalyticsConfig(enableScreenAnalytics: false)),
      firstScreen: Screen(route: "/", root: root))
    let initial = session.initialState(log: [])
    return (session, initial)
  }

  func request(
    _ url: String, _ origin: String, status: Int? = nil, error: String? = nil
  )
    -> JSONValue
  {
    [
      "kind": "screen", "id": .null, "method": "GET", "url": .string(url),
      "status": status.map(JSONValue.int) ?? .null, "pending": false, "origin": .string(origin),
      "error": error.map(JSONValue.string) ?? .null,
    ]
  }

  @Test("literal shouldPrefetch routes of buttons and touchables are fetched when the screen loads")
  func atLoad() throws {
    let (_, initial) = try start([
      #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a", "shouldPrefetch": true}}"#,
      #"{"_beagleAction_": "beagle:pushStack", "route": {"url": "/b", "shouldPrefetch": true}}"#,
      #"{"_beagleAction_": "beagle:resetStack", "route": {"url": "/a", "shouldPrefetch": false}}"#,
      #"{"_beagleAction_": "beagle:popView"}"#,
    ])
    #expect(initial.requestsJSON == [request("/a", "prefetch"), request("/b", "prefetch")])
    #expect(initial.log == [])
  }

  @Test("a navigation to a prefetched route is served from the cache and says so")
  func servedFromCache() throws {
    var (session, _) = try start([
      #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a", "shouldPrefetch": true}}"#
    ])
    #expect(session.perform(.tap(.text("b0"))) == .done)
    let state = session.state(step: 1, event: "")
    #expect(state.requestsJSON == [request("/a", "cache")])
    #expect(routes(session) == [["/", "/a"]])
  }

  @Test("a URL with an expression is not prefetched, with a note")
  func expression() throws {
    let (_, initial) = try start([
      #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/@{global}", "shouldPrefetch": true}}"#
    ])
    #expect(initial.requests == [])
    #expect(
      initial.log == [
        Diagnostic(
          .note,
          "shouldPrefetch: '/@{global}' holds an expression, so it is not prefetched (iOS prefetches literal URLs only)",
          pointer: JSONPointer(["children", "0", "onPress", "0", "route", "url"]))
      ])
  }

  @Test("a failed prefetch is listed with its error and noted; the navigation fetches again")
  func failure() throws {
    var (session, initial) = try start([
      #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/missing", "shouldPrefetch": true}}"#
    ])
    #expect(
      initial.requestsJSON == [
        request("/missing", "prefetch", status: 404, error: "'/missing' answered with status 404")
      ])
    #expect(initial.log.map(\.severity) == [.note])
    #expect(session.perform(.tap(.text("b0"))) == .done)
    #expect(
      session.state(step: 1, event: "").requestsJSON == [
        request("/missing", "network", status: 404, error: "'/missing' answered with status 404")
      ])
  }

  @Test("prefetch sends a plain GET to the built URL (iOS sends no httpAdditionalData)")
  func plainGet() throws {
    let (session, initial) = try start(
      [
        #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/c", "shouldPrefetch": true, "httpAdditionalData": {"method": "POST", "body": {"a": 1}}}}"#
      ], urlBuilder: URLBuilder(baseURL: "http://x"))
    #expect(initial.requestsJSON == [request("http://x/c", "prefetch")])
    let client = try #require(session.viewClient as? CachingViewClient<StubViewClient>)
    #expect(client.base.asked == ["GET http://x/c"])
  }

  @Test("the session's configuration holds its view client as it is now, with what it fetched")
  func configurationHoldsTheCachingClient() throws {
    let (session, _) = try start(
      [#"{"_beagleAction_": "beagle:pushView", "route": {"url": "/c", "shouldPrefetch": true}}"#],
      urlBuilder: URLBuilder(baseURL: "http://x"))
    let client = try #require(
      session.configuration.viewClient as? CachingViewClient<StubViewClient>)
    #expect(client.base.asked == ["GET http://x/c"])
    #expect(client.isCached(ScreenRequest(url: "http://x/c")))
  }

  @Test(
    "an answer that is no screen: no navigation, the log and the request's record say why",
    arguments: [
      (
        "<html>", "text/html", "'bff/a.json' is not valid JSON",
        "the answer of '/a' (text/html) is not valid JSON (unexpected character '<'; expected a "
          + "value at 1:1)"
      ),
      (
        "42", "application/json", "'bff/a.json' is not a Beagle component",
        "the answer of '/a' (application/json) is not a Beagle component (see the log)"
      ),
    ])
  func undecodableAnswer(
    body: String, contentType: String, logged: String, recorded: String
  )
    throws
  {
    let client = StubViewClient([
      "/a": .success(
        FetchedScreen(
          bytes: Array(body.utf8), url: "/a", source: "bff/a.json", contentType: contentType,
          status: 200))
    ])
    var (session, _) = try start(
      [#"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#], client: client)
    #expect(session.perform(.tap(.text("b0"))) == .done)
    let state = session.state(step: 1, event: "")
    #expect(state.stacks.map { $0.map(\.route) } == [["/"]])
    #expect(state.requestsJSON == [request("/a", "network", status: 200, error: recorded)])
    #expect(
      state.log.last?.message
        == logged + "; no navigation happens (iOS shows an error on the current screen)")
    #expect(state.log.first?.severity == .error)
  }

  @Test("only actions directly in onPress count, and only on the screen's first appearance")
  func scope() throws {
    var (session, initial) = try start([
      #"{"_beagleAction_": "beagle:condition", "condition": true, "onTrue": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/b", "shouldPrefetch": true}}]}"#,
      #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a", "shouldPrefetch": true}}"#,
    ])
    #expect(initial.requestsJSON == [request("/a", "prefetch")])
    #expect(session.perform(.tap(.text("b1"))) == .done)
    _ = session.state(step: 1, event: "")
    #expect(session.perform(.back) == .done)
    #expect(session.state(step: 2, event: "").requests == [])
  }

  @Test("a pushed screen's routes are prefetched when it appears")
  func onNavigation() throws {
    let button =
      #"{"_beagleComponent_": "beagle:button", "text": "next", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/b", "shouldPrefetch": true}}]}"#
    let next = """
      {"_beagleComponent_": "beagle:screenComponent", "identifier": "a", "child": \(button)}
      """
    var (session, _) = try start(
      [#"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#],
      client: CachingViewClient(screenServer(["/a": next, "/b": screenJSON("b")])))
    #expect(session.perform(.tap(.text("b0"))) == .done)
    #expect(
      session.state(step: 1, event: "").requestsJSON == [
        request("/a", "network"), request("/b", "prefetch"),
      ])
  }

  @Test("without a BFF the route is not prefetched, with a note")
  func noBFF() throws {
    let root = try #require(
      try decode(
        #"{"_beagleComponent_": "beagle:button", "text": "b", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/a", "shouldPrefetch": true}}]}"#
      ).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    let initial = session.initialState(log: [])
    #expect(initial.requests == [])
    #expect(
      initial.log.map(\.message) == [
        "shouldPrefetch: '/a' is not prefetched: no BFF (give \(setting: .bffFolder) or \(setting: .baseURL))"
      ])
  }

  @Test("a view client without a cache still lists its requests")
  func uncached() throws {
    var (session, initial) = try start(
      [#"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a", "shouldPrefetch": true}}"#],
      client: screenServer(["/a": screenJSON("a")]))
    #expect(initial.requestsJSON == [request("/a", "prefetch")])
    #expect(session.perform(.tap(.text("b0"))) == .done)
    #expect(session.state(step: 1, event: "").requestsJSON == [request("/a", "network")])
  }
}
