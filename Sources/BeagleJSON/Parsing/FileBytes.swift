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

  /// The smallest regular file read in two halves at once when the caller offers a
  /// second thread (``read(atPath:limit:inTwoParts:)``).
  package static let twoPartMinimum = 1 << 20

  /// What reads a file's second half: the job, to be started on another thread, and
  /// the function that waits for it and returns what it returned (the bytes it read).
  package typealias SecondHalfStart = (_ job: @escaping @Sendable () -> Int) -> () -> Int

  /// The bytes of the file at `path`, at most `limit` of them.
  ///
  /// - Parameter start: when given, a regular file of at least ``twoPartMinimum``
  ///   bytes is read in two halves at once, the second by the job `start` runs on
  ///   another thread (copying a large file out of the page cache is most of its read
  ///   time, and each core copies its half). The bytes are the same either way.
  package static func read(
    atPath path: String, limit: Int = InputLimit.bytes, inTwoParts start: SecondHalfStart? = nil
  ) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable }
    defer { close(descriptor) }
    let size = regularSize(descriptor)
    if let size, size > limit { throw .tooLarge }
    guard
      let bytes = read(
        descriptor: descriptor, expectedSize: size ?? 0, limit: limit,
        inTwoParts: size == nil ? nil : start)
    else {
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
  ///   - start: a second thread for the second half of a regular file of at least
  ///     ``twoPartMinimum`` bytes, read at its offsets (`pread`): see
  ///     ``read(atPath:limit:inTwoParts:)``. Only for a descriptor open on a regular
  ///     file at offset 0; a file that is shorter than `expectedSize` by the time it is
  ///     read is read again, from its start, in one part.
  package static func read(
    descriptor: Int32, expectedSize: Int = 0, limit: Int = InputLimit.bytes,
    inTwoParts start: SecondHalfStart? = nil
  ) -> [UInt8]? {
    let capacity = min(max(0, expectedSize), limit) + 1
    var hasFailed = false
    var isAtEnd = false
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) {
      buffer, initializedCount in
      initializedCount = 0
      guard let base = buffer.baseAddress else { return }
      if let start, capacity - 1 >= twoPartMinimum {
        switch readInTwoHalves(descriptor, into: base, count: capacity - 1, start: start) {
        case true?: initializedCount = capacity - 1
        case false?: break
        case nil:
          hasFailed = true
          return
        }
      }
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

extension FileBytes {
  /// A buffer the second half is read into while the first half is read beside it.
  private struct SecondHalf: @unchecked Sendable {
    // Unchecked: the two threads write disjoint ranges of one buffer, and the first
    // reads none of the second's before the job has returned (its wait).
    let base: UnsafeMutablePointer<UInt8>
    let offset: Int
    let count: Int
  }

  /// Reads `count` bytes of the regular file open at `descriptor`, from its start,
  /// into `base`: the first half on this thread, the second by a job given to `start`.
  /// True, the descriptor's offset just past them; false when either half came up
  /// short (the file shrank, or a read failed): the offset is back at 0, for the
  /// caller to read the file in one part; nil when the offset could not be set.
  private static func readInTwoHalves(
    _ descriptor: Int32, into base: UnsafeMutablePointer<UInt8>, count: Int,
    start: SecondHalfStart
  ) -> Bool? {
    // The cut on a page boundary: each half copies whole pages.
    let half = (count / 2) & ~4_095
    let second = SecondHalf(base: base + half, offset: half, count: count - half)
    let wait = start {
      positionedRead(descriptor, into: second.base, count: second.count, at: second.offset)
    }
    let first = positionedRead(descriptor, into: base, count: half, at: 0)
    let isWhole = wait() == count - half && first == half
    let offset = isWhole ? count : 0
    guard lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) else { return nil }
    return isWhole
  }

  /// Reads up to `count` bytes at file offset `offset` into `base`, as many calls as
  /// it takes; how many it read (fewer at the end of the file or on an error).
  private static func positionedRead(
    _ descriptor: Int32, into base: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int
  ) -> Int {
    var done = 0
    while done < count {
      let read = pread(descriptor, base + done, count - done, off_t(offset + done))
      if read < 0, errno == EINTR { continue }
      if read <= 0 { break }
      done += read
    }
    return done
  }
}

/// The C library's `read`, which the methods above would otherwise shadow.
private func systemRead(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
) -> Int {
  read(descriptor, buffer, count)
}
