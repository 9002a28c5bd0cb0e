import BeagleRuntime
import Foundation

/// Lists the screens of a file BFF that a graph never reached.
///
/// Every `*.json` file under the folder (sub-folders included, hidden ones
/// skipped) is a screen the BFF can serve, except `beagle.json` files and the
/// files given as excluded (the manifest, mock files). Files are compared by their
/// real path, so `Examples/x/./a.json` and a symbolic link are the same file.
struct BFFFolderScan {
  /// The folder, as given (relative to the working directory).
  var folder: String
  var environment: CommandLineTool.Environment
  /// The most files looked at, so a huge folder cannot hold the graph up.
  static let maximumFiles = 100_000

  /// One flag per unreached file, in path order.
  func unreachable(in graph: NavigationGraph, excluding excluded: [String]) -> [GraphFlag] {
    let root = URL(fileURLWithPath: environment.location(of: folder))
    var reached = Set(excluded.map(realPath))
    for node in graph.nodes where node.isScreen || node.kind == .lazy {
      if let source = node.source { reached.insert(realPath(source)) }
    }
    guard
      let enumerator = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey],
        options: [.skipsHiddenFiles])
    else { return [] }
    var found: [String] = []
    var count = 0
    for case let url as URL in enumerator {
      count += 1
      if count > Self.maximumFiles { break }
      guard url.pathExtension == "json", url.lastPathComponent != "beagle.json",
        (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
      else { continue }
      let path = url.resolvingSymlinksInPath().standardizedFileURL.path
      guard !reached.contains(path) else { continue }
      let base = root.resolvingSymlinksInPath().standardizedFileURL.path
      guard path.hasPrefix(base + "/") else { continue }
      found.append(String(path.dropFirst(base.count + 1)))
    }
    return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { file in
      let shown = folder == "." ? file : (folder.hasSuffix("/") ? folder : folder + "/") + file
      return GraphFlag(
        .unreachableScreen, "'\(shown)' is in the BFF folder but nothing leads to it")
    }
  }

  private func realPath(_ path: String) -> String {
    URL(fileURLWithPath: environment.location(of: path)).resolvingSymlinksInPath()
      .standardizedFileURL.path
  }
}
