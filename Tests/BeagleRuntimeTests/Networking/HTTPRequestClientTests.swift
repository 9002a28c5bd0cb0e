import BeagleHTTP
import BeagleJSON
import BeagleRendering
import Foundation
import Testing

@testable import BeagleRuntime

/// `sendRequest` over HTTP (``HTTPRequestClient``) against a real server on 127.0.0.1.
@Suite(.serialized) struct HTTPRequestClientTests {
  static let routes: [String: CannedResponse] = [
    "/login": .json(#"{"name":"Ana"}"#),
    "/broken": .json(#"{"error":"boom"}"#, status: 500, reason: "Internal Server Error"),
    "/page": CannedResponse(
      status: 200,
      headers: [("Content-Type", "text/html"), ("Date", "Sun, 01 Jan 2023 00:00:00 GMT")],
      body: Array("<html>hi</html>".utf8)),
    "/slow": CannedResponse(status: 200, body: Array("{}".utf8), delay: 0.8),
  ]

  @Test("the client sends method, headers and the JSON body, and returns any status")
  func client() throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let client = HTTPRequestClient(baseURL: server.baseURL, timeout: 2)
    let ok = try client.send(
      ScreenRequest(url: "/login", method: .post, headers: ["X-Token": "t"], body: ["u": "ana"])
    ).get()
    #expect(
      ok
        == HTTPResponse(
          status: 200, contentType: "application/json", body: Array(#"{"name":"Ana"}"#.utf8)))
    let broken = try client.send(ScreenRequest(url: server.baseURL + "/broken")).get()
    #expect(broken.status == 500)
    #expect(!broken.isSuccess)
    let received = server.requests
    #expect(received.map(\.method) == ["POST", "GET"])
    #expect(received.first?.headers["x-token"] == "t")
    #expect(received.first?.headers["content-type"] == "application/json")
    #expect(try JSONValue(parsing: received.first?.body ?? []) == ["u": "ana"])
  }

  @Test("a URL that is not http is refused before any request; a slow server times out")
  func failures() throws {
    #expect(throws: NavigationError.invalidURL("relative")) {
      try HTTPRequestClient(timeout: 1).send(ScreenRequest(url: "relative")).get()
    }
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let url = server.baseURL + "/slow"
    #expect(throws: NavigationError.timedOut(url: url, seconds: 0.3)) {
      try HTTPRequestClient(timeout: 0.3).send(ScreenRequest(url: url)).get()
    }
  }

  /// Runs one tap of a `sendRequest` to `path` on the test server; returns the session.
  func tap(
    _ path: String, baseURL: String, profile: NavigationProfile = .ios
  ) throws -> (
    Session, RunState
  ) {
    var session = try requestSession(
      sendRequest(#""url": "\#(path)", "method": "POST", "data": {"user": "@{c}"}"#),
      client: HTTPRequestClient(baseURL: baseURL, timeout: 2), baseURL: baseURL,
      profile: profile)
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "tap")
    return (session, state)
  }

  @Test("a 2xx answer runs onSuccess with the parsed body")
  func success() throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let (session, state) = try tap("/login", baseURL: server.baseURL)
    #expect(
      session.global == [
        "success": ["data": ["name": "Ana"], "status": 200, "statusText": "success"],
        "finished": true,
      ])
    #expect(state.requests.first?.origin == .http)
    #expect(state.requests.first?.url == server.baseURL + "/login")
    #expect(try JSONValue(parsing: server.requests.first?.body ?? []) == ["user": "start"])
  }

  @Test("a 500 runs onError with the body, the status and its reason phrase")
  func serverError() throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let (session, state) = try tap("/broken", baseURL: server.baseURL)
    let url = server.baseURL + "/broken"
    #expect(
      session.global == [
        "error": [
          "data": ["error": "boom"], "status": 500, "statusText": "Internal Server Error",
          "message": .string("'\(url)' answered with status 500"),
        ],
        "finished": true,
      ])
    #expect(state.requests.first?.status == 500)
  }

  @Test("a refused connection runs onError with status 0 and the reason")
  func refused() throws {
    let baseURL = "http://127.0.0.1:\(closedPort())"
    let (session, state) = try tap("/login", baseURL: baseURL)
    let message = JSONValue.string("cannot connect to '\(baseURL)/login': connection refused")
    #expect(
      session.global == [
        "error": ["data": .null, "status": 0, "statusText": message, "message": message],
        "finished": true,
      ])
    let request = try #require(state.requests.first)
    #expect(request.status == nil)
    #expect(
      request.error?.description == "cannot connect to '\(baseURL)/login': connection refused")
  }

  @Test("a body that is not JSON gives null data with a note; no server header shows")
  func nonJSON() throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let (session, state) = try tap("/page", baseURL: server.baseURL)
    #expect(session.global["success"] == ["data": .null, "status": 200, "statusText": "success"])
    #expect(
      state.log.map(\.message).contains(
        "the answer to request 1 (POST \(server.baseURL)/page) is not JSON: onSuccess.data is null (ios rule; web gives the text)"
      ))
    let printed = JSONStateRenderer().render(state)
    #expect(!printed.contains("2023"))
  }
}
