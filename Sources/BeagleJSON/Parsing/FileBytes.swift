#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files into one `[UInt8]` with POSIX calls, never more than a limit
/// (``InputLimit/bytes`` unless told otherwise).
///
/// A screen is kept in memory for as long as the run lasts, so reading it must not
/// cost more than its size: `FileManager.contents(atPath:)` gives a `Data` that
/// `[UInt8](_:)` then copies, twice the file at once (20 MB for a 10 MB screen),
/// which set the peak memory of `check` and `run` on large screens.
package enum FileBytes {
  /// Bytes read per call once the expected size is exhausted (pipes, `/proc`, a
  /// file that grew since `fstat`).
  private static let chunkSize = 65_536

  /// Why a file was not read.
  package enum Failure: Error, Equatable {
    /// It could not be opened or a read failed.
    case unreadable
    /// It holds more than the limit: a regular file by its size (not read at
    /// all), anything else once one byte past the limit was read.
    case tooLarge
  }

  /// The bytes of the file at `path`, at most `limit` of them.
  package static func read(
    atPath path: String, limit: Int = InputLimit.bytes
  ) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable }
    defer { close(descriptor) }
    let size = regularSize(descriptor)
    if let size, size > limit { throw .tooLarge }
    guard let bytes = read(descriptor: descriptor, expectedSize: size ?? 0, limit: limit) else {
      throw .unreadable
    }
    guard bytes.count <= limit else { throw .tooLarge }
    return bytes
  }

  /// The size of the regular file open at `descriptor`; nil for anything else
  /// (a pipe, a fifo, a device, a terminal), whose size is not known before reading.
  package static func regularSize(_ descriptor: Int32) -> Int? {
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Everything readable from `descriptor` until end of file, but never more than
  /// `limit + 1` bytes: a result longer than `limit` means the input is larger
  /// and was not read further. Nil when a read fails.
  ///
  /// - Parameter expectedSize: the size `fstat` reported; the buffer starts one byte
  ///   larger, so reading a regular file allocates exactly once.
  package static func read(
    descriptor: Int32, expectedSize: Int = 0, limit: Int = InputLimit.bytes
  ) -> [UInt8]? {
    let capacity = min(max(0, expectedSize), limit) + 1
    var hasFailed = false
    var isAtEnd = false
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) {
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
    while !isAtEnd, !hasFailed, bytes.count <= limit {
      let wanted = min(chunk.count, limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBufferPointer { buffer in
        systemRead(descriptor, buffer.baseAddress, wanted)
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
