/// Reads an HTTP/1.1 body as its bytes arrive — `Content-Length`, chunked, or up to
/// the end of the connection — and stops past a size limit.
struct HTTPBodyReader {
  private enum Framing: Equatable {
    case none
    case length(Int)
    case chunked
    case untilClose
  }

  private enum ChunkState: Equatable {
    case size
    case data(Int)
    case dataEnd
    case trailer
  }

  private let framing: Framing
  private let limit: Int
  private var chunkState = ChunkState.size
  /// The body read so far.
  private(set) var body: [UInt8] = []
  /// Whether the whole body has arrived.
  private(set) var isComplete = false

  /// The longest chunk-size or trailer line accepted.
  static let maximumLineBytes = 8 << 10
  /// The most trailer bytes accepted (as many as a head: they are headers too).
  static let maximumTrailerBytes = 64 << 10
  /// The trailer bytes read so far.
  private var trailerBytes = 0

  init(head: HTTPResponseHead, isHead: Bool, limit: Int) {
    self.limit = limit
    if isHead || head.status == 204 || head.status == 304 {
      framing = .none
    } else if head.isChunked {
      framing = .chunked
    } else if let length = head.contentLength {
      framing = .length(length)
    } else {
      framing = .untilClose
    }
    isComplete = framing == .none || framing == .length(0)
  }

  /// The length the head announced, if any.
  var announcedLength: Int? {
    if case .length(let length) = framing { return length }
    return nil
  }

  /// Whether the end of the connection ends the body.
  var endsAtClose: Bool { framing == .untilClose }

  /// Takes what it can from `buffer` (removing it).
  ///
  /// - Throws: ``HTTPError/bodyTooLarge(url:limit:)`` past the limit, and
  ///   ``HTTPError/connectionFailed(url:reason:)`` for a malformed chunked body.
  mutating func consume(_ buffer: inout [UInt8], url: String) throws(HTTPError) {
    switch framing {
    case .none:
      buffer.removeAll()
    case .length(let length):
      let taken = min(length - body.count, buffer.count)
      body += buffer[..<taken]
      buffer.removeAll()
      isComplete = body.count == length
    case .untilClose:
      body += buffer
      buffer.removeAll()
    case .chunked:
      try consumeChunks(&buffer, url: url)
    }
    if body.count > limit { throw .bodyTooLarge(url: url, limit: limit) }
  }

  private mutating func consumeChunks(
    _ buffer: inout [UInt8], url: String
  )
    throws(HTTPError)
  {
    // A cursor over the buffer, and what it passed removed once at the end: removing
    // each line from the front copied the rest of the buffer every time (a body of
    // many small chunks cost the square of its size).
    var cursor = buffer.startIndex
    defer { buffer.removeSubrange(buffer.startIndex..<cursor) }
    while !isComplete {
      switch chunkState {
      case .size, .trailer:
        // The same checks, in the same order, whether the line is whole or still
        // arriving: the error does not depend on how the bytes were cut.
        guard let lineEnd = Self.lineEnd(in: buffer, from: cursor) else {
          try Self.checkLine(buffer[cursor...], url: url)
          return
        }
        let line = buffer[cursor..<lineEnd]
        cursor = lineEnd + 2
        try Self.checkLine(line, url: url)
        if chunkState == .trailer {
          if line.isEmpty {
            isComplete = true
            continue
          }
          trailerBytes += line.count + 2
          guard trailerBytes <= Self.maximumTrailerBytes else {
            throw Self.invalid(url, "its trailer is longer than 64 KB")
          }
          guard Self.isFieldLine(line) else {
            throw Self.invalid(url, "a trailer line is not a header field")
          }
          continue
        }
        guard let size = Self.chunkSize(line) else {
          throw Self.invalid(
            url, "a chunk size is not hexadecimal digits ('\(Self.quoted(line))')")
        }
        if body.count + size > limit { throw .bodyTooLarge(url: url, limit: limit) }
        chunkState = size == 0 ? .trailer : .data(size)
      case .data(let remaining):
        guard cursor < buffer.endIndex else { return }
        let taken = min(remaining, buffer.endIndex - cursor)
        body += buffer[cursor..<(cursor + taken)]
        cursor += taken
        chunkState = taken == remaining ? .dataEnd : .data(remaining - taken)
      case .dataEnd:
        guard buffer.endIndex - cursor >= 2 else { return }
        guard buffer[cursor] == 13, buffer[cursor + 1] == 10 else {
          throw Self.invalid(url, "a chunk's data is not followed by CRLF")
        }
        cursor += 2
        chunkState = .size
      }
    }
  }

  /// A line (or what arrived of it) ended by a bare LF, which would wait for a CRLF
  /// that never comes, or longer than ``maximumLineBytes``.
  private static func checkLine(_ line: ArraySlice<UInt8>, url: String) throws(HTTPError) {
    if line.prefix(maximumLineBytes + 1).contains(10) {
      throw invalid(url, "a line ends with a bare LF, not CRLF")
    }
    if line.count > maximumLineBytes {
      throw invalid(url, "a chunk-size or trailer line is longer than 8 KB")
    }
  }

  /// The error for a malformed chunked body, saying what was wrong.
  private static func invalid(_ url: String, _ what: String) -> HTTPError {
    .connectionFailed(url: url, reason: "the answer's chunked body is not valid HTTP: \(what)")
  }

  /// The most hex digits of a chunk size: 15 give at most 2^60 - 1, far above any
  /// body limit, and cannot overflow an `Int`.
  static let maximumChunkSizeDigits = 15

  /// The size a chunk-size line announces (RFC 9112 §7.1): one to
  /// ``maximumChunkSizeDigits`` hex digits, then optional spaces or tabs and chunk
  /// extensions after `;` (ignored, without control characters); nil for anything
  /// else (a sign, `0x`, spaces before the digits, a bare line).
  static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
    var size = 0
    var index = line.startIndex
    while index < line.endIndex, let digit = hexValue(line[index]) {
      guard index - line.startIndex < maximumChunkSizeDigits else { return nil }
      size = size << 4 | digit
      index += 1
    }
    guard index > line.startIndex else { return nil }
    while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    guard index == line.endIndex || line[index] == UInt8(ascii: ";") else { return nil }
    guard !line[index...].contains(where: isForbiddenInField) else { return nil }
    return size
  }

  /// Whether a trailer line is `name: value` with a token name and no control character.
  static func isFieldLine(_ line: ArraySlice<UInt8>) -> Bool {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
      return false
    }
    return line[..<colon].allSatisfy(isTokenByte) && !line.contains(where: isForbiddenInField)
  }

  /// Control characters other than tab: never inside a field (RFC 9110 §5.5).
  static func isForbiddenInField(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x09) || byte == 0x7F
  }

  /// A byte of an HTTP token (RFC 9110 §5.6.2).
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      true
    default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }

  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }

  /// At most 40 bytes of `line`, control characters escaped, for a message.
  private static func quoted(_ line: ArraySlice<UInt8>) -> String {
    let text = String(decoding: line.prefix(40), as: UTF8.self)
    var shown = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
        shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return line.count > 40 ? shown + "…" : shown
  }

  /// The index of the first CRLF at or after `start`.
  private static func lineEnd(in buffer: [UInt8], from start: Int) -> Int? {
    guard buffer.count - start >= 2 else { return nil }
    var index = start
    while index < buffer.count - 1 {
      if buffer[index] == 13 && buffer[index + 1] == 10 { return index }
      index += 1
    }
    return nil
  }
}
