import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder that the files a manifest or a scenario names must stay inside: the
/// manifest's folder for `run` and `check`, the scenario's folder for `test`.
///
/// The guards are the file BFF's (``FileViewClient``): a path is judged by where it
/// really is, after `..` segments and symbolic links, so `/etc/passwd`,
/// `../../etc/passwd` and a link pointing out of the folder are all outside. A
/// path that does not exist is judged by its deepest existing folder. Files named
/// on the command line are the user's own choice and are never checked; nor is
/// anything when the user gives `--allow-outside-root`.
///
/// ```swift
/// let root = ProjectRoot(folder: "Examples/shop", role: .manifest)
/// root.contains("Examples/shop/../../etc/passwd", environment: environment)  // false
/// ```
struct ProjectRoot: Sendable, Equatable {
  /// Whose folder it is, for messages.
  enum Role: String, Sendable, Equatable {
    case manifest = "the manifest's folder"
    case scenario = "the scenario's folder"
    case walked = "the folder given"
  }

  /// The folder as messages name it, relative to the run's working directory
  /// (empty or `.` for that directory).
  var folder: String
  var role: Role

  /// Whether `path` (relative to the run's working directory, or absolute) is
  /// inside the folder.
  func contains(_ path: String, environment: CommandLineTool.Environment) -> Bool {
    let rootLocation = environment.location(of: folder.isEmpty ? "." : folder)
    guard let realRoot = Self.resolved(rootLocation),
      let target = Self.resolved(environment.location(of: path.isEmpty ? "." : path))
    else { return false }
    return target == realRoot || target.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
  }

  /// Why `path`, named by `key` (nil: the key is said elsewhere), is refused: it
  /// is outside the folder.
  func refusal(key: String?, path: String) -> String {
    let place = folder.isEmpty || folder == "." ? role.rawValue : "\(role.rawValue) '\(folder)'"
    let subject = key.map { "'\($0)' names '\(path)'," } ?? "'\(path)' is"
    return "\(subject) outside the project root (\(place)); "
      + "give --allow-outside-root to read files outside it"
  }

  // MARK: - Helpers

  /// The absolute path `path` designates, symbolic links resolved: the real path of
  /// its deepest existing ancestor followed by the rest, with `.` and `..` applied.
  static func resolved(_ path: String) -> String? {
    let isAbsolute = path.hasPrefix("/")
    let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    var existing = components.count
    while existing >= 0 {
      let prefix = components[..<existing].joined(separator: "/")
      let candidate = isAbsolute ? "/" + prefix : (prefix.isEmpty ? "." : prefix)
      if let real = realPath(candidate) {
        var parts = real.split(separator: "/").map(String.init)
        for component in components[existing...] {
          switch component {
          case ".": continue
          case "..": if !parts.isEmpty { parts.removeLast() }
          default: parts.append(component)
          }
        }
        return "/" + parts.joined(separator: "/")
      }
      existing -= 1
    }
    return nil
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
