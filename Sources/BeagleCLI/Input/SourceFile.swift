import BeagleJSON
import Foundation

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
    guard let data = FileManager.default.contents(atPath: location) else {
      throw .unreadable(path)
    }
    return SourceFile(name: path, bytes: [UInt8](data), showsExcerpt: showsExcerpt)
  }
}

/// Why an input could not be read.
enum InputError: Error, Equatable, CustomStringConvertible {
  case fileNotFound(String)
  case isDirectory(String)
  case unreadable(String)

  var description: String {
    switch self {
    case .fileNotFound(let path): "no such file '\(path)'"
    case .isDirectory(let path): "'\(path)' is a directory; give a JSON file"
    case .unreadable(let path): "cannot read '\(path)'"
    }
  }
}
