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
    let invalid = HTTPError.connectionFailed(
      url: url, reason: "the answer's chunked body is not valid HTTP")
    while !isComplete {
      switch chunkState {
      case .size, .trailer:
        guard let lineEnd = Self.lineEnd(in: buffer) else {
          if buffer.count > Self.maximumLineBytes { throw invalid }
          return
        }
        let line = String(decoding: buffer[..<lineEnd], as: UTF8.self)
        buffer.removeFirst(lineEnd + 2)
        if chunkState == .trailer {
          if line.isEmpty { isComplete = true }
          continue
        }
        let digits = line.prefix { $0 != ";" }.trimmingSpaces()
        guard !digits.isEmpty, digits.utf8.count <= 15, let size = Int(digits, radix: 16) else {
          throw invalid
        }
        if body.count + size > limit { throw .bodyTooLarge(url: url, limit: limit) }
        chunkState = size == 0 ? .trailer : .data(size)
      case .data(let remaining):
        guard !buffer.isEmpty else { return }
        let taken = min(remaining, buffer.count)
        body += buffer[..<taken]
        buffer.removeFirst(taken)
        chunkState = taken == remaining ? .dataEnd : .data(remaining - taken)
      case .dataEnd:
        guard buffer.count >= 2 else { return }
        guard buffer[0] == 13, buffer[1] == 10 else { throw invalid }
        buffer.removeFirst(2)
        chunkState = .size
      }
    }
  }

  /// The index of the first CRLF.
  private static func lineEnd(in buffer: [UInt8]) -> Int? {
    guard buffer.count >= 2 else { return nil }
    for index in 0..<(buffer.count - 1) where buffer[index] == 13 && buffer[index + 1] == 10 {
      return index
    }
    return nil
  }
}
