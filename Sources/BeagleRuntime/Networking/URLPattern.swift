/// The URLs a mock answers: a path or an absolute URL, where a segment may be `*`
/// or `:name` (any one segment), and query parameters that must be present.
///
/// ```
/// /login                       the path /login, whatever the base URL or host
/// /users/:id/orders            any one segment in place of :id (names are for reading)
/// /products/*                  /products/7, not /products nor /products/7/reviews
/// /search?q=ball               the query holds q=ball; other parameters may follow
/// /search?q                    the query holds q, with any value
/// https://api.example.com/me   only that scheme and host (and port)
/// ```
///
/// A path pattern is compared with the path the screen wrote (`/login`, before the
/// base URL is joined), or with the path of an absolute URL; so the same mocks work
/// with and without `--base-url`. An absolute pattern is compared with the built
/// URL. Segments compare exactly (case matters, a trailing `/` matters), after
/// percent-encoding as ``URLBuilder`` does; a pattern without a query ignores the
/// request's query; fragments are ignored.
public struct URLPattern: Sendable, Equatable, CustomStringConvertible {
  /// One `/`-separated part of a pattern's path.
  public enum Segment: Sendable, Equatable {
    case literal(String)
    /// `*`: any one non-empty segment.
    case anySegment
    /// `:name`: any one non-empty segment.
    case parameter(String)
  }

  /// A `name=value` (or bare `name`) of a pattern's query.
  public struct QueryItem: Sendable, Equatable {
    public var name: String
    /// nil for a bare `name`, which matches any value.
    public var value: String?
  }

  /// The pattern as written.
  public let text: String
  /// `scheme://host[:port]`, lower-cased, for an absolute pattern; nil for a path.
  public let origin: String?
  public let segments: [Segment]
  public let query: [QueryItem]

  public var description: String { text }

  /// Reads a pattern.
  ///
  /// - Throws: ``MockError`` when the pattern is empty, not a path nor an http(s)
  ///   URL, has a fragment, a partial `*` or an unnamed `:`.
  public init(parsing text: String) throws(MockError) {
    guard !text.isEmpty else { throw .emptyPattern }
    guard !text.contains("#") else { throw .patternFragment(text) }
    let encoded = text.contains("%") ? text : URLBuilder.percentEncode(text)
    let parts = URLParts(encoded)
    if let origin = parts.origin {
      guard origin.hasPrefix("http://") || origin.hasPrefix("https://"),
        origin.split(separator: "/").count == 2
      else { throw .relativePattern(text) }
    } else {
      guard encoded.hasPrefix("/") else { throw .relativePattern(text) }
    }
    var segments: [Segment] = []
    for raw in parts.path.split(separator: "/", omittingEmptySubsequences: false) {
      if raw == "*" {
        segments.append(.anySegment)
      } else if raw.contains("*") {
        throw .partialWildcard(text)
      } else if raw.hasPrefix(":") {
        guard raw.count > 1 else { throw .unnamedParameter(text) }
        segments.append(.parameter(String(raw.dropFirst())))
      } else {
        segments.append(.literal(String(raw)))
      }
    }
    self.text = text
    self.origin = parts.origin
    self.segments = segments
    self.query = Self.items(parts.query).map { QueryItem(name: $0.name, value: $0.value) }
  }

  /// Whether a request matches.
  ///
  /// - Parameters:
  ///   - written: the URL as the screen wrote it, evaluated and percent-encoded
  ///     (``URLBuilder`` without a base URL).
  ///   - built: the URL as requested (joined to the base URL).
  public func matches(written: String, built: String) -> Bool {
    let parts: URLParts
    if let origin {
      parts = URLParts(built)
      guard parts.origin == origin else { return false }
    } else {
      parts = URLParts(written.hasPrefix("/") ? written : built)
    }
    let path = parts.path.split(separator: "/", omittingEmptySubsequences: false)
    guard path.count == segments.count else { return false }
    for (segment, actual) in zip(segments, path) {
      switch segment {
      case .literal(let literal): guard actual == literal else { return false }
      case .anySegment, .parameter: guard !actual.isEmpty else { return false }
      }
    }
    let present = Self.items(parts.query)
    return query.allSatisfy { item in
      present.contains { $0.name == item.name && (item.value == nil || $0.value == item.value) }
    }
  }

  /// `a=1&b&c=` as name/value pairs (a bare name has no value).
  private static func items(_ query: String?) -> [(name: String, value: String?)] {
    guard let query, !query.isEmpty else { return [] }
    return query.split(separator: "&").map { pair in
      guard let equals = pair.firstIndex(of: "=") else { return (String(pair), nil) }
      return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
    }
  }
}

/// A URL cut into `scheme://authority`, path and query; the fragment is dropped.
struct URLParts: Equatable {
  /// Lower-cased `scheme://authority`, nil for a path or a relative URL.
  var origin: String?
  /// The path; `/` for an absolute URL without one.
  var path: String
  var query: String?

  init(_ text: String) {
    var rest = Substring(text)
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    if let question = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: question)...])
      rest = rest[..<question]
    }
    if let separator = rest.range(of: "://"), Self.isScheme(rest[..<separator.lowerBound]) {
      let authorityEnd = rest[separator.upperBound...].firstIndex(of: "/") ?? rest.endIndex
      origin = rest[..<authorityEnd].lowercased()
      let path = rest[authorityEnd...]
      self.path = path.isEmpty ? "/" : String(path)
    } else {
      path = String(rest)
    }
  }

  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy {
      $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".")
    }
  }
}
