import Foundation

/// Finds the scenarios under the paths given to `beagle-run test`: `.scenario`
/// files given directly, and every `.scenario` file below a folder (hidden
/// folders such as `.build` and `.git` are skipped; links to folders are not
/// followed, so the walk ends). Also lists the goldens in those folders that no
/// scenario owns any more.
struct ScenarioDiscovery {
  struct Found: Equatable {
    /// Scenario paths in sorted order, each once.
    var scenarios: [String] = []
    /// `.expected` files without a `.scenario` of the same name beside them.
    var orphans: [String] = []
    /// Paths that could not be used, with why.
    var problems: [String] = []
  }

  var environment: CommandLineTool.Environment
  /// Whether links to scenario files outside the folder given are followed.
  var allowsOutsideRoot = false

  func find(_ paths: [String]) -> Found {
    var found = Found()
    var scenarios = Set<String>()
    var orphans = Set<String>()
    let manager = FileManager.default
    for path in paths {
      let location = environment.location(of: path)
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: location, isDirectory: &isDirectory) else {
        found.problems.append("no such file or folder '\(path)'")
        continue
      }
      if !isDirectory.boolValue {
        if path.hasSuffix(Scenario.fileExtension) {
          scenarios.insert(Self.tidy(path))
        } else {
          found.problems.append(
            "'\(path)' is not a scenario; give '\(Scenario.fileExtension)' files or folders")
        }
        continue
      }
      var foundHere = 0
      let walk = FolderWalk(environment: environment, allowsOutsideRoot: allowsOutsideRoot)
        .files(under: Self.tidy(path))
      found.problems += walk.problems
      for file in walk.files {
        if file.name.hasSuffix(Scenario.fileExtension) {
          scenarios.insert(file.path)
          foundHere += 1
        } else if file.name.hasSuffix(Scenario.goldenExtension) {
          let stem = file.name.dropLast(Scenario.goldenExtension.count)
          if !file.siblings.contains(stem + Scenario.fileExtension) { orphans.insert(file.path) }
        }
      }
      if foundHere == 0 {
        found.problems.append("no scenarios ('*\(Scenario.fileExtension)' files) in '\(path)'")
      }
    }
    found.scenarios = scenarios.sorted(by: Self.pathOrder)
    found.orphans = orphans.sorted(by: Self.pathOrder)
    return found
  }

  /// Byte order of the paths: the same on every machine and locale.
  static func pathOrder(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }

  /// `./a//b/` as `a/b`, so that one file found twice is run once.
  static func tidy(_ path: String) -> String {
    let isAbsolute = path.hasPrefix("/")
    let parts = path.split(separator: "/").filter { $0 != "." }
    let joined = parts.joined(separator: "/")
    if isAbsolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }
}
