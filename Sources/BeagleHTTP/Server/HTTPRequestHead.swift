/// The request line and header fields of a request, parsed strictly from the
/// bytes before the blank line (RFC 9112): anything ambiguous is refused rather
/// than guessed, since a preview server has no legacy clients to forgive.
struct HTTPRequestHead: Sendable, Equatable {
  var method: String
  var path: String
  var query: String?
  var fields: [HTTPServerRequest.Field]
  /// The announced body length (0 without `Content-Length`).
  var contentLength: Int

  /// Parses `bytes`, the head without its final blank line (`\r\n\r\n`).
  init(parsing bytes: ArraySlice<UInt8>, limits: HTTPServerLimits) throws(HTTPRequestError) {
    let lines = Self.lines(bytes)
    guard let requestLine = lines.first else { throw .malformedRequestLine }
    guard requestLine.count <= limits.maximumRequestLineBytes else {
      throw .requestLineTooLong(limit: limits.maximumRequestLineBytes)
    }
    let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenByte),
      let target = parts[1].first, target == UInt8(ascii: "/"),
      parts[1].allSatisfy({ $0 > 32 && $0 < 127 })
    else { throw .malformedRequestLine }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version.hasPrefix("HTTP/") else { throw .malformedRequestLine }
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      throw .unsupportedVersion(version)
    }
    method = String(decoding: parts[0], as: UTF8.self)
    let targetText = String(decoding: parts[1], as: UTF8.self)
    if let mark = targetText.firstIndex(of: "?") {
      path = String(targetText[..<mark])
      query = String(targetText[targetText.index(after: mark)...])
    } else {
      path = targetText
      query = nil
    }
    let fieldLines = lines.dropFirst()
    guard fieldLines.reduce(0, { $0 + $1.count + 2 }) <= limits.maximumHeaderBytes else {
      throw .headersTooLarge(limit: limits.maximumHeaderBytes)
    }
    guard fieldLines.count <= limits.maximumHeaderCount else {
      throw .tooManyHeaders(limit: limits.maximumHeaderCount)
    }
    var fields: [HTTPServerRequest.Field] = []
    for (offset, line) in fieldLines.enumerated() {
      // No obsolete line folding, no space before the colon, a token name, and a
      // value without control characters (RFC 9112 §5).
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
        line[..<colon].allSatisfy(Self.isTokenByte),
        line[(colon + 1)...].allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) })
      else { throw .malformedHeader(line: offset + 2) }
      let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
        .trimmingCharacters(in: " \t")
      fields.append(.init(name: String(decoding: line[..<colon], as: UTF8.self), value: value))
    }
    self.fields = fields
    let hosts = fields.filter { $0.name.lowercased() == "host" }
    if hosts.count > 1 { throw .duplicateHost }
    if hosts.isEmpty, version == "HTTP/1.1" { throw .missingHost }
    if fields.contains(where: { $0.name.lowercased() == "transfer-encoding" }) {
      throw .transferEncodingUnsupported
    }
    let lengths = Set(fields.filter { $0.name.lowercased() == "content-length" }.map(\.value))
    guard lengths.count <= 1 else { throw .invalidContentLength }
    if let length = lengths.first {
      guard !length.isEmpty, length.utf8.count <= 18,
        length.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
        let value = Int(length)
      else { throw .invalidContentLength }
      guard value <= limits.maximumBodyBytes else {
        throw .bodyTooLarge(limit: limits.maximumBodyBytes)
      }
      contentLength = value
    } else {
      contentLength = 0
    }
  }

  /// The lines of the head, split on CRLF; a lone CR or LF is malformed, so it
  /// stays inside a line and fails that line's checks.
  private static func lines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == 13, index + 1 < bytes.endIndex, bytes[index + 1] == 10 {
        lines.append(bytes[start..<index])
        index += 2
        start = index
      } else {
        index += 1
      }
    }
    lines.append(bytes[start..<bytes.endIndex])
    return lines
  }

  /// RFC 9110 `tchar`.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: String) -> String {
    let characters = Set(set)
    guard let first = firstIndex(where: { !characters.contains($0) }),
      let last = lastIndex(where: { !characters.contains($0) })
    else { return "" }
    return String(self[first...last])
  }
}
