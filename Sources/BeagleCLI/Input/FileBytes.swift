#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files into one `[UInt8]` with POSIX calls.
///
/// A screen is kept in memory for as long as the run lasts, so reading it must not
/// cost more than its size: `FileManager.contents(atPath:)` gives a `Data` that
/// `[UInt8](_:)` then copies, twice the file at once (20 MB for a 10 MB screen),
/// which set the peak memory of `check` and `run` on large screens.
package enum FileBytes {
  /// Bytes read per call once the expected size is exhausted (pipes, `/proc`, a
  /// file that grew since `fstat`).
  private static let chunkSize = 65_536

  /// The bytes of the file at `path`; nil when it cannot be opened or read.
  package static func read(atPath path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    let isRegular = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    return read(descriptor: descriptor, expectedSize: isRegular ? Int(info.st_size) : 0)
  }

  /// Everything readable from `descriptor` until end of file; nil when a read fails.
  ///
  /// - Parameter expectedSize: the size `fstat` reported; the buffer starts one byte
  ///   larger, so reading a regular file allocates exactly once.
  package static func read(descriptor: Int32, expectedSize: Int = 0) -> [UInt8]? {
    var hasFailed = false
    var isAtEnd = false
    var bytes = [UInt8](unsafeUninitializedCapacity: max(0, expectedSize) + 1) {
      buffer, initializedCount in
      initializedCount = 0
      guard let base = buffer.baseAddress else { return }
      while initializedCount < buffer.count {
        let count = systemRead(descriptor, base + initializedCount, buffer.count - initializedCount)
        if count < 0, errno == EINTR { continue }
        if count < 0 { hasFailed = true }
        if count <= 0 {
          isAtEnd = true
          return
        }
        initializedCount += count
      }
    }
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while !isAtEnd, !hasFailed {
      let count = chunk.withUnsafeMutableBufferPointer { buffer in
        systemRead(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0, errno == EINTR { continue }
      if count < 0 { hasFailed = true }
      if count <= 0 { break }
      bytes.append(contentsOf: chunk[..<count])
    }
    return hasFailed ? nil : bytes
  }
}

/// The C library's `read`, which the methods above would otherwise shadow.
private func systemRead(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
) -> Int {
  read(descriptor, buffer, count)
}
