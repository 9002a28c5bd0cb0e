import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX calls of the server: a listening socket on 127.0.0.1, accepting, and
/// reading and writing a connection with deadlines (every wait is a `poll`, so a
/// silent client costs no CPU and never blocks a thread past its deadline).
enum ServerSocket {
  /// A non-blocking socket listening on 127.0.0.1:`port` (0 picks a free port),
  /// and the port it got.
  static func listen(port: UInt16) throws(HTTPServerStartError) -> (descriptor: Int32, port: UInt16)
  {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw HTTPServerStartError(call: "socket", code: errno) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian  // 127.0.0.1 only
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(fd)
      throw HTTPServerStartError(call: "bind", code: code)
    }
    guard systemListen(fd, 64) == 0 else {
      let code = errno
      close(fd)
      throw HTTPServerStartError(call: "listen", code: code)
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(fd, $0, &length)
      }
    }
    makeNonBlocking(fd)
    return (fd, UInt16(bigEndian: actual.sin_port))
  }

  /// A connection waiting on `fd`, non-blocking; nil when none arrives within
  /// `milliseconds`.
  static func accept(_ fd: Int32, waitingAtMost milliseconds: Int32) -> Int32? {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, milliseconds) > 0 else { return nil }
    let connection = systemAccept(fd, nil, nil)
    guard connection >= 0 else { return nil }
    makeNonBlocking(connection)
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return connection
  }

  /// What a read gave.
  enum Read {
    case bytes(Int)
    case closed
    case timedOut
  }

  /// Reads what is there (at most `buffer.count` bytes) before `deadline`.
  static func read(
    _ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, before deadline: DispatchTime
  ) -> Read {
    while true {
      guard wait(fd, events: Int16(POLLIN), before: deadline) else { return .timedOut }
      let count = recv(fd, buffer.baseAddress, buffer.count, 0)
      if count > 0 { return .bytes(count) }
      if count == 0 { return .closed }
      if errno == EAGAIN || errno == EINTR || errno == EWOULDBLOCK { continue }
      return .closed
    }
  }

  /// Writes all of `bytes` before `deadline`; false when the client went away or
  /// did not take them in time.
  static func write(_ fd: Int32, _ bytes: [UInt8], before deadline: DispatchTime) -> Bool {
    var offset = 0
    while offset < bytes.count {
      guard wait(fd, events: Int16(POLLOUT), before: deadline) else { return false }
      let sent = bytes[offset...].withUnsafeBytes { buffer in
        systemSend(fd, buffer.baseAddress, buffer.count)
      }
      if sent < 0 {
        if errno == EAGAIN || errno == EINTR || errno == EWOULDBLOCK { continue }
        return false
      }
      offset += sent
    }
    return true
  }

  /// Closes a connection after its response: the write side first, then what the
  /// client still sends is drained briefly, so it reads the response rather than a
  /// reset.
  static func finish(_ fd: Int32) {
    shutdown(fd, Int32(SHUT_WR))
    let deadline = DispatchTime.now() + .milliseconds(100)
    var scratch = [UInt8](repeating: 0, count: 4096)
    var drained = 0
    while drained < 1 << 16 {
      let result = scratch.withUnsafeMutableBytes { read(fd, into: $0, before: deadline) }
      guard case .bytes(let count) = result else { break }
      drained += count
    }
    close(fd)
  }

  /// Whether `fd` is ready for `events` before `deadline`.
  private static func wait(_ fd: Int32, events: Int16, before deadline: DispatchTime) -> Bool {
    while true {
      let now = DispatchTime.now()
      guard now < deadline else { return false }
      let left = Int32(
        min(1000, (deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000 + 1))
      var entry = pollfd(fd: fd, events: events, revents: 0)
      let ready = poll(&entry, 1, left)
      if ready > 0 { return true }
      if ready < 0, errno != EINTR { return false }
    }
  }

  private static func makeNonBlocking(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
  }
}

private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }

private func systemAccept(
  _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?,
  _ length: UnsafeMutablePointer<socklen_t>?
) -> Int32 {
  accept(fd, address, length)
}
