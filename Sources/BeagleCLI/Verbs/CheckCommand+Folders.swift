import Foundation

extension CheckCommand {
  /// The screens to check for the paths given: files as they are, and for a folder
  /// every `*.json` below it in path order, except manifests (`beagle.json`) and
  /// mock files (whose JSON is an array; a screen is an object). Hidden files and
  /// folders are skipped and links to folders are not followed, as `test` does.
  static func expand(
    _ paths: [String], environment: CommandLineTool.Environment
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
      var found: [String] = []
      var folders = [ScenarioDiscovery.tidy(path)]
      while let folder = folders.popLast() {
        let location = environment.location(of: folder)
        guard let names = try? manager.contentsOfDirectory(atPath: location) else {
          problems.append("cannot read the folder '\(folder)'")
          continue
        }
        for name in names where !name.hasPrefix(".") {
          let child = folder == "." ? name : (folder.hasSuffix("/") ? folder : folder + "/") + name
          let childLocation = location + "/" + name
          let isLink =
            (try? manager.attributesOfItem(atPath: childLocation)[.type] as? FileAttributeType)
            == .typeSymbolicLink
          var isFolder: ObjCBool = false
          guard manager.fileExists(atPath: childLocation, isDirectory: &isFolder) else { continue }
          if isFolder.boolValue {
            if !isLink { folders.append(child) }
          } else if name.hasSuffix(".json"), name != "beagle.json",
            !isArray(atPath: childLocation)
          {
            found.append(child)
          }
        }
      }
      if found.isEmpty {
        problems.append(
          "no screens ('*.json' files other than beagle.json and mock files) in '\(path)'")
      }
      files += found.sorted(by: ScenarioDiscovery.pathOrder)
    }
    return (files, problems)
  }

  /// Whether the file's JSON starts with `[` (a mock file), by its first bytes.
  private static func isArray(atPath path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 256)) ?? Data()
    let first = head.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    return first == UInt8(ascii: "[")
  }
}
