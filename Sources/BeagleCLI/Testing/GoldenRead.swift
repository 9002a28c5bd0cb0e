import BeagleJSON
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What reading a scenario's golden gave. Only a golden that does not exist is
/// missing (and may be recorded); one that exists but cannot be used is refused by
/// name, never read, never shown and never written over.
enum GoldenRead: Equatable, Sendable {
  case text(String)
  /// No file there.
  case missing
  /// Larger than the limit (``InputLimit/bytes``): not read.
  case tooLarge
  /// There, but not used; the reason names the file and says why, never what it holds.
  case refused(reason: String)

  /// Reads the golden `path` (as the report names it) at `location`, after the rules
  /// of every file a scenario reads: inside the scenario's folder (`root`), symbolic
  /// links resolved, unless `allowsOutsideRoot`; a regular file (a FIFO would block
  /// the read, a folder or device is no golden); at most ``InputLimit/bytes``.
  static func read(
    _ path: String, at location: String, root: ProjectRoot,
    environment: CommandLineTool.Environment, allowsOutsideRoot: Bool,
    limit: Int = InputLimit.bytes
  ) -> GoldenRead {
    var status = stat()
    guard lstat(location, &status) == 0 else {
      // ENOENT: nothing there. Anything else (a folder on the way that cannot be
      // searched, a name too long) is not "no golden yet".
      return errno == ENOENT
        ? .missing : .refused(reason: "cannot read '\(path)': \(Self.describe(errno))")
    }
    if !allowsOutsideRoot, !root.contains(path, environment: environment) {
      return .refused(
        reason: "'\(path)' is outside the project root (\(root.role.rawValue)); it is not read "
          + "(give --allow-outside-root to read it)")
    }
    guard stat(location, &status) == 0 else {
      // A link to nothing (inside the folder): there is no golden to read yet.
      return errno == ENOENT
        ? .missing : .refused(reason: "cannot read '\(path)': \(Self.describe(errno))")
    }
    if let kind = Self.kind(status.st_mode) {
      return .refused(reason: "'\(path)' is \(kind), not a regular file; it is not read")
    }
    // O_NONBLOCK: if a FIFO took the file's place since `stat`, `open` does not wait.
    let descriptor = open(location, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      return .refused(reason: "cannot read '\(path)': \(Self.describe(errno))")
    }
    defer { close(descriptor) }
    guard let size = FileBytes.regularSize(descriptor) else {
      return .refused(reason: "'\(path)' is not a regular file; it is not read")
    }
    guard size <= limit else { return .tooLarge }
    guard let bytes = FileBytes.read(descriptor: descriptor, expectedSize: size, limit: limit)
    else {
      return .refused(reason: "cannot read '\(path)': \(Self.describe(errno))")
    }
    guard bytes.count <= limit else { return .tooLarge }
    // A golden checked out with CRLF line ends (git's autocrlf) holds the same output.
    return .text(TextLines.normalized(String(decoding: bytes, as: UTF8.self)))
  }

  /// `a folder`, `a FIFO`… for a file type that is not a regular file; nil for one.
  static func kind(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR, S_IFBLK: "a device"
    default: "a special file"
    }
  }

  /// `permission denied` for `EACCES`: the system's text, lowercased as our messages are.
  static func describe(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
