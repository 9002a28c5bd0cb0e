import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files below a folder, for the verbs that take folders (`check DIR`, `test DIR`):
/// walked without recursion, hidden names skipped and links to folders not followed,
/// so every walk ends. A link to a file outside the folder given is not read (a
/// problem says so) unless `--allow-outside-root`: `screens/x.json` linking to
/// `/proc/self/environ` must not put the environment in a CI log.
struct FolderWalk {
  /// A file found below the folder.
  struct File {
    /// The path as the user would write it: the folder given, then the names below it.
    var path: String
    /// Where the file is on disk.
    var location: String
    /// The file's name.
    var name: String
    /// Every name in the file's folder, hidden ones included.
    var siblings: Set<String>
  }

  var environment: CommandLineTool.Environment
  /// Whether links to files outside the folder given are followed.
  var allowsOutsideRoot = false

  /// Every file below `folder` (in no particular order), and a problem for each
  /// folder that could not be read.
  func files(under folder: String) -> (files: [File], problems: [String]) {
    let manager = FileManager.default
    var files: [File] = []
    var problems: [String] = []
    let root = ProjectRoot(folder: folder, role: .walked)
    var folders = [folder]
    while let folder = folders.popLast() {
      let location = environment.location(of: folder)
      guard let names = try? manager.contentsOfDirectory(atPath: location) else {
        problems.append("cannot read the folder '\(folder)'")
        continue
      }
      let siblings = Set(names)
      for name in names where !name.hasPrefix(".") {
        let child = folder == "." ? name : (folder.hasSuffix("/") ? folder : folder + "/") + name
        let childLocation = location + "/" + name
        let isLink =
          (try? manager.attributesOfItem(atPath: childLocation)[.type] as? FileAttributeType)
          == .typeSymbolicLink
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: childLocation, isDirectory: &isFolder) else {
          // Foundation lists a name that is not UTF-8 with U+FFFD in place of its bad
          // bytes, a name no file has: say so rather than skip a scenario unseen.
          if name.unicodeScalars.contains("\u{FFFD}") {
            problems.append("cannot read '\(child)': its name is not valid UTF-8; rename it")
          }
          continue
        }
        if isFolder.boolValue {
          if !isLink { folders.append(child) }
        } else if Self.isRegularFile(childLocation) {
          // Not a FIFO, socket or device: reading one could wait forever.
          if isLink, !allowsOutsideRoot, !root.contains(child, environment: environment) {
            problems.append(
              "'\(child)' links to a file outside '\(root.folder)'; it is not read "
                + "(give --allow-outside-root to read it)")
            continue
          }
          files.append(File(path: child, location: childLocation, name: name, siblings: siblings))
        }
      }
    }
    return (files, problems)
  }

  /// Whether `path` is a regular file, or a link to one.
  private static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }
}
