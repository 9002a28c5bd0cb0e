import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files whose change reloads the preview: the screen, every JSON file under
/// its folder (the default BFF folder, where the manifest and mock files usually
/// are), and the `--bff` folder, `--registry`, `--mocks` and `--global @FILE`
/// given. Changes are found by polling modification times and sizes (no file
/// system notification API is needed, on any platform).
struct WatchedFiles {
  /// Each watched file with its modification time (ns) and size; a file that
  /// disappears or appears changes it.
  typealias Snapshot = [String: [Int64]]

  /// The most files looked at in one folder walk: a preview of a huge folder
  /// watches its first files rather than stalling.
  static let maximumFiles = 20_000

  var setup: Preview.Setup

  func snapshot() -> Snapshot {
    let environment = setup.environment
    let input = setup.options.input
    var snapshot: Snapshot = [:]
    let screen = environment.location(of: setup.screenPath)
    note(screen, into: &snapshot)
    var folders = [Self.folder(of: screen)]
    if let bff = input.bffPath { folders.append(environment.location(of: bff)) }
    for path in [input.registryPath, input.mocksPath, globalFile].compactMap({ $0 }) {
      note(environment.location(of: path), into: &snapshot)
    }
    for folder in folders { walk(folder, into: &snapshot) }
    return snapshot
  }

  /// `--global @FILE`'s file.
  private var globalFile: String? {
    guard let global = setup.options.input.global, global.hasPrefix("@") else { return nil }
    return String(global.dropFirst())
  }

  private func walk(_ folder: String, into snapshot: inout Snapshot) {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return }
    var seen = 0
    while let relative = walker.nextObject() as? String, seen < Self.maximumFiles {
      seen += 1
      let name = relative.split(separator: "/").last ?? ""
      if name.hasPrefix(".") {
        walker.skipDescendants()
        continue
      }
      guard relative.hasSuffix(".json") else { continue }
      note(folder + "/" + relative, into: &snapshot)
    }
  }

  private func note(_ path: String, into snapshot: inout Snapshot) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      snapshot[path] = []
      return
    }
    #if canImport(Darwin)
      let time = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
      let time = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
    snapshot[path] = [time, Int64(info.st_size)]
  }

  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
