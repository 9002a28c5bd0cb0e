import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CheckCommand {
  /// The screens to check for the paths given: files as they are, and for a folder
  /// every `*.json` below it in path order, except manifests (`beagle.json`) and
  /// mock files (whose JSON is an array; a screen is an object). Hidden files and
  /// folders are skipped and links to folders are not followed, as `test` does.
  static func expand(
    _ paths: [String], environment: CommandLineTool.Environment, allowsOutsideRoot: Bool = false
  ) -> (files: [String], problems: [String]) {
    var files: [String] = []
    var problems: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isDirectory: ObjCBool = false
      guard path != "-",
        manager.fileExists(atPath: environment.location(of: path), isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        files.append(path)  // a file, `-`, or a missing path the loader reports
        continue
      }
      let walk = FolderWalk(environment: environment, allowsOutsideRoot: allowsOutsideRoot).files(
        under: ScenarioDiscovery.tidy(path))
      problems += walk.problems
      let found = walk.files.filter {
        $0.name.hasSuffix(".json") && $0.name != "beagle.json" && !isMockFile(atPath: $0.location)
      }.map(\.path)
      if found.isEmpty {
        problems.append(
          "no screens ('*.json' files other than beagle.json and mock files) in '\(path)'")
      }
      files += found.sorted(by: ScenarioDiscovery.pathOrder)
    }
    return (files, problems)
  }

  /// Whether the file's JSON starts with `[` (a mock file), by its first bytes; a
  /// screen is an object. `graph` skips such files the same way.
  ///
  /// Read with `open` and `read`: a `FileHandle` and its `Data` cost more than the
  /// rest of a look at a folder (`check` looks at the BFF folder's files for routes).
  static func isMockFile(atPath path: String) -> Bool {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let headLength = 256
    var head = [UInt8](repeating: 0, count: headLength)
    var length = 0
    while length < headLength {
      let count = head.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return read(descriptor, base + length, headLength - length)
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        return false  // as a failed read of the first bytes: not a mock file
      }
      length += count
    }
    let first = head[..<length].first {
      ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0)
    }
    return first == UInt8(ascii: "[")
  }
}
