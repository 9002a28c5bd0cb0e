import Foundation

/// Writes a file `beagle-run test` produces (a golden, the JUnit or coverage
/// report), and says plainly why it could not: `the folder 'reports' does not
/// exist`, `permission denied`, rather than Foundation's "The operation could not
/// be completed".
enum ReportFile {
  /// Writes `text` at `path` (as the user gave it), found at `location`; nil when
  /// written, else why not.
  static func write(_ text: String, path: String, location: String) -> String? {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: location), options: .atomic)
      return nil
    } catch {
      return reason(path: path, location: location, error: error)
    }
  }

  /// Why `location` (`path` as given) could not be written: what the file system
  /// shows, else the error's own description.
  static func reason(path: String, location: String, error: any Error) -> String {
    let files = FileManager.default
    var isFolder: ObjCBool = false
    let exists = files.fileExists(atPath: location, isDirectory: &isFolder)
    if exists, isFolder.boolValue { return "'\(path)' is a folder" }
    let folderLocation = folder(of: location)
    let folderName = folder(of: path)
    guard files.fileExists(atPath: folderLocation, isDirectory: &isFolder) else {
      return "the folder '\(folderName)' does not exist"
    }
    guard isFolder.boolValue else { return "'\(folderName)' is not a folder" }
    if !files.isWritableFile(atPath: folderLocation)
      || (exists && !files.isWritableFile(atPath: location))
    {
      return "permission denied"
    }
    return error.localizedDescription
  }

  /// The folder part of a path: `reports` for `reports/junit.xml`, `.` for `x.xml`.
  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
