import BeagleTestSupport
import Foundation
import Testing

@testable import BeagleHTTP

/// The preview's server against raw requests over a socket: what a browser sends,
/// and what no browser sends (malformed, oversized, slow, foreign hosts). Expected
/// statuses are RFC 9110/9112's for each fault.
@Suite struct HTTPServerTests {
  /// Limits small enough to reach quickly in a test.
  static let limits = HTTPServerLimits(
    maximumRequestLineBytes: 1024, maximumHeaderBytes: 4096, maximumHeaderCount: 20,
    maximumBodyBytes: 64 << 10, readTimeout: 0.5, writeTimeout: 2, maximumConnections: 4)

  /// A server echoing what it was given: method, path, query, body.
  static func echoServer() throws -> HTTPServer {
    try HTTPServer(port: 0, limits: limits) { request in
      let text =
        "\(request.method) \(request.path) \(request.query ?? "-") "
        + "\(request.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: ","))"
        + " body=\(String(decoding: request.body, as: UTF8.self))"
      return .text(200, text)
    }
  }

  @Test("a GET is answered with the handler's response, Content-Length and Connection: close")
  func get() throws {
    let server = try Self.echoServer()
    defer { server.stop() }
    let response = try RawConnection.exchange(
      "GET /frame?step=tap%20%23a&x=1+2 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n",
      port: server.port)
    #expect(response.statusCode == 200)
    #expect(response.contains("\r\nConnection: close\r\n"))
    #expect(response.responseBody == "GET /frame step=tap%20%23a&x=1+2 step=tap #a,x=1 2 body=\n")
    #expect(response.contains("\r\nContent-Length: \(response.responseBody.utf8.count)\r\n"))
  }

  @Test("a POST body is read to its Content-Length, whatever the chunks it arrives in")
  func postInPieces() throws {
    let server = try Self.echoServer()
    defer { server.stop() }
    let connection = try RawConnection(port: server.port)
    defer { connection.close() }
    connection.send(
      "POST /event HTTP/1.1\r\nHost: localhost:\(server.port)\r\nContent-Len")
    usleep(50_000)
    connection.send("gth: 11\r\n\r\nhello ")
    usleep(50_000)
    connection.send("world")
    let response = connection.receiveAll()
    #expect(response.statusCode == 200)
    #expect(response.responseBody == "POST /event -  body=hello world\n")
  }

  @Test(
    "a malformed or oversized request is refused with its status, and the server goes on",
    arguments: [
      ("GARBAGE\r\n\r\n", 400),
      ("GET / HTTP/2.0\r\nHost: H\r\n\r\n", 505),
      ("GET http://evil.example/ HTTP/1.1\r\nHost: H\r\n\r\n", 400),
      ("GET  / HTTP/1.1\r\nHost: H\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\n\r\n", 400),
      ("G\u{7F}T / HTTP/1.1\r\nHost: H\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost: H\r\nHost: H\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost: H\r\n folded: value\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost : H\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost: H\r\nX: a\u{0}b\r\n\r\n", 400),
      ("GET / HTTP/1.1\nHost: H\n\n", 400),
      ("POST /event HTTP/1.1\r\nHost: H\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501),
      ("POST /event HTTP/1.1\r\nHost: H\r\nContent-Length: abc\r\n\r\n", 400),
      ("POST /event HTTP/1.1\r\nHost: H\r\nContent-Length: -1\r\n\r\n", 400),
      ("POST /event HTTP/1.1\r\nHost: H\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
      ("POST /event HTTP/1.1\r\nHost: H\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
      ("POST /event HTTP/1.1\r\nHost: H\r\nContent-Length: 65537\r\n\r\n", 413),
      ("GET /" + String(repeating: "a", count: 2000) + " HTTP/1.1\r\nHost: H\r\n\r\n", 414),
      ("GET / HTTP/1.1\r\nHost: H\r\n" + String(repeating: "X: y\r\n", count: 21) + "\r\n", 431),
      ("GET / HTTP/1.1\r\nHost: H\r\nX: " + String(repeating: "y", count: 5000) + "\r\n\r\n", 431),
      ("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", 421),
      ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 421),
      ("GET / HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n", 421),
      ("GET / HTTP/1.0\r\n\r\n", 421),
    ])
  func refused(request: String, status: Int) throws {
    let server = try Self.echoServer()
    defer { server.stop() }
    let text = request.replacingOccurrences(
      of: "Host: H\r", with: "Host: 127.0.0.1:\(server.port)\r"
    )
    .replacingOccurrences(of: "Host: H\n", with: "Host: 127.0.0.1:\(server.port)\n")
    let response = try RawConnection.exchange(text, port: server.port)
    #expect(response.statusCode == status, "\(response)")
    let next = try RawConnection.exchange(
      "GET /after HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", port: server.port)
    #expect(next.statusCode == 200)
  }

  @Test("a client that stops sending mid-head or mid-body gets 408 at the read deadline")
  func slowClient() throws {
    let server = try Self.echoServer()
    defer { server.stop() }
    for partial in [
      "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n",
      "POST /e HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 10\r\n\r\nabc",
    ] {
      let start = Date()
      let connection = try RawConnection(port: server.port)
      connection.send(partial)
      let response = connection.receiveAll()
      connection.close()
      #expect(response.statusCode == 408)
      let elapsed = Date().timeIntervalSince(start)
      #expect(elapsed >= 0.45 && elapsed < 5, "answered after \(elapsed) s")
    }
  }

  @Test("a connection closed before a whole request costs nothing and gets no answer")
  func closedEarly() throws {
    let server = try Self.echoServer()
    defer { server.stop() }
    for partial in [
      "", "GET / HT",
      "POST /e HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 5\r\n\r\nab",
    ] {
      let connection = try RawConnection(port: server.port)
      connection.send(partial)
      shutdown(connection.fd, Int32(SHUT_WR))
      #expect(connection.receiveAll() == "")
      connection.close()
    }
    let next = try RawConnection.exchange(
      "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", port: server.port)
    #expect(next.statusCode == 200)
  }

  @Test("connections beyond the limit are answered 503 at once; the others are served")
  func boundedConnections() throws {
    let server = try Self.echoServer()
    defer { server.stop() }
    // Four idle connections hold the four places until their read deadline.
    let idle = try (0..<4).map { _ in try RawConnection(port: server.port) }
    defer { idle.forEach { $0.close() } }
    var waited = 0
    while server.connectionsInFlight < 4, waited < 200 {
      usleep(5_000)
      waited += 1
    }
    let start = Date()
    let extra = try RawConnection.exchange(
      "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", port: server.port)
    #expect(extra.statusCode == 503)
    #expect(Date().timeIntervalSince(start) < 0.4)
    usleep(700_000)  // the idle ones time out and leave
    let later = try RawConnection.exchange(
      "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", port: server.port)
    #expect(later.statusCode == 200)
  }

  @Test("random bytes never crash the server: each is refused or dropped, and it still answers")
  func randomBytes() throws {
    let server = try Self.echoServer()
    defer { server.stop() }
    var generator = SplitMix(seed: 23)
    for round in 0..<60 {
      var bytes = (0..<Int(generator.next() % 300)).map { _ in
        UInt8(truncatingIfNeeded: generator.next())
      }
      // Half of them look like a request at first, to get past the request line.
      if round % 2 == 0 {
        bytes =
          Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n".utf8) + bytes + [
            13, 10, 13, 10,
          ]
      }
      let connection = try RawConnection(port: server.port)
      connection.send(bytes)
      shutdown(connection.fd, Int32(SHUT_WR))
      let response = connection.receiveAll()
      connection.close()
      if let status = response.statusCode { #expect(status == 200 || status >= 400, "\(response)") }
    }
    let next = try RawConnection.exchange(
      "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", port: server.port)
    #expect(next.statusCode == 200)
  }

  @Test("a port already in use is an error naming it, not a second server")
  func portInUse() throws {
    let server = try Self.echoServer()
    defer { server.stop() }
    #expect(server.port != 0)
    #expect(throws: HTTPServerStartError.self) {
      let other = try HTTPServer(port: server.port) { _ in .text(200, "") }
      other.stop()
    }
    do {
      let other = try HTTPServer(port: server.port) { _ in .text(200, "") }
      other.stop()
    } catch {
      #expect(error.description == "the port is already in use")
    }
  }
}
