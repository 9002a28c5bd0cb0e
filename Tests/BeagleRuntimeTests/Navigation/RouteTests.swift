import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct NavigationRouteTests {
  @Test("a route with a screen object is local")
  func local() throws {
    let screen: JSONValue = ["identifier": "s", "child": ["_beagleComponent_": "beagle:text"]]
    #expect(try Route(parsing: ["screen": screen]) == .local(screen: screen))
    // iOS tries the screen first: with both, the screen wins.
    #expect(try Route(parsing: ["screen": screen, "url": "/x"]) == .local(screen: screen))
  }

  @Test("a remote route reads url, shouldPrefetch, fallback and httpAdditionalData")
  func remote() throws {
    let value = try JSONValue(
      parsing: #"""
        {"url": "/cart/@{id}", "shouldPrefetch": true, "fallback": {"identifier": "f"},
         "httpAdditionalData": {"method": "POST", "headers": {"x-a": "1"}, "body": {"n": 2}}}
        """#)
    let route = try Route(parsing: value)
    let expected = RemoteRoute(
      url: "/cart/@{id}", shouldPrefetch: true, fallback: ["identifier": "f"],
      httpAdditionalData: HTTPAdditionalData(method: .post, headers: ["x-a": "1"], body: ["n": 2]))
    #expect(route == .remote(expected))
    #expect(
      try Route(parsing: value, url: "/cart/7")
        == .remote(
          RemoteRoute(
            url: "/cart/7", shouldPrefetch: true, fallback: ["identifier": "f"],
            httpAdditionalData: expected.httpAdditionalData)))
  }

  @Test("defaults: GET, no headers, no body, no prefetch, no fallback")
  func defaults() throws {
    #expect(try Route(parsing: ["url": "/a"]) == .remote(RemoteRoute(url: "/a")))
    #expect(
      try Route(parsing: ["url": "/a", "screen": "oops"]) == .remote(RemoteRoute(url: "/a")))
  }

  @Test(
    "route errors",
    arguments: [
      (
        JSONValue("/home"),
        "a route must be an object with 'url' or 'screen', found the string '/home'"
      ),
      (
        ["shouldPrefetch": true],
        "a remote route needs 'url' (a route without a 'screen' object is remote)"
      ),
      (["url": 3], "'url' must be a string, found the number 3"),
      (
        ["url": "/a", "shouldPrefetch": "yes"],
        "'shouldPrefetch' must be a boolean, found the string 'yes'"
      ),
      (["url": "/a", "fallback": []], "'fallback' must be a screen object, found an array"),
      (
        ["url": "/a", "httpAdditionalData": ["method": "get"]],
        "'httpAdditionalData.method' cannot be 'get'; expected one of 'GET', 'POST', 'PUT',"
          + " 'DELETE', 'HEAD', 'PATCH'"
      ),
      (
        ["url": "/a", "httpAdditionalData": ["headers": ["n": 1]]],
        "'httpAdditionalData.headers.n' must be a string, found the number 1"
      ),
      (
        ["url": "/a", "httpAdditionalData": ["query": 1]],
        "unknown field 'query' in 'httpAdditionalData'"
      ),
    ] as [(JSONValue, String)])
  func errors(_ value: JSONValue, _ message: String) {
    do {
      _ = try Route(parsing: value)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("a remote route's request uses the URL builder and httpAdditionalData")
  func request() throws {
    let route = RemoteRoute(
      url: "/user/Name Of User",
      httpAdditionalData: HTTPAdditionalData(method: .put, headers: ["a": "b"], body: [1]))
    let request = try route.request(using: URLBuilder(baseURL: "http://base.url/"))
    #expect(
      request
        == ScreenRequest(
          url: "http://base.url/user/Name%20Of%20User", method: .put, headers: ["a": "b"],
          body: [1]))
    #expect(throws: NavigationError.emptyURL) {
      try RemoteRoute(url: "").request(using: URLBuilder())
    }
  }

  @Test(
    "only literal remote URLs with shouldPrefetch are prefetched",
    arguments: [
      (["url": "/a", "shouldPrefetch": true], "/a"),
      (["url": "/a"], nil),
      (["url": "/a", "shouldPrefetch": false], nil),
      (["url": "/a/@{id}", "shouldPrefetch": true], nil),
      (["url": "/a", "shouldPrefetch": true, "screen": ["identifier": "x"]], nil),
      (["url": "", "shouldPrefetch": true], nil),
    ] as [(JSONValue, String?)])
  func prefetchable(_ value: JSONValue, _ expected: String?) {
    #expect(Route.prefetchableURL(in: value) == expected)
  }
}
