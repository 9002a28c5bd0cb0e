import BeagleJSON
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input read whole: its display name, its bytes, and a line table built on
/// first use for diagnostics.
final class SourceFile: @unchecked Sendable {
  // @unchecked: `lineTable` is filled once, lazily, and only on the thread that
  // renders this file's diagnostics.
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

  /// Reads a file, or standard input for `-`.
  ///
  /// - Parameter location: where the file is when that differs from `path`, the
  ///   name messages use (see ``CommandLineTool/Environment/location(of:)``).
  static func read(
    _ path: String, at location: String? = nil, showsExcerpt: Bool = true,
    standardInput: () -> [UInt8]
  ) throws(InputError) -> SourceFile {
    if path == "-" { return SourceFile(name: "<stdin>", bytes: standardInput()) }
    let location = location ?? path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: location, isDirectory: &isDirectory) else {
      throw .fileNotFound(path)
    }
    guard !isDirectory.boolValue else { throw .isDirectory(path) }
    guard isRegularFile(location) else {
      let bytes = try streamed(path, at: location)
      return SourceFile(name: path, bytes: bytes, showsExcerpt: showsExcerpt)
    }
    guard let bytes = FileBytes.read(atPath: location) else { throw .unreadable(path) }
    return SourceFile(name: path, bytes: bytes, showsExcerpt: showsExcerpt)
  }

  /// The most a streamed input may hold: what a JSON document can address, the
  /// limit every input has (``JSONSyntaxError/inputTooLarge(bytes:)``).
  static let maximumStreamedBytes = Int(UInt32.max)

  /// Whether `location` (symbolic links followed) is a regular file, whose size is
  /// known before reading; pipes (`<(…)`, `/dev/stdin`), fifos and devices are not.
  private static func isRegularFile(_ location: String) -> Bool {
    var status = stat()
    guard stat(location, &status) == 0 else { return true }  // let the read say why
    return status.st_mode & S_IFMT == S_IFREG
  }

  /// Reads a pipe, fifo or device to its end, chunk by chunk, up to `limit` bytes.
  static func streamed(
    _ path: String, at location: String, limit: Int = maximumStreamedBytes
  ) throws(InputError) -> [UInt8] {
    // Opened without waiting: a fifo nobody writes to would block `open` forever (a
    // manifest's `"mocks": "fifo"` hung the run); it reads as empty instead. Reads
    // then wait as usual, for `<(…)` and a writer that comes later.
    let descriptor = open(location, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable(path) }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    defer { try? handle.close() }
    var bytes: [UInt8] = []
    while true {
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: 1 << 16)
      } catch {
        throw .unreadable(path)
      }
      guard let chunk, !chunk.isEmpty else { return bytes }
      guard bytes.count + chunk.count <= limit else { throw .tooLarge(path, limit: limit) }
      bytes += chunk
    }
  }
}

/// Why an input could not be read.
enum InputError: Error, Equatable, CustomStringConvertible {
  case fileNotFound(String)
  case isDirectory(String)
  case unreadable(String)
  /// A stream (a pipe, a fifo) that went on past the limit of every input.
  case tooLarge(String, limit: Int)

  var description: String {
    switch self {
    case .fileNotFound(let path): "no such file '\(path)'"
    case .isDirectory(let path): "'\(path)' is a directory; give a JSON file"
    case .unreadable(let path): "cannot read '\(path)'"
    case .tooLarge(let path, let limit):
      "'\(path)' is larger than \(limit) bytes, the most an input can be; it was not read further"
    }
  }
}
