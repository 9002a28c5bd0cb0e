import BeagleJSON

/// Resolves `openNativeRoute` routes to screens, as an app's deep-link handler
/// (Beagle's `DeepLinkScreenManager`) does: the manifest's `nativeRoutes` map route
/// patterns to screen files in the manifest's folder.
///
/// An unregistered route is an error and the stacks stay as they are (iOS logs
/// "deep link screen not found"). The screen file is read with ``FileViewClient``'s
/// guards, so it can never be read from outside ``folder``.
///
/// ```swift
/// let handler = DeepLinkHandler(
///   routes: [NativeRoute(pattern: try RoutePattern(parsing: "/news/:id"), screen: "news.json")],
///   folder: "Examples/navigation")
/// try handler.resolve("/news/42").get().parameters   // {"id": "42"}
/// ```
public struct DeepLinkHandler: Sendable, Equatable {
  /// The native routes, in declaration order.
  public var routes: [NativeRoute]
  /// The folder screen files are named after (the manifest's folder, as given).
  public var folder: String
  /// Where that folder is (differs from ``folder`` when the run's working directory
  /// is not the process's, as in `beagle-run test`).
  public var location: String

  /// The longest route that gets a "did you mean".
  static let maximumSuggestedRouteLength = 256

  public init(routes: [NativeRoute], folder: String, location: String? = nil) {
    self.routes = routes
    self.folder = folder
    self.location = location ?? folder
  }

  /// A route that matched a native route.
  public struct Match: Sendable, Equatable {
    public var route: NativeRoute
    /// The values of the pattern's parameters, in pattern order.
    public var parameters: JSONObject
  }

  /// The native route for `route`: the most specific matching pattern, the first
  /// declared among equally specific ones (see ``RoutePattern``).
  ///
  /// - Returns: ``NavigationError/noNativeRoutes(route:)`` when none are declared,
  ///   ``NavigationError/nativeRouteNotFound(route:patterns:suggestion:)`` when none
  ///   matches.
  public func resolve(_ route: String) -> Result<Match, NavigationError> {
    guard !routes.isEmpty else { return .failure(.noNativeRoutes(route: route)) }
    var best: Match?
    for entry in routes {
      guard let parameters = entry.pattern.match(route) else { continue }
      if let current = best, !entry.pattern.isMoreSpecific(than: current.route.pattern) {
        continue
      }
      best = Match(route: entry, parameters: parameters)
    }
    if let best { return .success(best) }
    return .failure(
      .nativeRouteNotFound(
        route: route, patterns: routes.map(\.pattern.text), suggestion: suggestion(for: route)))
  }

  /// Reads the screen file of a match.
  public func load(_ match: Match) -> Result<FetchedScreen, NavigationError> {
    RelocatedFileViewClient(root: folder, location: location).fetch(
      ScreenRequest(url: match.route.screen))
  }

  /// The pattern a mistyped route most likely meant: among patterns with as many
  /// segments, the one whose literal segments are fewest edits away (at most 3);
  /// else the pattern closest as a whole string. None for routes longer than
  /// ``maximumSuggestedRouteLength`` (edit distances grow with the length).
  func suggestion(for route: String) -> String? {
    guard route.utf8.count <= Self.maximumSuggestedRouteLength else { return nil }
    var best: (distance: Int, pattern: String)?
    for entry in routes {
      guard let distance = entry.pattern.distance(to: route), distance <= 3 else { continue }
      if distance < (best?.distance ?? Int.max) { best = (distance, entry.pattern.text) }
    }
    if let best { return best.pattern }
    return Suggestion.closest(to: route, among: routes.map(\.pattern.text))
  }
}
