import Foundation
import Testing

@testable import BeagleHTTP

/// The framing of an HTTP/1.1 answer (RFC 9112): a malformed head or body is a
/// located HTTP error, never a crash (issue #19: a chunk size of `-5` was read as
/// -5 and crashed every verb with SIGILL).
@Suite struct HTTPFramingTests {
  static let url = "http://127.0.0.1:1/x"

  /// The body `raw` (after its head) frames, fed in pieces of `piece` bytes.
  func body(
    _ raw: String, head: String = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
    piece: Int = .max, limit: Int = 1 << 20
  ) throws(HTTPError) -> String {
    var buffer = Array((head + raw).utf8)
    guard let parsed = try HTTPResponseHead.parse(&buffer, url: Self.url) else {
      throw .connectionFailed(url: Self.url, reason: "no head")
    }
    var reader = HTTPBodyReader(head: parsed, isHead: false, limit: limit)
    var pending: [UInt8] = []
    var rest = buffer[...]
    while !rest.isEmpty {
      pending += rest.prefix(piece)
      rest = rest.dropFirst(piece)
      try reader.consume(&pending, url: Self.url)
    }
    guard reader.isComplete else { throw .connectionFailed(url: Self.url, reason: "incomplete") }
    return String(decoding: reader.body, as: UTF8.self)
  }

  static func invalid(_ what: String) -> HTTPError {
    .connectionFailed(url: url, reason: "the answer's chunked body is not valid HTTP: \(what)")
  }

  static func malformed(_ what: String) -> HTTPError {
    .connectionFailed(url: url, reason: "the server's answer is not valid HTTP: \(what)")
  }

  @Test(
    "chunk sizes are hex digits only (RFC 9112 §7.1): signs, 0x, spaces first and empty lines are errors",
    arguments: ["-5", "+5", "0x5", " 5", "", "5 5", "g", "5\u{0B}", "1000000000000000"])
  func chunkSizes(size: String) {
    #expect(
      throws: Self.invalid(
        "a chunk size is not hexadecimal digits ('\(size.replacingOccurrences(of: "\u{0B}", with: "\\u{B}"))')"
      )
    ) {
      try body("\(size)\r\nhello\r\n0\r\n\r\n")
    }
  }

  @Test("hex digits of either case, spaces before chunk extensions and extensions are read")
  func validChunks() throws {
    #expect(try body("5\r\nhello\r\nA ;name=value\r\n0123456789\r\n0\r\n\r\n") == "hello0123456789")
    #expect(try body("00000000000005\r\nhello\r\n0;x\r\nTrailer: t\r\n\r\n") == "hello")
  }

  @Test("a body of many small chunks, fed one byte at a time, is put together")
  func bytewise() throws {
    let chunks = String(repeating: "1\r\na\r\n", count: 200) + "0\r\n\r\n"
    #expect(try body(chunks, piece: 1) == String(repeating: "a", count: 200))
  }

  @Test("bare LF line ends, overlong lines, bad trailers and missing CRLF after data are errors")
  func malformedChunks() {
    #expect(throws: Self.invalid("a line ends with a bare LF, not CRLF")) {
      try body("5\nhello\n0\n\n")
    }
    #expect(throws: Self.invalid("a chunk-size or trailer line is longer than 8 KB")) {
      try body("5;" + String(repeating: "x", count: 9000) + "\r\nhello\r\n0\r\n\r\n")
    }
    #expect(throws: Self.invalid("a chunk's data is not followed by CRLF")) {
      try body("5\r\nhelloX\r\n0\r\n\r\n")
    }
    #expect(throws: Self.invalid("a trailer line is not a header field")) {
      try body("0\r\nno colon here\r\n\r\n")
    }
    let trailers = String(
      repeating: "T: " + String(repeating: "t", count: 1000) + "\r\n", count: 70)
    #expect(throws: Self.invalid("its trailer is longer than 64 KB")) {
      try body("0\r\n" + trailers + "\r\n")
    }
  }

  @Test("a chunk announcing more than the limit stops before its data is read")
  func chunkPastLimit() {
    #expect(throws: HTTPError.bodyTooLarge(url: Self.url, limit: 10)) {
      try body("fffffffffffffff\r\n", limit: 10)
    }
  }

  @Test(
    "a head with a bad status line, header line or Content-Length is an error saying which",
    arguments: [
      ("HTTP/1.1 +20 OK\r\n\r\n", "its status line is not 'HTTP/1.x NNN reason'"),
      ("HTTP/1.1 2x0 OK\r\n\r\n", "its status line is not 'HTTP/1.x NNN reason'"),
      ("HTTP/1.1 200 O\u{1B}K\r\n\r\n", "its status line holds a control character"),
      (
        "HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n",
        "its Content-Length is not one whole number of bytes"
      ),
      (
        "HTTP/1.1 200 OK\r\nContent-Length: +5\r\n\r\n",
        "its Content-Length is not one whole number of bytes"
      ),
      (
        "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
        "its Content-Length is not one whole number of bytes"
      ),
      (
        "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
        "its Content-Length is not one whole number of bytes"
      ),
      ("HTTP/1.1 200 OK\r\nno colon\r\n\r\n", "a header line is not 'name: value'"),
      ("HTTP/1.1 200 OK\r\nName : v\r\n\r\n", "a header line is not 'name: value'"),
      ("HTTP/1.1 200 OK\r\nA: b\r\n folded\r\n\r\n", "a header line is not 'name: value'"),
      (
        "HTTP/1.1 200 OK\r\nContent-Type: text/html\u{0}\r\n\r\n",
        "a header holds a control character"
      ),
      ("HTTP/1.1 200 OK\nContent-Length: 0\n\n", "a line ends with a bare LF, not CRLF"),
    ] as [(String, String)])
  func malformedHeads(head: String, what: String) {
    var buffer = Array(head.utf8)
    #expect(throws: Self.malformed(what)) { try HTTPResponseHead.parse(&buffer, url: Self.url) }
  }

  @Test("repeated equal Content-Length headers are one length")
  func repeatedLength() throws {
    #expect(
      try body("hello", head: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\ncontent-length: 5\r\n\r\n")
        == "hello")
  }
}
