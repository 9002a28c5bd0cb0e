import BeagleExpressions
import BeagleJSON
import Foundation
import Testing

@testable import BeagleRuntime

/// HTTPViewClient against a real server on 127.0.0.1 (``TestHTTPServer``).
@Suite(.serialized) struct HTTPViewClientTests {
  static let routes: [String: CannedResponse] = [
    "/home": .json(#"{"_beagleComponent_":"beagle:text","text":"home"}"#),
    "/broken": .json(#"{"error":"boom"}"#, status: 500, reason: "Internal Server Error"),
    "/page": CannedResponse(
      status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
      body: Array("<html>hi</html>".utf8)),
    "/slow": CannedResponse(status: 200, body: Array("{}".utf8), delay: 0.8),
    "/created": .json(#"{"ok":true}"#, status: 201, reason: "Created"),
  ]

  @Test("200 with JSON returns the bytes, status and content type")
  func ok() throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let client = HTTPViewClient(baseURL: server.baseURL, timeout: 1)
    let screen = try client.fetch(ScreenRequest(url: server.baseURL + "/home?x=1")).get()
    #expect(screen.bytes == Array(#"{"_beagleComponent_":"beagle:text","text":"home"}"#.utf8))
    #expect(screen.status == 200)
    #expect(screen.contentType == "application/json")
    #expect(screen.url == server.baseURL + "/home?x=1")
    #expect(screen.source == server.baseURL + "/home?x=1")
    #expect(server.requests.map(\.method) == ["GET"])
    #expect(server.requests.map(\.target) == ["/home?x=1"])
  }

  @Test("a path is joined to the base URL")
  func relative() throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let client = HTTPViewClient(baseURL: server.baseURL + "/", timeout: 1)
    let screen = try client.fetch(ScreenRequest(url: "/home")).get()
    #expect(screen.url == server.baseURL + "/home")
    #expect(server.requests.map(\.target) == ["/home"])
  }

  @Test("method, headers and the JSON body are sent")
  func sendsRequest() throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let client = HTTPViewClient(timeout: 1)
    let request = ScreenRequest(
      url: server.baseURL + "/created", method: .post, headers: ["X-Token": "abc"],
      body: ["name": "Ana", "items": [1, 2]])
    let screen = try client.fetch(request).get()
    #expect(screen.status == 201)
    let received = try #require(server.requests.first)
    #expect(received.method == "POST")
    #expect(received.headers["x-token"] == "abc")
    #expect(received.headers["content-type"] == "application/json")
    #expect(try JSONValue(parsing: received.body) == ["name": "Ana", "items": [1, 2]])
  }

  @Test(
    "a non-2xx status is an error naming the status",
    arguments: [
      ("/missing", 404), ("/broken", 500),
    ])
  func status(_ path: String, _ status: Int) throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let url = server.baseURL + path
    #expect(throws: NavigationError.httpStatus(status, url: url)) {
      try HTTPViewClient(timeout: 1).fetch(ScreenRequest(url: url)).get()
    }
    #expect(
      NavigationError.httpStatus(status, url: url).description
        == "'\(url)' answered with status \(status)")
  }

  @Test("a non-JSON body is returned with its content type")
  func nonJSON() throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let screen = try HTTPViewClient(timeout: 1).fetch(ScreenRequest(url: server.baseURL + "/page"))
      .get()
    #expect(screen.bytes == Array("<html>hi</html>".utf8))
    #expect(screen.contentType == "text/html; charset=utf-8")
  }

  @Test("an answer slower than the timeout is a timeout error, within the timeout")
  func slow() throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let url = server.baseURL + "/slow"
    let start = Date()
    let result = HTTPViewClient(timeout: 0.3).fetch(ScreenRequest(url: url))
    let elapsed = Date().timeIntervalSince(start)
    #expect(throws: NavigationError.timedOut(url: url, seconds: 0.3)) { try result.get() }
    #expect(elapsed >= 0.3)
    #expect(elapsed < 0.75)
    #expect(
      NavigationError.timedOut(url: url, seconds: 0.3).description
        == "'\(url)' did not answer within 0.3 s (\(setting: .timeout))")
  }

  @Test("a refused connection is a connection error")
  func refused() {
    let url = "http://127.0.0.1:\(closedPort())/home"
    let result = HTTPViewClient(timeout: 1).fetch(ScreenRequest(url: url))
    #expect(throws: NavigationError.connectionFailed(url: url, reason: "connection refused")) {
      try result.get()
    }
  }

  @Test(
    "URLs that are not http are refused before any request",
    arguments: ["/home", "ftp://example.com/x", "absolutePath", "http://"])
  func invalid(_ url: String) {
    #expect(throws: NavigationError.invalidURL(url)) {
      try HTTPViewClient(timeout: 1).fetch(ScreenRequest(url: url)).get()
    }
  }
}
