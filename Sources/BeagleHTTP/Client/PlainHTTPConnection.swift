import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One plain `http:` request over a POSIX socket: HTTP/1.1, `Connection: close`.
///
/// beagle-run speaks plain HTTP itself rather than through `URLSession`: on Linux,
/// swift-corelibs-foundation keeps a write-readiness source registered on the socket
/// while it waits for the answer, so waiting for a slow server spins a core. Here
/// every wait is a `poll` with a deadline: an unresponsive server costs no CPU. It
/// also makes the failures precise (reset, closed without an answer, not HTTP) and
/// the same on every platform. `https:` goes through libcurl (``CurlTransfer``) on
/// Linux, `URLSession` (``SessionTransfer``) on Apple platforms.
///
/// The body is read as it arrives and the exchange stops as soon as it passes
/// ``HTTPLimits/maximumBodyBytes`` (or a `Content-Length` announces more), so memory
/// stays bounded whatever the server sends.
struct PlainHTTPConnection {
  var request: HTTPRequest
  var url: URL
  /// The URL as messages name it.
  var text: String
  var limits: HTTPLimits
  var transfer: HTTPTransfer

  /// The longest head (status line and headers) read.
  static let maximumHeadBytes = 64 << 10
  /// How often a wait wakes up to see whether the transfer was given up.
  static let pollSlice: Int32 = 250

  /// The most redirects followed (as `URLSession` on Apple platforms).
  static let maximumRedirects = 16

  /// Runs the exchange, following redirects; the answer or why there is none.
  func run() -> Result<HTTPResponse, HTTPError> {
    var current = url
    var request = request
    do {
      for _ in 0...Self.maximumRedirects {
        let (head, response) = try exchange(request, at: current)
        guard HTTPRedirect.statuses.contains(head.status), let location = head.location,
          let next = URL(string: location, relativeTo: current)?.absoluteURL
        else { return .success(response) }
        guard next.scheme?.lowercased() == "http", next.host != nil else {
          throw HTTPError.connectionFailed(
            url: text,
            reason:
              "it redirects to '\(next.absoluteString)', which is not a plain http url; give that url instead"
          )
        }
        request = HTTPRedirect.follow(request, status: head.status, from: current, to: next)
        current = next
      }
      throw HTTPError.connectionFailed(
        url: text, reason: "too many redirects (more than \(Self.maximumRedirects))")
    } catch let error as HTTPError {
      return .failure(error)
    } catch {
      return .failure(.connectionFailed(url: text, reason: "\(error)"))
    }
  }

  private var deadline: DispatchTime { transfer.started + limits.timeout }

  private func exchange(
    _ request: HTTPRequest, at url: URL
  ) throws(HTTPError) -> (HTTPResponseHead, HTTPResponse) {
    let socket = try connect(to: url)
    defer { close(socket) }
    try send(requestBytes(request, url: url), on: socket)
    return try readResponse(from: socket, method: request.method)
  }

  // MARK: - Connecting

  private func connect(to url: URL) throws(HTTPError) -> Int32 {
    guard let host = url.host, !host.isEmpty else { throw .invalidURL(text) }
    let port = url.port ?? 80
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    let name =
      host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    guard getaddrinfo(name, String(port), &hints, &list) == 0, let first = list else {
      throw .connectionFailed(url: text, reason: "the host '\(host)' cannot be found")
    }
    defer { freeaddrinfo(list) }
    var lastError = ECONNREFUSED
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let address = entry {
      entry = address.pointee.ai_next
      let fd = socket(
        address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
      guard fd >= 0 else { continue }
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
      #endif
      if systemConnect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
        return fd
      }
      guard errno == EINPROGRESS else {
        lastError = errno
        close(fd)
        continue
      }
      do {
        try waitFor(fd, events: Int16(POLLOUT))
      } catch {
        close(fd)
        throw error
      }
      var socketError: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &socketError, &length)
      if socketError == 0 { return fd }
      lastError = socketError
      close(fd)
    }
    throw .connectionFailed(url: text, reason: Self.reason(errno: lastError, phase: .connecting))
  }

  // MARK: - Sending

  private func requestBytes(_ request: HTTPRequest, url: URL) throws(HTTPError) -> [UInt8] {
    var target = url.path.isEmpty ? "/" : ""
    if let components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
      target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
      if let query = components.percentEncodedQuery { target += "?" + query }
    }
    var host = url.host ?? ""
    if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }  // IPv6
    if let port = url.port { host += ":\(port)" }
    var head = "\(request.method.rawValue) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
    let body = request.body?.bytes ?? []
    for (name, value) in request.headersWithContentType.sorted(by: { $0.key < $1.key }) {
      let lowered = name.lowercased()
      guard !["host", "content-length", "connection", "transfer-encoding"].contains(lowered)
      else { continue }
      guard Self.isToken(name), !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 })
      else {
        throw .connectionFailed(
          url: text, reason: "the header '\(name)' is not a valid HTTP header (a line break?)")
      }
      head += "\(name): \(value)\r\n"
    }
    if !body.isEmpty || request.body != nil { head += "Content-Length: \(body.count)\r\n" }
    head += "Accept: application/json, */*\r\nConnection: close\r\n\r\n"
    return Array(head.utf8) + body
  }

  private func send(_ bytes: [UInt8], on fd: Int32) throws(HTTPError) {
    var offset = 0
    while offset < bytes.count {
      try waitFor(fd, events: Int16(POLLOUT))
      let sent = bytes[offset...].withUnsafeBytes { buffer in
        systemSend(fd, buffer.baseAddress, buffer.count)
      }
      if sent < 0 {
        if errno == EAGAIN || errno == EINTR { continue }
        throw .connectionFailed(url: text, reason: Self.reason(errno: errno, phase: .sending))
      }
      offset += sent
    }
  }

  // MARK: - Receiving

  private func readResponse(
    from fd: Int32, method: HTTPMethod
  ) throws(HTTPError) -> (HTTPResponseHead, HTTPResponse) {
    var buffer: [UInt8] = []
    var head: HTTPResponseHead
    repeat {
      head = try readHead(from: fd, buffer: &buffer)
    } while (100...199).contains(head.status)
    var body = HTTPBodyReader(head: head, isHead: method == .head, limit: limits.maximumBodyBytes)
    if let announced = body.announcedLength, announced > limits.maximumBodyBytes {
      throw .bodyTooLarge(url: text, limit: limits.maximumBodyBytes)
    }
    try body.consume(&buffer, url: text)
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while !body.isComplete {
      let count = try receive(from: fd, into: &chunk)
      if count == 0 {
        guard body.endsAtClose else {
          throw .connectionFailed(
            url: text, reason: "the server closed the connection before the whole body arrived")
        }
        break
      }
      buffer += chunk[0..<count]
      try body.consume(&buffer, url: text)
    }
    return (head, HTTPResponse(status: head.status, contentType: head.contentType, body: body.body))
  }

  private func readHead(
    from fd: Int32, buffer: inout [UInt8]
  ) throws(HTTPError)
    -> HTTPResponseHead
  {
    var chunk = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      if let head = try HTTPResponseHead.parse(&buffer, url: text) { return head }
      guard buffer.count <= Self.maximumHeadBytes else {
        throw .connectionFailed(
          url: text,
          reason: "the answer's headers are longer than \(Self.maximumHeadBytes / 1024) KB")
      }
      let count = try receive(from: fd, into: &chunk)
      guard count > 0 else {
        throw .connectionFailed(
          url: text,
          reason: buffer.isEmpty
            ? "the server closed the connection without answering"
            : "the server closed the connection in the middle of the answer's headers")
      }
      buffer += chunk[0..<count]
    }
  }

  /// Reads what is there (0 at the end of the stream), waiting for it first.
  private func receive(from fd: Int32, into chunk: inout [UInt8]) throws(HTTPError) -> Int {
    while true {
      try waitFor(fd, events: Int16(POLLIN))
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count >= 0 { return count }
      if errno == EAGAIN || errno == EINTR { continue }
      throw .connectionFailed(url: text, reason: Self.reason(errno: errno, phase: .receiving))
    }
  }

  /// Blocks in `poll` until `fd` is ready, the deadline passes or the transfer is
  /// given up.
  private func waitFor(_ fd: Int32, events: Int16) throws(HTTPError) {
    while true {
      if transfer.wasCancelled { throw .timedOut(url: text, seconds: limits.timeout) }
      let now = DispatchTime.now()
      guard now < deadline else { throw .timedOut(url: text, seconds: limits.timeout) }
      let left = Int32(
        min(
          Double(Self.pollSlice),
          Double(deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1e6 + 1))
      var descriptor = pollfd(fd: fd, events: events, revents: 0)
      let ready = poll(&descriptor, 1, left)
      if ready > 0 { return }
      if ready < 0, errno != EINTR {
        throw .connectionFailed(url: text, reason: Self.reason(errno: errno, phase: .receiving))
      }
    }
  }

  // MARK: - Helpers

  enum Phase { case connecting, sending, receiving }

  /// A plain reason for a socket error.
  static func reason(errno code: Int32, phase: Phase) -> String {
    switch code {
    case ECONNREFUSED: return "connection refused"
    case ECONNRESET: return "the server reset the connection"
    case EPIPE: return "the server closed the connection while the request was sent"
    case ETIMEDOUT: return "the connection timed out"
    case ENETUNREACH, EHOSTUNREACH: return "the host cannot be reached"
    default:
      let what =
        switch phase {
        case .connecting: "connecting"
        case .sending: "sending the request"
        case .receiving: "receiving the answer"
        }
      return "\(what) failed: \(String(cString: strerror(code)).lowercased())"
    }
  }

  /// Whether `name` is an HTTP token (RFC 9110 §5.6.2).
  static func isToken(_ name: String) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
          || (byte >= 0x61 && byte <= 0x7A) || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
      }
  }
}

// The C calls, named apart from this type's methods.
private func systemConnect(
  _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t
) -> Int32 {
  connect(fd, address, length)
}
