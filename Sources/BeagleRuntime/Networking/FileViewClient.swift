import BeagleJSON
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads screens from a folder of JSON files: beagle-run's default BFF.
///
/// A URL path maps to a file under ``root``: `/a/b` → `a/b.json`, else
/// `a/b/index.json`; `/` → `index.json`; a path whose last segment already ends
/// in `.json` is read as written. The query string and fragment are ignored, empty
/// and `.` segments are skipped, and segments are percent-decoded (`%20` → space).
///
/// The client never reads outside the root: it rejects `..` segments, segments
/// whose percent-decoding gives `..`, `/` or NUL, URLs with a scheme (`http:`
/// needs `--base-url`), and files whose real path (after symbolic links) is not
/// inside the root's real path.
public struct FileViewClient: ViewClient {
  /// The BFF folder, as given (relative paths are relative to the working directory).
  public var root: String

  public init(root: String) {
    self.root = root
  }

  public func fetch(_ request: ScreenRequest) -> Result<FetchedScreen, NavigationError> {
    let url = request.url
    let candidates: [String]
    switch Self.candidates(for: url) {
    case .success(let paths): candidates = paths
    case .failure(let error): return .failure(error)
    }
    guard let realRoot = Self.realPath(root) else {
      return .failure(.unreadableFile(path: root, reason: "the bff folder does not exist"))
    }
    for candidate in candidates {
      let path = realRoot + "/" + candidate
      var status = stat()
      guard stat(path, &status) == 0, let resolved = Self.realPath(path) else { continue }
      guard resolved.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") else {
        return .failure(.outsideRoot(url: url, resolved: resolved))
      }
      guard (status.st_mode & S_IFMT) == S_IFREG else { continue }
      let display = Self.display(root: root, candidate: candidate)
      do throws(FileBytes.Failure) {
        // One buffer of the file's size (through `Data` it was twice that at once).
        let bytes = try FileBytes.read(atPath: resolved)
        return .success(FetchedScreen(bytes: bytes, url: url, source: display))
      } catch .tooLarge {
        return .failure(
          .unreadableFile(
            path: display,
            reason:
              "it is larger than \(InputLimit.text(InputLimit.bytes)), the most an input can be"))
      } catch {
        return .failure(.unreadableFile(path: display, reason: "the file cannot be read"))
      }
    }
    return .failure(.screenNotFound(url: url, root: root, candidates: candidates))
  }

  // MARK: - Helpers

  /// The files that may hold the screen of `url`, relative to the root.
  static func candidates(for url: String) -> Result<[String], NavigationError> {
    if let scheme = scheme(of: url) {
      return .failure(.absoluteURL(url: url, scheme: scheme))
    }
    let path = url.prefix { $0 != "?" && $0 != "#" }
    var segments: [String] = []
    for raw in path.split(separator: "/", omittingEmptySubsequences: true) {
      if raw == ".." { return .failure(.parentDirectorySegment(url: url)) }
      // Without a `%` nothing is decoded: the segment holds no `/` (split on it),
      // so only a NUL can make it unsafe. Foundation's decoding is most of the cost
      // of a look-up, and `check` looks up every route of a screen.
      guard raw.utf8.contains(UInt8(ascii: "%")) else {
        if raw.utf8.contains(0) { return .failure(.encodedTraversal(url: url)) }
        if raw != "." { segments.append(String(raw)) }
        continue
      }
      let decoded = String(raw).removingPercentEncoding ?? String(raw)
      if decoded == ".." || decoded.contains("/") || decoded.contains("\0") {
        return .failure(.encodedTraversal(url: url))
      }
      if decoded != "." { segments.append(decoded) }
    }
    guard let last = segments.last else { return .success(["index.json"]) }
    let joined = segments.joined(separator: "/")
    if last.hasSuffix(".json") { return .success([joined]) }
    return .success([joined + ".json", joined + "/index.json"])
  }

  /// The URL's scheme (`http` in `http://x`), nil for a path.
  static func scheme(of url: String) -> String? {
    guard let colon = url.firstIndex(of: ":") else { return nil }
    let candidate = url[..<colon]
    guard let first = candidate.first, first.isASCII, first.isLetter,
      candidate.allSatisfy({
        $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".")
      })
    else { return nil }
    return String(candidate)
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func display(root: String, candidate: String) -> String {
    if root.isEmpty || root == "." { return candidate }
    return root.hasSuffix("/") ? root + candidate : root + "/" + candidate
  }
}
