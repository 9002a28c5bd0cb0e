/// Reads a whole answer held in memory as the client reads one from a socket: the
/// head (1xx heads skipped), then the body framed by `Content-Length`, chunks or the
/// end of the bytes, the bytes arriving in pieces of `piece` bytes. For the fuzz
/// target and tests: the same code as the socket client, without a socket.
package enum HTTPFraming {
  /// The status and body `bytes` frame, or the error the client would give.
  package static func read(
    _ bytes: [UInt8], piece: Int, limit: Int, url: String = "http://fuzz/"
  ) -> Result<HTTPResponse, HTTPError> {
    let piece = max(1, piece)
    var pending: [UInt8] = []
    var rest = bytes[...]
    func more() -> Bool {
      guard !rest.isEmpty else { return false }
      pending += rest.prefix(piece)
      rest = rest.dropFirst(piece)
      return true
    }
    do throws(HTTPError) {
      var head: HTTPResponseHead?
      while head == nil || (100...199).contains(head?.status ?? 0) {
        head = nil
        while head == nil {
          head = try HTTPResponseHead.parse(&pending, url: url)
          if head == nil, !more() {
            throw .connectionFailed(url: url, reason: "the answer ended in its head")
          }
        }
      }
      guard let head else { throw .connectionFailed(url: url, reason: "no head") }
      var body = HTTPBodyReader(head: head, isHead: false, limit: limit)
      try body.consume(&pending, url: url)
      while !body.isComplete {
        guard more() else {
          guard body.endsAtClose else {
            throw .connectionFailed(url: url, reason: "the answer ended in its body")
          }
          break
        }
        try body.consume(&pending, url: url)
      }
      return .success(
        HTTPResponse(status: head.status, contentType: head.contentType, body: body.body))
    } catch {
      return .failure(error)
    }
  }
}
