import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A canned answer of ``TestHTTPServer``.
struct CannedResponse: Sendable {
  var status: Int
  var reason: String = "OK"
  var headers: [(String, String)] = []
  var body: [UInt8] = []
  /// Seconds to wait before answering.
  var delay: Double = 0
  /// What the server does instead of a plain answer.
  var behavior = Behavior.answer

  /// How a canned response is sent.
  enum Behavior: Sendable {
    /// The status line, the headers with `Content-Length`, the body.
    case answer
    /// Closes the connection without a byte.
    case drop
    /// Resets the connection (`SO_LINGER` 0, then close): the client sees ECONNRESET.
    case reset
    /// Sends these bytes as they are, then closes.
    case raw([UInt8])
    /// The status line and headers without `Content-Length`, then this many bytes of
    /// `x` in 64 KB writes, until done or the client goes away.
    case stream(bytes: Int)
  }

  static func json(_ text: String, status: Int = 200, reason: String = "OK") -> CannedResponse {
    CannedResponse(
      status: status, reason: reason, headers: [("Content-Type", "application/json")],
      body: Array(text.utf8))
  }
}

/// A request as the server received it.
struct ReceivedRequest: Sendable, Equatable {
  var method: String
  var target: String
  /// Header names lowercased.
  var headers: [String: String]
  var body: [UInt8]
}

enum TestServerError: Error {
  case socket(String)
}

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: POSIX sockets, one background
/// thread, one request per connection (`Connection: close`), answers looked up by
/// path (without the query); unknown paths get 404. It serves at most
/// `maxRequests` connections, then stops; ``shutdown()`` stops it earlier.
final class TestHTTPServer: @unchecked Sendable {
  let port: UInt16
  private let listener: Int32
  private let routes: [String: CannedResponse]
  private let lock = NSLock()
  private var stopping = false
  private var received: [ReceivedRequest] = []
  private let finished = DispatchSemaphore(value: 0)
  private let isConcurrent: Bool
  private var inFlight = 0
  private var mostInFlight = 0
  private var sentBytes = 0

  /// - Parameter concurrent: whether each connection is served on its own thread
  ///   (else one at a time, in order).
  init(routes: [String: CannedResponse], maxRequests: Int = 8, concurrent: Bool = false) throws {
    self.routes = routes
    self.isConcurrent = concurrent
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw TestServerError.socket("socket: \(errno)") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 16) == 0 else {
      close(fd)
      throw TestServerError.socket("bind/listen: \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    listener = fd
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in
      serve(maxRequests: maxRequests)
    }
  }

  /// `http://127.0.0.1:PORT`.
  var baseURL: String { "http://127.0.0.1:\(port)" }

  /// The requests received so far.
  var requests: [ReceivedRequest] {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  /// The most requests the server was handling at the same time.
  var mostConcurrentRequests: Int {
    lock.lock()
    defer { lock.unlock() }
    return mostInFlight
  }

  /// The bytes of bodies sent so far (``CannedResponse/Behavior/stream(bytes:)``).
  var bodyBytesSent: Int {
    lock.lock()
    defer { lock.unlock() }
    return sentBytes
  }

  /// Stops serving (a delayed answer is abandoned) and closes the socket.
  func shutdown() {
    lock.lock()
    stopping = true
    lock.unlock()
    _ = finished.wait(timeout: .now() + 2)
    close(listener)
  }

  private var isStopping: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopping
  }

  private func serve(maxRequests: Int) {
    var served = 0
    while served < maxRequests, !isStopping {
      guard wait(for: listener, milliseconds: 50) else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      served += 1
      if isConcurrent {
        let handling = DispatchGroup()
        handling.enter()
        Thread.detachNewThread { [self] in
          handle(client)
          close(client)
          handling.leave()
        }
        pending.append(handling)
      } else {
        handle(client)
        close(client)
      }
    }
    for handling in pending { handling.wait() }
    finished.signal()
  }

  private var pending: [DispatchGroup] = []

  private func wait(for fd: Int32, milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, milliseconds) > 0
  }

  private func handle(_ client: Int32) {
    guard let request = read(client) else { return }
    lock.lock()
    received.append(request)
    inFlight += 1
    mostInFlight = max(mostInFlight, inFlight)
    lock.unlock()
    defer {
      lock.lock()
      inFlight -= 1
      lock.unlock()
    }
    let path = String(request.target.prefix { $0 != "?" })
    let response =
      routes[path]
      ?? CannedResponse.json(#"{"error":"not found"}"#, status: 404, reason: "Not Found")
    var waited = 0.0
    while waited < response.delay {
      if isStopping { return }
      usleep(20_000)
      waited += 0.02
    }
    var head = "HTTP/1.1 \(response.status) \(response.reason)\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    switch response.behavior {
    case .answer:
      head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
      send(client, Array(head.utf8) + response.body)
    case .drop:
      return
    case .reset:
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    case .raw(let bytes):
      send(client, bytes)
    case .stream(let total):
      head += "Connection: close\r\n\r\n"
      guard send(client, Array(head.utf8)) else { return }
      let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
      var left = total
      while left > 0, !isStopping {
        let part = Array(chunk.prefix(left))
        guard send(client, part) else { return }
        lock.lock()
        sentBytes += part.count
        lock.unlock()
        left -= part.count
      }
    }
  }

  /// Reads one request: the head up to the blank line, then Content-Length bytes.
  private func read(_ client: Int32) -> ReceivedRequest? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let separator = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    var contentLength = 0
    while bytes.count < 1 << 20 {
      if let end = headEnd, bytes.count >= end + contentLength { break }
      guard wait(for: client, milliseconds: 1000) else { return nil }
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      bytes += buffer[0..<count]
      if headEnd == nil, let range = bytes.firstRange(of: separator) {
        headEnd = range.upperBound
        let head = String(decoding: bytes[..<range.lowerBound], as: UTF8.self)
        contentLength = Self.headers(of: head)["content-length"].flatMap { Int($0) } ?? 0
      }
    }
    guard let headEnd else { return nil }
    let head = String(decoding: bytes[..<(headEnd - 4)], as: UTF8.self)
    let requestLine = head.split(separator: "\r\n", maxSplits: 1).first ?? ""
    let parts = requestLine.split(separator: " ")
    guard parts.count >= 2 else { return nil }
    return ReceivedRequest(
      method: String(parts[0]), target: String(parts[1]), headers: Self.headers(of: head),
      body: Array(bytes[headEnd...]))
  }

  private static func headers(of head: String) -> [String: String] {
    var headers: [String: String] = [:]
    for line in head.split(separator: "\r\n").dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return headers
  }

  /// Sends all of `bytes`; false when the client went away.
  @discardableResult
  private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(client, $0.baseAddress, $0.count, flags)
      }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }
}

/// A port on 127.0.0.1 where nothing listens: bound, then closed.
func closedPort() -> UInt16 {
  #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
  #endif
  defer { close(fd) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  _ = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  _ = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
  }
  return UInt16(bigEndian: address.sin_port)
}
