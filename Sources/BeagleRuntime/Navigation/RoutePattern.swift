import BeagleExpressions
import BeagleJSON

/// A deep-link route pattern such as `/news/:id`, in SwiftUI Router's syntax.
///
/// A pattern is a list of segments separated by `/`. A segment `:name` is a
/// parameter: it matches any one non-empty segment of a route and captures it as
/// `name`. A last segment `*` is a wildcard: it matches the rest of the route, any
/// number of segments (none too), and captures nothing. Every other segment matches
/// only itself, exactly (case-sensitively, no percent-decoding).
///
/// A pattern may be an absolute URL (`https://shop.example/news/:id`): it then
/// matches only routes with the same scheme and host (compared without regard to
/// case, as URLs are), and its path as above; a pattern without them (`/news/:id`)
/// matches only routes without them. Beagle's deep-link handler (`DeepLinkScreenManager`
/// in Beagle's sample apps) looks the route string up as it is, so an absolute URL
/// is a route like any other. Rules beagle-run chose where Beagle says nothing:
///
/// - One leading and one trailing `/` are ignored, on patterns and routes alike, so
///   `profile`, `/profile` and `/profile/` are the same pattern and each matches
///   the routes `profile`, `/profile` and `/profile/`. `/` (or an empty route)
///   has no segments.
/// - Routes are matched as written: a query string or fragment (`?tab=1`) is part
///   of the last segment, not parsed (iOS hands the handler the whole string; pass
///   values in the action's `data`).
/// - When several patterns match, the more specific wins: reading both from the
///   left, at the first segment where they differ in kind, a literal wins over a
///   parameter, a parameter over a wildcard, and the end of a pattern over a
///   wildcard (``isMoreSpecific(than:)``). Patterns of the same shape tie, and the
///   first declared wins.
///
/// ```swift
/// let pattern = try RoutePattern(parsing: "/news/:id")
/// pattern.match("/news/42")     // [("id", "42")]
/// pattern.match("/news")        // nil
/// try RoutePattern(parsing: "/help/*").match("/help/a/b")   // [:]
/// ```
public struct RoutePattern: Sendable, Equatable, CustomStringConvertible {
  /// One segment of a pattern.
  public enum Segment: Sendable, Equatable {
    /// Matches exactly this text.
    case literal(String)
    /// Matches any one non-empty segment and captures it under this name.
    case parameter(String)
    /// Matches the rest of the route (only last).
    case wildcard

    /// How specific the segment is: a literal, a parameter, the end of a pattern
    /// (``endRank``), a wildcard.
    fileprivate var rank: Int {
      switch self {
      case .literal: 4
      case .parameter: 3
      case .wildcard: 1
      }
    }
    fileprivate static let endRank = 2
  }

  /// The pattern as written.
  public let text: String
  /// The scheme and host of an absolute-URL pattern, lower-cased
  /// (`https://shop.example`); nil for a path.
  public let origin: String?
  public let segments: [Segment]

  /// Parses a pattern.
  ///
  /// - Throws: ``NavigationError/invalidRoutePattern(_:reason:)`` for an empty
  ///   pattern, an empty segment in the middle (`a//b`), a parameter without a name
  ///   or with characters other than letters, digits and `_`, a repeated parameter
  ///   name, a `*` that is not the whole last segment, or an absolute URL without a
  ///   host.
  public init(parsing text: String) throws(NavigationError) {
    guard !text.isEmpty else {
      throw .invalidRoutePattern(text, reason: "a pattern cannot be empty; use '/' for the root")
    }
    let (origin, path) = Self.splitOrigin(text)
    if let origin, origin.hasSuffix("://") {
      throw .invalidRoutePattern(text, reason: "an absolute URL needs a host ('scheme://host/…')")
    }
    var segments: [Segment] = []
    var names: Set<String> = []
    let parts = Self.split(path)
    for (index, raw) in parts.enumerated() {
      if raw.isEmpty {
        throw .invalidRoutePattern(text, reason: "it has an empty segment ('//')")
      }
      if raw == "*", index == parts.count - 1 {
        segments.append(.wildcard)
        continue
      }
      if raw.contains("*") {
        throw .invalidRoutePattern(
          text, reason: "a wildcard ('*') must be the whole last segment ('/help/*')")
      }
      guard raw.hasPrefix(":") else {
        segments.append(.literal(raw))
        continue
      }
      let name = String(raw.dropFirst())
      guard !name.isEmpty,
        name.unicodeScalars.allSatisfy({
          $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        })
      else {
        throw .invalidRoutePattern(
          text, reason: "parameter '\(raw)' needs a name of letters, digits and '_'")
      }
      guard names.insert(name).inserted else {
        throw .invalidRoutePattern(text, reason: "parameter ':\(name)' appears twice")
      }
      segments.append(.parameter(name))
    }
    self.text = text
    self.origin = origin
    self.segments = segments
  }

  public var description: String { text }

  /// The names of the pattern's parameters, in order.
  public var parameterNames: [String] {
    segments.compactMap { segment in
      if case .parameter(let name) = segment { return name }
      return nil
    }
  }

  /// The captured parameters, in pattern order, when `route` matches; nil otherwise.
  public func match(_ route: String) -> JSONObject? {
    let (routeOrigin, path) = Self.splitOrigin(route)
    guard routeOrigin == origin else { return nil }
    let parts = Self.split(path)
    guard fits(parts.count) else { return nil }
    var captured = JSONObject()
    for (segment, part) in zip(segments, parts) {
      switch segment {
      case .literal(let literal):
        guard part == literal else { return nil }
      case .parameter(let name):
        guard !part.isEmpty else { return nil }
        captured[name] = .string(part)
      case .wildcard:
        return captured
      }
    }
    return captured
  }

  /// Whether a route of `count` segments has as many as the pattern needs: exactly
  /// as many, or with a wildcard at least the segments before it.
  private func fits(_ count: Int) -> Bool {
    if segments.last == .wildcard { return count >= segments.count - 1 }
    return count == segments.count
  }

  /// Whether this pattern wins over `other` when both match a route: at the first
  /// segment where they differ in kind, a literal wins over a parameter, a parameter
  /// over a wildcard, and the end of a pattern over a wildcard.
  public func isMoreSpecific(than other: RoutePattern) -> Bool {
    for index in 0..<max(segments.count, other.segments.count) {
      let mine = index < segments.count ? segments[index].rank : Segment.endRank
      let theirs = index < other.segments.count ? other.segments[index].rank : Segment.endRank
      if mine != theirs { return mine > theirs }
    }
    return false
  }

  /// Whether both patterns match exactly the same routes (`/a/:x` and `a/:y/`).
  public func hasSameShape(as other: RoutePattern) -> Bool {
    guard origin == other.origin, segments.count == other.segments.count else { return false }
    return zip(segments, other.segments).allSatisfy { mine, theirs in
      switch (mine, theirs) {
      case (.literal(let left), .literal(let right)): left == right
      case (.parameter, .parameter), (.wildcard, .wildcard): true
      default: false
      }
    }
  }

  /// How far `route` is from matching: the edit distance summed over the literal
  /// segments, nil when the origins or the segment counts differ. For "did you mean".
  func distance(to route: String) -> Int? {
    let (routeOrigin, path) = Self.splitOrigin(route)
    guard routeOrigin == origin else { return nil }
    let parts = Self.split(path)
    guard fits(parts.count) else { return nil }
    var total = 0
    for (segment, part) in zip(segments, parts) {
      if case .literal(let literal) = segment {
        total += EditDistance.between(literal, part, countsTranspositions: false)
      }
    }
    return total
  }

  /// `text` as its lower-cased `scheme://host` (nil when it has no scheme) and the
  /// path after it. A scheme is a letter then letters, digits, `+`, `-` or `.`,
  /// followed by `://`.
  static func splitOrigin(_ text: String) -> (origin: String?, path: Substring) {
    let utf8 = text.utf8
    guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon != utf8.startIndex else {
      return (nil, Substring(text))
    }
    let scheme = utf8[utf8.startIndex..<colon]
    guard let first = scheme.first, Self.isLetter(first),
      scheme.allSatisfy({
        Self.isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
          || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
      }),
      text[colon...].hasPrefix("://")
    else { return (nil, Substring(text)) }
    let hostStart = text.index(colon, offsetBy: 3)
    let rest = text[hostStart...]
    let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    return (text[..<hostEnd].lowercased(), rest[hostEnd...])
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }

  /// The segments of a pattern or route: one leading and one trailing `/` dropped,
  /// then split on `/` keeping empty segments.
  static func split(_ text: some StringProtocol) -> [String] {
    var rest = Substring(text)
    if rest.hasPrefix("/") { rest = rest.dropFirst() }
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    guard !rest.isEmpty else { return [] }
    return rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
  }
}
