import Foundation
import Testing

@testable import BeagleHTTP
@testable import BeagleRuntime

/// Credentials do not follow a redirect to another origin (issue #19), as curl and
/// browsers do (the Fetch standard's "HTTP-redirect fetch" removes `Authorization`
/// on a cross-origin redirect; curl drops `Authorization` and `Cookie` when the host
/// changes unless told otherwise).
@Suite(.serialized) struct HTTPRedirectTests {
  static let credentials = [
    "Authorization": "Bearer secret", "Cookie": "session=secret",
    "Proxy-Authorization": "Basic secret", "X-Keep": "kept",
  ]

  @Test(
    "same origin is scheme, host and port, a missing port being the scheme's default",
    arguments: [
      ("http://a.test/x", "http://a.test:80/y", true),
      ("https://a.test/x", "https://A.TEST:443/y", true),
      ("http://a.test/x", "https://a.test/x", false),
      ("http://a.test/x", "http://a.test:8080/x", false),
      ("http://a.test/x", "http://b.test/x", false),
      ("http://a.test/x", "http://a.test.evil/x", false),
    ] as [(String, String, Bool)])
  func origins(a: String, b: String, isSame: Bool) throws {
    let first = try #require(URL(string: a))
    let second = try #require(URL(string: b))
    #expect(HTTPRedirect.isSameOrigin(first, second) == isSame)
  }

  @Test("a redirect to another host (another port here) drops every credential header")
  func crossOrigin() throws {
    let landing = try TestHTTPServer(routes: ["/land": .json("{}")])
    defer { landing.shutdown() }
    let start = try TestHTTPServer(routes: [
      "/start": CannedResponse(status: 302, headers: [("Location", landing.baseURL + "/land")])
    ])
    defer { start.shutdown() }
    let response = try HTTPRequestClient(baseURL: start.baseURL, limits: HTTPLimits(timeout: 5))
      .send(ScreenRequest(url: "/start", headers: Self.credentials)).get()
    #expect(response.status == 200)
    #expect(start.requests.first?.headers["authorization"] == "Bearer secret")
    let landed = try #require(landing.requests.first)
    #expect(landed.headers["authorization"] == nil)
    #expect(landed.headers["cookie"] == nil)
    #expect(landed.headers["proxy-authorization"] == nil)
    #expect(landed.headers["x-keep"] == "kept")
  }

  @Test("a redirect within the origin keeps the credentials")
  func sameOrigin() throws {
    let server = try TestHTTPServer(routes: [
      "/start": CannedResponse(status: 307, headers: [("Location", "/land")]),
      "/land": .json("{}"),
    ])
    defer { server.shutdown() }
    _ = try HTTPRequestClient(baseURL: server.baseURL, limits: HTTPLimits(timeout: 5))
      .send(ScreenRequest(url: "/start", headers: Self.credentials)).get()
    #expect(server.requests.last?.headers["authorization"] == "Bearer secret")
    #expect(server.requests.last?.headers["cookie"] == "session=secret")
  }

  @Test("once dropped, credentials stay dropped when a later redirect comes back")
  func droppedForGood() throws {
    let back = try TestHTTPServer(routes: ["/land": .json("{}")], maxRequests: 4)
    defer { back.shutdown() }
    let away = try TestHTTPServer(routes: [
      "/away": CannedResponse(status: 302, headers: [("Location", back.baseURL + "/land")])
    ])
    defer { away.shutdown() }
    // /start on `back` sends the client away, which sends it back.
    let start = try TestHTTPServer(routes: [
      "/start": CannedResponse(status: 302, headers: [("Location", away.baseURL + "/away")])
    ])
    defer { start.shutdown() }
    _ = try HTTPRequestClient(baseURL: start.baseURL, limits: HTTPLimits(timeout: 5))
      .send(ScreenRequest(url: "/start", headers: Self.credentials)).get()
    #expect(away.requests.first?.headers["authorization"] == nil)
    #expect(back.requests.first?.headers["authorization"] == nil)
  }
}
