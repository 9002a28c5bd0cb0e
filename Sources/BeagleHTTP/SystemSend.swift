#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `send(2)` without SIGPIPE where Linux allows it per call (MSG_NOSIGNAL): a peer
/// that went away is an error the client or the server handles, never a signal.
/// Named apart from the types' own `send` methods.
func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    send(fd, bytes, count, Int32(MSG_NOSIGNAL))
  #else
    send(fd, bytes, count, 0)
  #endif
}
