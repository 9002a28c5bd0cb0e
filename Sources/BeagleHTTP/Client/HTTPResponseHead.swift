/// The status line and the headers beagle-run reads from an HTTP/1.x answer.
struct HTTPResponseHead: Equatable {
  var status: Int
  var contentType: String?
  /// `Content-Length`, when given.
  var contentLength: Int?
  /// Whether `Transfer-Encoding` ends with `chunked`.
  var isChunked = false
  /// `Location`, for redirects.
  var location: String?

  /// Parses the head at the start of `buffer` and removes it; nil while the blank
  /// line that ends it has not arrived yet.
  ///
  /// - Throws: ``HTTPError/connectionFailed(url:reason:)`` as soon as the bytes
  ///   cannot be the start of an HTTP answer, or the head is malformed.
  static func parse(
    _ buffer: inout [UInt8], url: String
  ) throws(HTTPError)
    -> HTTPResponseHead?
  {
    let prefix = Array("HTTP/".utf8)
    guard buffer.starts(with: prefix.prefix(buffer.count)) else {
      throw .connectionFailed(url: url, reason: "the server's answer is not HTTP")
    }
    // A head whose lines end with a bare LF would wait for a CRLF CRLF that never
    // comes. Checked first, on what arrived so far, so that the error does not depend
    // on how the bytes were cut.
    let end = Self.blankLine(in: buffer)
    let received = buffer[..<(end?.start ?? buffer.count)]
    for index in received.indices
    where received[index] == 10 && (index == 0 || received[index - 1] != 13) {
      throw malformed(url, "a line ends with a bare LF, not CRLF")
    }
    guard let end else { return nil }
    let text = String(decoding: buffer[..<end.start], as: UTF8.self)
    buffer.removeFirst(end.end)
    var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
    guard let statusLine = lines.popFirst() else { throw malformed(url) }
    let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].utf8.count == 3,
      parts[1].utf8.allSatisfy(isDigit), let status = Int(parts[1]), (100...599).contains(status)
    else { throw malformed(url, "its status line is not 'HTTP/1.x NNN reason'") }
    guard !statusLine.utf8.contains(where: HTTPBodyReader.isForbiddenInField) else {
      throw malformed(url, "its status line holds a control character")
    }
    var head = HTTPResponseHead(status: status)
    for line in lines {
      // `name: value`, the name a token (no space before the colon, no folded line),
      // no control character anywhere (RFC 9110 §5.5, RFC 9112 §5).
      guard let colon = line.firstIndex(of: ":"), colon > line.startIndex,
        line[..<colon].utf8.allSatisfy(HTTPBodyReader.isTokenByte)
      else { throw malformed(url, "a header line is not 'name: value'") }
      guard !line.utf8.contains(where: HTTPBodyReader.isForbiddenInField) else {
        throw malformed(url, "a header holds a control character")
      }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingSpaces()
      switch name {
      case "content-type":
        head.contentType = value
      case "content-length":
        // Digits only (no sign), few enough for an `Int`; repeated, always the same.
        guard !value.isEmpty, value.utf8.count <= 18, value.utf8.allSatisfy(isDigit),
          let length = Int(value), head.contentLength == nil || head.contentLength == length
        else { throw malformed(url, "its Content-Length is not one whole number of bytes") }
        head.contentLength = length
      case "transfer-encoding":
        head.isChunked =
          value.lowercased().split(separator: ",").last?.trimmingSpaces() == "chunked"
      case "location":
        head.location = value
      default:
        continue
      }
    }
    return head
  }

  private static func malformed(_ url: String, _ what: String? = nil) -> HTTPError {
    .connectionFailed(
      url: url, reason: "the server's answer is not valid HTTP" + (what.map { ": \($0)" } ?? ""))
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Where the head's final CRLF CRLF starts and ends.
  private static func blankLine(in buffer: [UInt8]) -> (start: Int, end: Int)? {
    guard buffer.count >= 4 else { return nil }
    for index in 0...(buffer.count - 4)
    where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13
      && buffer[index + 3] == 10
    {
      return (index, index + 4)
    }
    return nil
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
