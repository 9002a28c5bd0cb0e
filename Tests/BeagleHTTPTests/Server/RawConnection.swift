import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A test client that writes raw bytes to a server on 127.0.0.1 and reads what it
/// answers until it closes: malformed requests no HTTP client would send.
struct RawConnection {
  let fd: Int32

  init(port: UInt16) throws {
    #if canImport(Glibc)
      fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Sends `bytes` (what fits; a server that closed early may refuse the rest).
  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
        #else
          Darwin.send(fd, buffer.baseAddress, buffer.count, 0)
        #endif
      }
      if sent <= 0 { return }
      offset += sent
    }
  }

  func send(_ text: String) { send(Array(text.utf8)) }

  /// Everything the server sends until it closes (or 20 s pass), as text.
  func receiveAll() -> String {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 8192)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      result += chunk[..<count]
    }
    return String(decoding: result, as: UTF8.self)
  }

  func close() {
    #if canImport(Glibc)
      _ = Glibc.close(fd)
    #else
      _ = Darwin.close(fd)
    #endif
  }

  /// One exchange: sends `request`, reads the answer, closes.
  static func exchange(_ request: String, port: UInt16) throws -> String {
    try exchange(Array(request.utf8), port: port)
  }

  static func exchange(_ request: [UInt8], port: UInt16) throws -> String {
    let connection = try RawConnection(port: port)
    defer { connection.close() }
    connection.send(request)
    return connection.receiveAll()
  }
}

extension String {
  /// The status code of an HTTP response's status line.
  var statusCode: Int? {
    guard hasPrefix("HTTP/1.1 ") else { return nil }
    return Int(dropFirst(9).prefix(3))
  }

  /// The body after the blank line.
  var responseBody: String {
    guard let range = range(of: "\r\n\r\n") else { return "" }
    return String(self[range.upperBound...])
  }
}
