/// What went wrong while reading a route, building a request or fetching a screen.
///
/// One closed enum for the navigation layer (routes, URL building, view clients).
/// The data is in the cases; ``description`` holds the wording: lowercase, user
/// values in single quotes, no final period.
public enum NavigationError: Error, Equatable, Sendable, CustomStringConvertible {
  // MARK: Routes and configuration

  /// A route that is not an object (`"route": "/x"`); `found` describes it.
  case routeNotAnObject(found: String)
  /// A remote route without `url` (and without a `screen` object).
  case missingURL
  /// A field holding the wrong JSON type.
  case wrongType(field: String, expected: String, found: String)
  /// A field whose value is not one of the allowed names.
  case invalidValue(field: String, value: String, allowed: [String])
  /// A key that the object does not define.
  case unknownField(String, owner: String)
  /// The URL of a route or request is empty, so no URL can be built.
  case emptyURL
  /// The URL built for a route or request is not a valid URL (iOS's `URL(string:)`
  /// returns nil): an already-encoded path that still holds a space, `<`, ….
  case malformedURL(String)

  // MARK: Deep links

  /// A `nativeRoutes` pattern that cannot be used, and why.
  case invalidRoutePattern(String, reason: String)
  /// A `nativeRoutes` screen file that is not a relative path inside the manifest's
  /// folder.
  case nativeScreenOutsideFolder(path: String)
  /// openNativeRoute without any native route declared.
  case noNativeRoutes(route: String)
  /// openNativeRoute to a route no pattern matches; `patterns` are the declared
  /// ones, `suggestion` the closest.
  case nativeRouteNotFound(route: String, patterns: [String], suggestion: String?)

  // MARK: Files

  /// A URL with a `..` segment, which would leave the BFF folder.
  case parentDirectorySegment(url: String)
  /// A URL whose percent-encoded segment decodes to `..`, a `/` or a NUL byte.
  case encodedTraversal(url: String)
  /// An absolute URL given to a client that only reads a folder.
  case absoluteURL(url: String, scheme: String)
  /// A file that resolves (through symbolic links) outside the BFF folder.
  case outsideRoot(url: String, resolved: String)
  /// No file for the URL; `candidates` are the paths tried, relative to `root`.
  case screenNotFound(url: String, root: String, candidates: [String])
  /// The file exists but could not be read.
  case unreadableFile(path: String, reason: String)

  // MARK: HTTP

  /// A built URL that is not a valid HTTP URL.
  case invalidURL(String)
  /// The server answered with a status outside 200...299.
  case httpStatus(Int, url: String)
  /// The connection could not be made or broke.
  case connectionFailed(url: String, reason: String)
  /// No complete answer within the client's timeout.
  case timedOut(url: String, seconds: Double)
  /// The answer came (status 2xx) but is not a screen: not JSON (an HTML page), or
  /// not a Beagle component; `contentType` is what the server said it is.
  case undecodableAnswer(url: String, contentType: String?, reason: String)
  /// The answer's body is longer than the run allows (`--max-body-bytes`); reading
  /// stopped there.
  case bodyTooLarge(url: String, limit: Int)
  /// The run's time for HTTP (`--http-budget`) was spent before the answer came.
  case httpBudgetSpent(url: String, seconds: Double)

  public var description: String {
    switch self {
    case .routeNotAnObject(let found):
      "a route must be an object with 'url' or 'screen', found \(found)"
    case .missingURL:
      "a remote route needs 'url' (a route without a 'screen' object is remote)"
    case .wrongType(let field, let expected, let found):
      "'\(field)' must be \(expected), found \(found)"
    case .invalidValue(let field, let value, let allowed):
      "'\(field)' cannot be '\(value)'; expected one of "
        + allowed.map { "'\($0)'" }.joined(separator: ", ")
    case .unknownField(let field, let owner):
      "unknown field '\(field)' in \(owner)"
    case .emptyURL:
      "the url is empty"
    case .malformedURL(let url):
      "'\(url)' is not a valid url (iOS's URL(string:) refuses it)"
    case .invalidRoutePattern(let pattern, let reason):
      "invalid route pattern '\(pattern)': \(reason)"
    case .nativeScreenOutsideFolder(let path):
      "screen file '\(path)' must be a relative path inside the manifest's folder"
    case .noNativeRoutes(let route):
      "no native route matches '\(route)': the manifest declares no 'nativeRoutes'"
    case .nativeRouteNotFound(let route, let patterns, let suggestion):
      "no native route matches '\(route)' (registered: "
        + patterns.map { "'\($0)'" }.joined(separator: ", ") + ")"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .parentDirectorySegment(let url):
      "url '\(url)' has a '..' segment; screens are only read inside the bff folder"
    case .encodedTraversal(let url):
      "url '\(url)' has a percent-encoded '..', '/' or NUL in a segment;"
        + " screens are only read inside the bff folder"
    case .absoluteURL(let url, let scheme):
      if ["http", "https"].contains(scheme.lowercased()) {
        "url '\(url)' is absolute; use \(setting: .baseURL) to fetch http urls instead of the bff"
          + " folder"
      } else {
        "url '\(url)' has the scheme '\(scheme)'; only paths inside the bff folder can be read"
      }
    case .outsideRoot(let url, let resolved):
      "url '\(url)' resolves to '\(resolved)', outside the bff folder"
    case .screenNotFound(let url, let root, let candidates):
      "no screen for '\(url)' in '\(root)': tried "
        + candidates.map { "'\($0)'" }.joined(separator: " and ")
    case .unreadableFile(let path, let reason):
      "cannot read '\(path)': \(reason)"
    case .invalidURL(let url):
      "'\(url)' is not a valid http url"
    case .httpStatus(let status, let url):
      "'\(url)' answered with status \(status)"
    case .connectionFailed(let url, let reason):
      "cannot connect to '\(url)': \(reason)"
    case .timedOut(let url, let seconds):
      "'\(url)' did not answer within \(Self.seconds(seconds)) s (\(setting: .timeout))"
    case .undecodableAnswer(let url, let contentType, let reason):
      "the answer of '\(url)'\(contentType.map { " (\($0))" } ?? "") is \(reason)"
    case .bodyTooLarge(let url, let limit):
      "the answer of '\(url)' is larger than \(Self.bytes(limit)) "
        + "(\(setting: .maximumBodyBytes)); "
        + "it was not read further"
    case .httpBudgetSpent(let url, let seconds):
      "no answer from '\(url)': the run spent its \(Self.seconds(seconds)) s of waiting for "
        + "http answers (\(setting: .httpBudget))"
    }
  }

  /// `16 MB` for whole megabytes, else `N bytes`.
  private static func bytes(_ count: Int) -> String {
    count >= 1 << 20 && count % (1 << 20) == 0 ? "\(count >> 20) MB" : "\(count) bytes"
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
  }
}
