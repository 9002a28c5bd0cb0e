import BeagleExpressions
import BeagleHTTP
import BeagleJSON
import Foundation
import Testing

@testable import BeagleRuntime

/// HTTP failures, limits and concurrency against a real server on 127.0.0.1 (issue #11).
@Suite(.serialized) struct HTTPExchangeTests {
  /// The result of a GET of `path` on `server`.
  private func get(
    _ path: String, on server: TestHTTPServer, limits: HTTPLimits = HTTPLimits(timeout: 5)
  ) -> Result<HTTPResponse, NavigationError> {
    HTTPRequestClient(baseURL: server.baseURL, limits: limits).send(ScreenRequest(url: path))
  }

  @Test(
    "each way a server fails has its own plain message",
    arguments: [
      (
        "/drop", CannedResponse(status: 200, behavior: .drop),
        "the server closed the connection without answering"
      ),
      ("/reset", CannedResponse(status: 200, behavior: .reset), "the server reset the connection"),
      (
        "/text", CannedResponse(status: 200, behavior: .raw(Array("hello there\r\n".utf8))),
        "the server's answer is not HTTP"
      ),
      (
        "/bad", CannedResponse(status: 200, behavior: .raw(Array("HTTP/1.1 2x0 OK\r\n\r\n".utf8))),
        "the server's answer is not valid HTTP: its status line is not 'HTTP/1.x NNN reason'"
      ),
      (
        "/half", CannedResponse(status: 200, behavior: .raw(Array("HTTP/1.1 200 OK\r\nCont".utf8))),
        "the server closed the connection in the middle of the answer's headers"
      ),
      (
        "/short",
        CannedResponse(
          status: 200, behavior: .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}".utf8))
        ),
        "the server closed the connection before the whole body arrived"
      ),
    ] as [(String, CannedResponse, String)])
  func failures(path: String, response: CannedResponse, reason: String) throws {
    let server = try TestHTTPServer(routes: [path: response])
    defer { server.shutdown() }
    let url = server.baseURL + path
    #expect(throws: NavigationError.connectionFailed(url: url, reason: reason)) {
      try get(path, on: server).get()
    }
    #expect(
      NavigationError.connectionFailed(url: url, reason: reason).description
        == "cannot connect to '\(url)': \(reason)")
  }

  @Test("a redirect loop stops after 16 redirects with its own message")
  func redirectLoop() throws {
    let loop = CannedResponse(status: 302, reason: "Found", headers: [("Location", "/loop")])
    let server = try TestHTTPServer(routes: ["/loop": loop], maxRequests: 40)
    defer { server.shutdown() }
    let url = server.baseURL + "/loop"
    #expect(
      throws: NavigationError.connectionFailed(
        url: url, reason: "too many redirects (more than 16)")
    ) { try get("/loop", on: server).get() }
    #expect(server.requests.count == 17)
  }

  @Test("redirects are followed; 303 turns a POST into a GET without body")
  func redirects() throws {
    let server = try TestHTTPServer(
      routes: [
        "/old": CannedResponse(status: 301, headers: [("Location", "/new")]),
        "/form": CannedResponse(status: 303, headers: [("Location", "/new")]),
        "/new": .json(#"{"moved":true}"#),
      ], maxRequests: 8)
    defer { server.shutdown() }
    let moved = try get("/old", on: server).get()
    #expect(moved.status == 200)
    #expect(try JSONValue(parsing: moved.body) == ["moved": true])
    let posted = try HTTPRequestClient(baseURL: server.baseURL, limits: HTTPLimits(timeout: 5))
      .send(ScreenRequest(url: "/form", method: .post, body: ["a": 1])).get()
    #expect(posted.status == 200)
    #expect(server.requests.map(\.method) == ["GET", "GET", "POST", "GET"])
    #expect(server.requests.last?.body == [])
  }

  @Test("a chunked body is put together; its chunk framing is not part of the body")
  func chunked() throws {
    let raw =
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "4\r\n{\"a\"\r\n3;ext=1\r\n:1}\r\n0\r\nX-Trailer: t\r\n\r\n"
    let server = try TestHTTPServer(
      routes: ["/chunks": CannedResponse(status: 200, behavior: .raw(Array(raw.utf8)))])
    defer { server.shutdown() }
    let response = try get("/chunks", on: server).get()
    #expect(
      response
        == HTTPResponse(status: 200, contentType: "application/json", body: Array(#"{"a":1}"#.utf8))
    )
  }

  @Test("a huge answer stops being read past the limit: memory stays bounded")
  func hugeAnswer() throws {
    let total = 256 << 20
    let server = try TestHTTPServer(
      routes: ["/huge": CannedResponse(status: 200, behavior: .stream(bytes: total))])
    defer { server.shutdown() }
    let url = server.baseURL + "/huge"
    let limits = HTTPLimits(timeout: 20, maximumBodyBytes: 1 << 20)
    #expect(throws: NavigationError.bodyTooLarge(url: url, limit: 1 << 20)) {
      try get("/huge", on: server, limits: limits).get()
    }
    // The client closed the connection: the server could not send much more than
    // the limit and the socket buffers.
    #expect(server.bodyBytesSent < 32 << 20)
    #expect(
      NavigationError.bodyTooLarge(url: url, limit: 1 << 20).description
        == "the answer of '\(url)' is larger than 1 MB (\(setting: .maximumBodyBytes)); it was not read further"
    )
  }

  @Test("an announced Content-Length past the limit is refused before the body is read")
  func announcedTooLarge() throws {
    let server = try TestHTTPServer(routes: [
      "/big": .json(String(repeating: " ", count: 2000) + "{}")
    ])
    defer { server.shutdown() }
    let url = server.baseURL + "/big"
    #expect(throws: NavigationError.bodyTooLarge(url: url, limit: 1000)) {
      try get("/big", on: server, limits: HTTPLimits(timeout: 5, maximumBodyBytes: 1000)).get()
    }
    #expect(NavigationError.bodyTooLarge(url: url, limit: 1000).description.contains("1000 bytes"))
  }

  @Test("when the run's budget is spent, the waiting stops and later requests are not sent")
  func budget() throws {
    let server = try TestHTTPServer(
      routes: ["/slow": CannedResponse(status: 200, body: Array("{}".utf8), delay: 2)],
      concurrent: true)
    defer { server.shutdown() }
    let limits = HTTPLimits(timeout: 5, budget: HTTPBudget(seconds: 0.3))
    let url = server.baseURL + "/slow"
    #expect(throws: NavigationError.httpBudgetSpent(url: url, seconds: 0.3)) {
      try get("/slow", on: server, limits: limits).get()
    }
    #expect(limits.budget.remaining == 0)
    #expect(throws: NavigationError.httpBudgetSpent(url: url, seconds: 0.3)) {
      try get("/slow", on: server, limits: limits).get()
    }
    #expect(server.requests.count == 1)
    #expect(
      NavigationError.httpBudgetSpent(url: url, seconds: 0.3).description
        == "no answer from '\(url)': the run spent its 0.3 s of waiting for http answers (\(setting: .httpBudget))"
    )
  }

  @Test("a header holding a line break is refused, never sent")
  func headerInjection() throws {
    let server = try TestHTTPServer(routes: ["/x": .json("{}")])
    defer { server.shutdown() }
    let url = server.baseURL + "/x"
    let request = ScreenRequest(url: "/x", headers: ["X-A": "1\r\nX-Evil: 2"])
    #expect(
      throws: NavigationError.connectionFailed(
        url: url, reason: "the header 'X-A' is not a valid HTTP header (a line break?)")
    ) { try HTTPRequestClient(baseURL: server.baseURL, timeout: 5).send(request).get() }
    #expect(server.requests.isEmpty)
  }

  @Test("the sendRequests of one step are in flight together: the server sees them overlap")
  func concurrentRequests() throws {
    let count = 4
    let routes = Dictionary(
      uniqueKeysWithValues: (1...count).map {
        ("/slow\($0)", CannedResponse(status: 200, body: Array(#"{"n":\#($0)}"#.utf8), delay: 0.5))
      })
    let server = try TestHTTPServer(routes: routes, concurrent: true)
    defer { server.shutdown() }
    let actions = (1...count).map { index in
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/slow\#(index)", "#
        + #""onSuccess": [\#(keep("r\(index)", "\"@{onSuccess.data.n}\""))]}"#
    }.joined(separator: ", ")
    var session = try requestSession(
      actions, client: HTTPRequestClient(baseURL: server.baseURL, timeout: 5),
      baseURL: server.baseURL)
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "tap")
    #expect(server.mostConcurrentRequests == count)
    #expect(session.global == ["r1": 1, "r2": 2, "r3": 3, "r4": 4])
    #expect(state.requests.map(\.id) == [1, 2, 3, 4])
    #expect(state.requests.map(\.status) == [200, 200, 200, 200])
    #expect(state.requests.map(\.isPending) == [false, false, false, false])
  }
}
