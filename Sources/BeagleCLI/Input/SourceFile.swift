import BeagleJSON
import BeagleRuntime
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input read whole: its display name, its bytes, and a line table built on
/// first use for diagnostics.
final class SourceFile: @unchecked Sendable {
  // @unchecked: `cachedLines` is filled once, lazily, by one thread at a time: the
  // one rendering this file's diagnostics, or the thread printing a state's log
  // (`PrintSplit`'s second thread prints the tail of the state; its hand-offs, under
  // a lock, order it after the first thread and before the next state's printing).
  let name: String
  let bytes: [UInt8]
  /// Whether diagnostics may quote its lines: false for a file outside the
  /// project root (read with `--allow-outside-root`), which diagnostics locate
  /// by line and column only.
  let showsExcerpt: Bool
  private var cachedLines: LineTable?

  init(name: String, bytes: [UInt8], showsExcerpt: Bool = true) {
    self.name = name
    self.bytes = bytes
    self.showsExcerpt = showsExcerpt
  }

  var lines: LineTable {
    if let cachedLines { return cachedLines }
    let table = LineTable(bytes)
    cachedLines = table
    return table
  }

  /// The file without its bytes: positions still resolve (the line table is built
  /// now), excerpts are no longer shown. A run locates diagnostics by line and
  /// column only, so it need not hold a large screen's bytes while it runs.
  func keepingOnlyLines() -> SourceFile {
    let file = SourceFile(name: name, bytes: [], showsExcerpt: false)
    file.cachedLines = lines
    return file
  }

  /// Reads a file, or standard input for `-`, refusing one larger than
  /// ``InputLimit/bytes``.
  ///
  /// - Parameters:
  ///   - location: where the file is when that differs from `path`, the name
  ///     messages use (see ``CommandLineTool/Environment/location(of:)``).
  ///   - standardInput: standard input, at most one byte past the limit (see
  ///     ``CommandLineTool/Environment/standardInput``).
  static func read(
    _ path: String, at location: String? = nil, showsExcerpt: Bool = true,
    standardInput: () -> [UInt8], limit: Int = InputLimit.bytes
  ) throws(InputError) -> SourceFile {
    if path == "-" {
      let bytes = standardInput()
      guard bytes.count <= limit else { throw .tooLarge("<stdin>", limit: limit) }
      return SourceFile(name: "<stdin>", bytes: bytes)
    }
    if let problem = UserPath.problem(in: path) { throw .invalidPath(problem) }
    let location = location ?? path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: location, isDirectory: &isDirectory) else {
      throw .fileNotFound(path)
    }
    guard !isDirectory.boolValue else { throw .isDirectory(path) }
    return SourceFile(
      name: path, bytes: try bytes(path, at: location, limit: limit), showsExcerpt: showsExcerpt)
  }

  /// The bytes of the file at `location` (named `path` in messages), at most
  /// `limit` of them: a regular file in one read, anything else streamed.
  static func bytes(
    _ path: String, at location: String, limit: Int = InputLimit.bytes
  ) throws(InputError) -> [UInt8] {
    if let problem = UserPath.problem(in: path) { throw .invalidPath(problem) }
    guard isRegularFile(location) else { return try streamed(path, at: location, limit: limit) }
    do {
      // A large screen's two halves are read at once (FileBytes.twoPartMinimum).
      return try FileBytes.read(atPath: location, limit: limit) { job in BackgroundJob(job).wait }
    } catch .tooLarge {
      throw .tooLarge(path, limit: limit)
    } catch {
      throw .unreadable(path)
    }
  }

  /// Whether `location` (symbolic links followed) is a regular file, whose size is
  /// known before reading; pipes (`<(…)`, `/dev/stdin`), fifos and devices are not.
  private static func isRegularFile(_ location: String) -> Bool {
    var status = stat()
    guard stat(location, &status) == 0 else { return true }  // let the read say why
    return status.st_mode & S_IFMT == S_IFREG
  }

  /// Reads a pipe, fifo or device to its end, up to `limit` bytes.
  static func streamed(
    _ path: String, at location: String, limit: Int = InputLimit.bytes
  ) throws(InputError) -> [UInt8] {
    // Opened without waiting: a fifo nobody writes to would block `open` forever (a
    // manifest's `"mocks": "fifo"` hung the run); it reads as empty instead. Reads
    // then wait as usual, for `<(…)` and a writer that comes later.
    let descriptor = open(location, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable(path) }
    defer { close(descriptor) }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    guard let bytes = FileBytes.read(descriptor: descriptor, limit: limit) else {
      throw .unreadable(path)
    }
    guard bytes.count <= limit else { throw .tooLarge(path, limit: limit) }
    return bytes
  }
}

/// Why an input could not be read.
enum InputError: Error, Equatable, CustomStringConvertible {
  case fileNotFound(String)
  case isDirectory(String)
  case unreadable(String)
  /// A path ``UserPath`` refuses (a NUL, a control character); the text says why.
  case invalidPath(String)
  /// An input larger than the limit of every input (``InputLimit``): a regular
  /// file by its size, a stream (a pipe, a fifo, a device) once past it.
  case tooLarge(String, limit: Int)

  var description: String {
    switch self {
    case .fileNotFound(let path): "no such file '\(path)'"
    case .isDirectory(let path): "'\(path)' is a directory; give a JSON file"
    case .unreadable(let path): "cannot read '\(path)'"
    case .invalidPath(let problem): problem
    case .tooLarge(let path, let limit):
      "'\(path)' is larger than \(InputLimit.text(limit)), the most an input can be;"
        + " it was not read further"
    }
  }
}
