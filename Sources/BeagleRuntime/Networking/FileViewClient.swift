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
    let found: (resolved: String, candidate: String)
    switch locate(url, realRoot: Self.realPath(root)) {
    case .success(let file): found = file
    case .failure(let error): return .failure(error)
    }
    let resolved = found.resolved
    do {
      let display = Self.display(root: root, candidate: found.candidate)
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
  }

  /// The file ``fetch(_:)`` reads for `url` (its real path, and the candidate that
  /// names it), or why there is none, without reading it: ``fetch(_:)`` fails for
  /// the same URLs, and only more (a file it cannot read). `realRoot` is the
  /// root's real path (nil when the folder does not exist), found once by a
  /// caller that locates many URLs.
  package func locate(
    _ url: String, realRoot: String?
  ) -> Result<(resolved: String, candidate: String), NavigationError> {
    let candidates: [String]
    switch Self.candidates(for: url) {
    case .success(let paths): candidates = paths
    case .failure(let error): return .failure(error)
    }
    guard let realRoot else {
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
      return .success((resolved, candidate))
    }
    return .failure(.screenNotFound(url: url, root: root, candidates: candidates))
  }

  /// The folders under a root that ``locate(_:realRoot:folders:)`` has looked at:
  /// whether each one (a path relative to the root, as in a candidate) is a folder.
  package struct FolderCache: Sendable {
    var isFolder: [String: Bool] = [:]

    package init() {}
  }

  /// ``locate(_:realRoot:)`` for a caller that locates many URLs under one root:
  /// a candidate in a folder found missing is not looked for, without a call. The
  /// answer is ``locate(_:realRoot:)``'s: a path whose folder (or any folder above it)
  /// does not exist or is not a folder is not there either (`stat` fails the same
  /// way on it), so only the look-ups that cannot succeed are skipped; `check` looks
  /// up a thousand routes like `/products/580` where the BFF has no `products`.
  package func locate(
    _ url: String, realRoot: String?, folders: inout FolderCache
  ) -> Result<(resolved: String, candidate: String), NavigationError> {
    guard let realRoot, case .success(let candidates) = Self.candidates(for: url) else {
      return locate(url, realRoot: realRoot)
    }
    for candidate in candidates
    where !Self.isInMissingFolder(candidate, realRoot: realRoot, folders: &folders) {
      return locate(url, realRoot: realRoot)
    }
    return .failure(.screenNotFound(url: url, root: root, candidates: candidates))
  }

  /// Whether a folder holding `candidate` (relative to `realRoot`), its own or one
  /// above it, does not exist or is not a folder (each folder looked at once).
  private static func isInMissingFolder(
    _ candidate: String, realRoot: String, folders: inout FolderCache
  ) -> Bool {
    let bytes = candidate.utf8
    for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
      let folder = String(decoding: bytes[..<index], as: UTF8.self)
      let isFolder: Bool
      if let known = folders.isFolder[folder] {
        isFolder = known
      } else {
        var status = stat()
        isFolder =
          stat(realRoot + "/" + folder, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
        folders.isFolder[folder] = isFolder
      }
      if !isFolder { return true }
    }
    return false
  }

  /// The real path of ``root`` (symbolic links resolved), nil when it does not exist.
  package var realRoot: String? { Self.realPath(root) }

  // MARK: - Helpers

  /// The files that may hold the screen of `url`, relative to the root.
  static func candidates(for url: String) -> Result<[String], NavigationError> {
    if let plain = plainCandidates(for: url) { return .success(plain) }
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

  /// ``candidates(for:)`` of a plain URL, read on its bytes: all ASCII (each byte a
  /// character), no `:` (no scheme), no `%` (nothing to decode), no NUL, no `..`
  /// segment; nil for any other URL (the general reading then answers).
  private static func plainCandidates(for url: String) -> [String]? {
    var url = url
    return url.withUTF8 { bytes -> [String]? in
      var end = 0
      while end < bytes.count {
        let byte = bytes[end]
        if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        end += 1
      }
      for byte in bytes where byte >= 0x80 || byte == 0 || byte == UInt8(ascii: ":") {
        return nil
      }
      var segments: [String] = []
      var start = 0
      var position = 0
      while position <= end {
        guard position == end || bytes[position] == UInt8(ascii: "/") else {
          if bytes[position] == UInt8(ascii: "%") { return nil }
          position += 1
          continue
        }
        let segment = UnsafeBufferPointer(rebasing: bytes[start..<position])
        if segment.count == 2, segment[0] == UInt8(ascii: "."), segment[1] == UInt8(ascii: ".") {
          return nil
        }
        if !segment.isEmpty, !(segment.count == 1 && segment[0] == UInt8(ascii: ".")) {
          segments.append(String(decoding: segment, as: UTF8.self))
        }
        position += 1
        start = position
      }
      guard let last = segments.last else { return ["index.json"] }
      let joined = segments.joined(separator: "/")
      if last.hasSuffix(".json") { return [joined] }
      return [joined + ".json", joined + "/index.json"]
    }
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
