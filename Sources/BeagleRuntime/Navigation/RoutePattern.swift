import BeagleExpressions
import BeagleJSON

/// A deep-link route pattern such as `/news/:id`, in SwiftUI Router's syntax.
///
/// A pattern is a list of segments separated by `/`. A segment `:name` is a
/// parameter: it matches any one non-empty segment of a route and captures it as
/// `name`. Every other segment matches only itself, exactly (case-sensitively, no
/// percent-decoding). Rules beagle-run chose where Beagle says nothing:
///
/// - One leading and one trailing `/` are ignored, on patterns and routes alike, so
///   `profile`, `/profile` and `/profile/` are the same pattern and each matches
///   the routes `profile`, `/profile` and `/profile/`. `/` (or an empty route)
///   has no segments.
/// - Routes are matched as written: a query string or fragment (`?tab=1`) is part
///   of the last segment, not parsed (iOS hands the handler the whole string; pass
///   values in the action's `data`).
/// - When several patterns match, the more specific wins: reading both from the
///   left, at the first segment where one has a literal and the other a
///   parameter, the literal wins (``isMoreSpecific(than:)``). Patterns of the same
///   shape tie, and the first declared wins.
///
/// ```swift
/// let pattern = try RoutePattern(parsing: "/news/:id")
/// pattern.match("/news/42")     // [("id", "42")]
/// pattern.match("/news")        // nil
/// ```
public struct RoutePattern: Sendable, Equatable, CustomStringConvertible {
  /// One segment of a pattern.
  public enum Segment: Sendable, Equatable {
    /// Matches exactly this text.
    case literal(String)
    /// Matches any one non-empty segment and captures it under this name.
    case parameter(String)
  }

  /// The pattern as written.
  public let text: String
  public let segments: [Segment]

  /// Parses a pattern.
  ///
  /// - Throws: ``NavigationError/invalidRoutePattern(_:reason:)`` for an empty
  ///   pattern, an empty segment in the middle (`a//b`), a parameter without a name
  ///   or with characters other than letters, digits and `_`, a repeated parameter
  ///   name, or a `*` wildcard (not supported).
  public init(parsing text: String) throws(NavigationError) {
    guard !text.isEmpty else {
      throw .invalidRoutePattern(text, reason: "a pattern cannot be empty; use '/' for the root")
    }
    var segments: [Segment] = []
    var names: Set<String> = []
    for raw in Self.split(text) {
      if raw.isEmpty {
        throw .invalidRoutePattern(text, reason: "it has an empty segment ('//')")
      }
      if raw.contains("*") {
        throw .invalidRoutePattern(
          text, reason: "wildcards ('*') are not supported; use a ':name' segment")
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
    let parts = Self.split(route)
    guard parts.count == segments.count else { return nil }
    var captured = JSONObject()
    for (segment, part) in zip(segments, parts) {
      switch segment {
      case .literal(let literal):
        guard part == literal else { return nil }
      case .parameter(let name):
        guard !part.isEmpty else { return nil }
        captured[name] = .string(part)
      }
    }
    return captured
  }

  /// Whether this pattern wins over `other` when both match a route: at the first
  /// segment where one has a literal and the other a parameter, the literal wins.
  public func isMoreSpecific(than other: RoutePattern) -> Bool {
    for (mine, theirs) in zip(segments, other.segments) {
      switch (mine, theirs) {
      case (.literal, .parameter): return true
      case (.parameter, .literal): return false
      default: continue
      }
    }
    return false
  }

  /// Whether both patterns match exactly the same routes (`/a/:x` and `a/:y/`).
  public func hasSameShape(as other: RoutePattern) -> Bool {
    guard segments.count == other.segments.count else { return false }
    return zip(segments, other.segments).allSatisfy { mine, theirs in
      switch (mine, theirs) {
      case (.literal(let left), .literal(let right)): left == right
      case (.parameter, .parameter): true
      default: false
      }
    }
  }

  /// How far `route` is from matching: the edit distance summed over the literal
  /// segments, nil when the segment counts differ. For "did you mean".
  func distance(to route: String) -> Int? {
    let parts = Self.split(route)
    guard parts.count == segments.count else { return nil }
    var total = 0
    for (segment, part) in zip(segments, parts) {
      if case .literal(let literal) = segment {
        total += EditDistance.between(literal, part, countsTranspositions: false)
      }
    }
    return total
  }

  /// The segments of a pattern or route: one leading and one trailing `/` dropped,
  /// then split on `/` keeping empty segments.
  static func split(_ text: String) -> [String] {
    var rest = Substring(text)
    if rest.hasPrefix("/") { rest = rest.dropFirst() }
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    guard !rest.isEmpty else { return [] }
    return rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
  }
}
