import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a golden atomically: the text goes to a temporary file beside it, named
/// after the golden and the writing process (`.cart.expected.beagle-run-4242.tmp`),
/// which is then renamed over the golden. A reader sees the old golden or the new
/// one, never half of one; and a process killed while writing leaves a name that the
/// process that started it can compute and remove (``temporaryLocation(for:process:)``).
enum GoldenWriter {
  /// Writes `text` at `location` (`path` as the report names it); nil when written,
  /// else why not.
  static func write(
    _ text: String, path: String, location: String, process: Int32 = getpid(),
    temporaryFiles: TemporaryFiles? = nil
  ) -> String? {
    let temporary = temporaryLocation(for: location, process: process)
    temporaryFiles?.add(temporary)
    defer { temporaryFiles?.remove(temporary) }
    unlink(temporary)  // left by a process of the same number that was killed
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      return ReportFile.reason(
        path: path, location: location, error: POSIXError(.init(rawValue: errno) ?? .EIO))
    }
    var isWritten = true
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let count = systemWrite(descriptor, base + offset, buffer.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {
          isWritten = false
          return
        }
        offset += count
      }
    }
    let code = errno
    close(descriptor)
    guard isWritten, rename(temporary, location) == 0 else {
      let failure = isWritten ? errno : code
      unlink(temporary)
      return ReportFile.reason(
        path: path, location: location, error: POSIXError(.init(rawValue: failure) ?? .EIO))
    }
    return nil
  }

  /// Where the process `process` writes the golden at `location` before renaming it.
  static func temporaryLocation(for location: String, process: Int32) -> String {
    let slash = location.lastIndex(of: "/")
    let folder = slash.map { String(location[...$0]) } ?? ""
    let name = slash.map { String(location[location.index(after: $0)...]) } ?? location
    return folder + "." + name + ".beagle-run-\(process).tmp"
  }
}

/// The C library's `write`, which ``GoldenWriter/write(_:path:location:process:temporaryFiles:)``
/// would otherwise shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
