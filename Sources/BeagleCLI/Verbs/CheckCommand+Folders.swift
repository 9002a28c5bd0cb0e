import Foundation

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
  static func isMockFile(atPath path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 256)) ?? Data()
    let first = head.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    return first == UInt8(ascii: "[")
  }
}
