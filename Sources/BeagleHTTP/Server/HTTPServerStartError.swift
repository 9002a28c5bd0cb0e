#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the server could not start listening: the system call that failed and its
/// `errno`.
public struct HTTPServerStartError: Error, Sendable, Equatable, CustomStringConvertible {
  public var call: String
  public var code: Int32

  public var description: String {
    let reason = String(cString: strerror(code))
    return code == EADDRINUSE ? "the port is already in use" : "\(call) failed: \(reason)"
  }
}
