import BeagleRuntime
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lists the screens of a file BFF that a graph never reached.
///
/// Every `*.json` file under the folder (sub-folders included, hidden ones
/// skipped) is a screen the BFF can serve, except `beagle.json` files, mock files
/// (a JSON array, as `check` skips them) and the files given as excluded (the
/// manifest, the mocks in use). Files are compared by their
/// real path, so `Examples/x/./a.json` and a symbolic link are the same file.
struct BFFFolderScan {
  /// The folder, as given (relative to the working directory).
  var folder: String
  var environment: CommandLineTool.Environment
  /// The most entries looked at, so a huge folder cannot hold the graph up.
  static let maximumFiles = 100_000

  /// One flag per unreached file, in path order.
  func unreachable(in graph: NavigationGraph, excluding excluded: [String]) -> [GraphFlag] {
    let location = environment.location(of: folder)
    guard let base = Self.realPath(location) else { return [] }
    var reached = Set(excluded.compactMap { Self.realPath(environment.location(of: $0)) })
    // A missing node with a source was read but is no screen: its file is not unreached.
    for node in graph.nodes where node.isScreen || node.kind == .lazy || node.kind == .missing {
      if let source = node.source, let path = Self.realPath(environment.location(of: source)) {
        reached.insert(path)
      }
    }
    guard let enumerator = FileManager.default.enumerator(atPath: location) else { return [] }
    var found: [String] = []
    var count = 0
    while let relative = enumerator.nextObject() as? String {
      count += 1
      if count > Self.maximumFiles { break }
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") {
        enumerator.skipDescendants()
        continue
      }
      guard name.hasSuffix(".json"), name != "beagle.json",
        let path = Self.realPath(location + "/" + relative), !reached.contains(path),
        path.hasPrefix(base + "/"), Self.isRegularFile(path),
        !CheckCommand.isMockFile(atPath: path)
      else { continue }
      found.append(String(path.dropFirst(base.count + 1)))
    }
    return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { file in
      let shown = folder == "." ? file : (folder.hasSuffix("/") ? folder : folder + "/") + file
      return GraphFlag(
        .unreachableScreen, "'\(shown)' is in the BFF folder but nothing leads to it")
    }
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }
}
