import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1, one request per connection, for the live
/// preview. It knows nothing of what it serves: a handler turns each request into
/// a response.
///
/// It has the client's care: the request line, header section and body are
/// bounded (``HTTPServerLimits``), reading and writing have deadlines, the
/// connections served at once are bounded (one more is answered 503), and a
/// malformed request gets a 4xx or 5xx answer, never a crash. Requests whose `Host`
/// is not `127.0.0.1:PORT` or `localhost:PORT` are answered 421 before any
/// handler sees them, so a page of another site whose name was rebound to
/// 127.0.0.1 (DNS rebinding) cannot read or drive it.
///
/// ```swift
/// let server = try HTTPServer(port: 0) { request in .text(200, "hello") }
/// print(server.port)   // the port the system picked
/// server.stop()
/// ```
public final class HTTPServer: @unchecked Sendable {
  public typealias Handler = @Sendable (HTTPServerRequest) -> HTTPServerResponse

  /// The port the server listens on (the one the system picked for port 0).
  public let port: UInt16
  public let limits: HTTPServerLimits
  private let listener: Int32
  private let handler: Handler
  /// `Host` values answered: `127.0.0.1:PORT` and `localhost:PORT`.
  private let allowedHosts: Set<String>
  // Guarded by `lock`.
  private let lock = NSLock()
  private var isStopping = false
  private var activeConnections = 0
  private let acceptLoopEnded = DispatchSemaphore(value: 0)

  /// Starts listening on 127.0.0.1:`port` (0 picks a free port) and serving on a
  /// thread of its own until ``stop()``.
  public init(
    port: UInt16, limits: HTTPServerLimits = HTTPServerLimits(),
    handler: @escaping Handler
  ) throws(HTTPServerStartError) {
    let (descriptor, actualPort) = try ServerSocket.listen(port: port)
    self.listener = descriptor
    self.port = actualPort
    self.limits = limits
    self.handler = handler
    self.allowedHosts = ["127.0.0.1:\(actualPort)", "localhost:\(actualPort)"]
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "beagle-run server"
    thread.start()
  }

  /// Stops accepting, waits (at most the write timeout) for the requests in flight
  /// to be answered, and closes the listening socket.
  public func stop() {
    lock.lock()
    let wasStopping = isStopping
    isStopping = true
    lock.unlock()
    guard !wasStopping else { return }
    acceptLoopEnded.wait()
    close(listener)
    let deadline = Date().addingTimeInterval(limits.writeTimeout + limits.readTimeout)
    while Date() < deadline {
      lock.lock()
      let active = activeConnections
      lock.unlock()
      if active == 0 { break }
      usleep(10_000)
    }
  }

  /// How many connections are being served now (for tests).
  public var connectionsInFlight: Int {
    lock.lock()
    defer { lock.unlock() }
    return activeConnections
  }

  // MARK: - Accepting

  private func acceptLoop() {
    defer { acceptLoopEnded.signal() }
    while true {
      lock.lock()
      let stopping = isStopping
      lock.unlock()
      if stopping { return }
      guard let connection = ServerSocket.accept(listener, waitingAtMost: 100) else { continue }
      lock.lock()
      let admitted = activeConnections < limits.maximumConnections
      if admitted { activeConnections += 1 }
      lock.unlock()
      guard admitted else {
        // Answered at once, on this thread, with a short deadline: a flood of
        // connections costs no thread and no memory.
        let response = HTTPServerResponse.text(503, "too many connections; try again")
        _ = ServerSocket.write(connection, response.bytes, before: .now() + .milliseconds(100))
        close(connection)
        continue
      }
      let thread = Thread { [self] in
        serve(connection)
        lock.lock()
        activeConnections -= 1
        lock.unlock()
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  // MARK: - Serving one connection

  private func serve(_ connection: Int32) {
    let response: HTTPServerResponse?
    switch read(connection) {
    case .success(let request):
      response = handler(request)
    case .failure(.closed):
      response = nil
    case .failure(.refused(let error)):
      response = HTTPServerResponse.text(error.status, error.description)
    }
    if let response {
      _ = ServerSocket.write(
        connection, response.bytes, before: .now() + .milliseconds(Int(limits.writeTimeout * 1000)))
    }
    ServerSocket.finish(connection)
  }

  /// Why no request was read.
  private enum ReadFailure: Error {
    /// The client closed or reset the connection before a whole request: nothing to answer.
    case closed
    /// A request that is answered with an error status.
    case refused(HTTPRequestError)
  }

  /// Reads one request: the head up to its blank line, then `Content-Length` bytes
  /// of body, all before the read deadline.
  private func read(_ connection: Int32) -> Result<HTTPServerRequest, ReadFailure> {
    let deadline = DispatchTime.now() + .milliseconds(Int(limits.readTimeout * 1000))
    let headLimit = limits.maximumRequestLineBytes + limits.maximumHeaderBytes + 4
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 8192)
    var headEnd: Int?
    var searched = 0
    func receive() -> Result<Void, ReadFailure> {
      switch chunk.withUnsafeMutableBytes({
        ServerSocket.read(connection, into: $0, before: deadline)
      }) {
      case .bytes(let count):
        buffer.append(contentsOf: chunk[..<count])
        return .success(())
      case .closed:
        return .failure(.closed)
      case .timedOut:
        return .failure(buffer.isEmpty ? .closed : .refused(.timedOut(seconds: limits.readTimeout)))
      }
    }
    while headEnd == nil {
      if case .failure(let failure) = receive() { return .failure(failure) }
      headEnd = Self.blankLine(in: buffer, from: max(0, searched - 3))
      searched = buffer.count
      if headEnd == nil {
        if Self.hasBareLineFeed(buffer) {
          return .failure(.refused(.malformedRequestLine))
        }
        if Self.lineBreak(in: buffer) == nil, buffer.count > limits.maximumRequestLineBytes + 1 {
          return .failure(.refused(.requestLineTooLong(limit: limits.maximumRequestLineBytes)))
        }
        if buffer.count > headLimit {
          if let firstBreak = Self.lineBreak(in: buffer),
            firstBreak > limits.maximumRequestLineBytes
          {
            return .failure(.refused(.requestLineTooLong(limit: limits.maximumRequestLineBytes)))
          }
          return .failure(.refused(.headersTooLarge(limit: limits.maximumHeaderBytes)))
        }
      }
    }
    guard let headEnd else { return .failure(.closed) }  // safe: the loop ends only when set
    let head: HTTPRequestHead
    do {
      head = try HTTPRequestHead(parsing: buffer[..<headEnd], limits: limits)
    } catch {
      return .failure(.refused(error))
    }
    let host = head.fields.first { $0.name.lowercased() == "host" }?.value.lowercased() ?? ""
    guard allowedHosts.contains(host) else { return .failure(.refused(.misdirected(host: host))) }
    let bodyStart = headEnd + 4
    while buffer.count - bodyStart < head.contentLength {
      if case .failure(let failure) = receive() {
        if case .closed = failure { return .failure(.closed) }
        return .failure(failure)
      }
    }
    let body = Array(buffer[bodyStart..<(bodyStart + head.contentLength)])
    return .success(
      HTTPServerRequest(
        method: head.method, path: head.path, query: head.query, fields: head.fields, body: body))
  }

  /// The index of the first `\r\n\r\n` at or after `start`.
  private static func blankLine(in buffer: [UInt8], from start: Int) -> Int? {
    guard buffer.count >= 4 else { return nil }
    var index = start
    while index + 3 < buffer.count {
      if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13,
        buffer[index + 3] == 10
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// Whether a line ends with a lone `\n` (not `\r\n`): HTTP/1.1 lines end with CRLF,
  /// and guessing otherwise is how requests get smuggled past proxies.
  private static func hasBareLineFeed(_ buffer: [UInt8]) -> Bool {
    for index in buffer.indices where buffer[index] == 10 {
      if index == 0 || buffer[index - 1] != 13 { return true }
    }
    return false
  }

  /// The index of the first `\r\n`.
  private static func lineBreak(in buffer: [UInt8]) -> Int? {
    var index = 0
    while index + 1 < buffer.count {
      if buffer[index] == 13, buffer[index + 1] == 10 { return index }
      index += 1
    }
    return nil
  }
}
