import BeagleHTTP
import Foundation
import Testing

@testable import BeagleRuntime

/// A hostile server against the client, over a real socket (issue #19's attack pass).
@Suite(.serialized) struct HostileServerTests {
  @Test("a chunk size of -5 from a real server is an error, not a crash")
  func negativeChunkOverTheWire() throws {
    let raw = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n"
    let server = try TestHTTPServer(
      routes: ["/neg": CannedResponse(status: 200, behavior: .raw(Array(raw.utf8)))])
    defer { server.shutdown() }
    let url = server.baseURL + "/neg"
    #expect(
      throws: NavigationError.connectionFailed(
        url: url,
        reason:
          "the answer's chunked body is not valid HTTP: a chunk size is not hexadecimal digits ('-5')"
      )
    ) {
      try HTTPRequestClient(baseURL: server.baseURL, limits: HTTPLimits(timeout: 5))
        .send(ScreenRequest(url: "/neg")).get()
    }
  }
}
