import BeagleJSON

/// One entry of the manifest's `nativeRoutes`: a route pattern and the screen file
/// that stands in for the app's native screen.
///
/// ```json
/// "nativeRoutes": {"/news/:id": "screens/news.json", "profile": "screens/profile.json"}
/// ```
public struct NativeRoute: Sendable, Equatable {
  public var pattern: RoutePattern
  /// The screen file, relative to the manifest's folder, as written.
  public var screen: String

  public init(pattern: RoutePattern, screen: String) {
    self.pattern = pattern
    self.screen = screen
  }

  /// Reads the manifest's `nativeRoutes` object; problems are diagnostics located
  /// in the manifest.
  ///
  /// A screen file must be a relative path that stays inside the manifest's folder
  /// (no `..`, no absolute path, no scheme: the file BFF's rules); a pattern that
  /// matches the same routes as an earlier one is a warning, since the earlier one
  /// always wins.
  static func parseAll(
    _ node: JSONNode, pointer: JSONPointer, source: String?
  ) -> (routes: [NativeRoute], diagnostics: [Diagnostic]) {
    var routes: [NativeRoute] = []
    var diagnostics: [Diagnostic] = []
    func report(_ message: NativeRouteMessage, _ at: JSONNode, _ pointer: JSONPointer) {
      diagnostics.append(message.diagnostic(at: pointer, offset: at.offset, source: source))
    }
    guard node.kind == .object else {
      report(.notAnObject, node, pointer)
      return ([], diagnostics)
    }
    for (text, value) in node.members {
      let memberPointer = pointer.appending(text)
      let pattern: RoutePattern
      do {
        pattern = try RoutePattern(parsing: text)
      } catch {
        report(.invalidPattern(reason: error.description), value, memberPointer)
        continue
      }
      guard let screen = value.stringValue, !screen.isEmpty else {
        report(.screenNotAPath(pattern: text), value, memberPointer)
        continue
      }
      if let problem = UserPath.problem(in: screen) {
        report(.invalidPath(problem: problem), value, memberPointer)
        continue
      }
      if screen.hasPrefix("/") || screen.hasPrefix("\\") {
        report(.screenOutsideFolder(path: screen), value, memberPointer)
        continue
      }
      if case .failure = FileViewClient.candidates(for: screen) {
        report(.screenOutsideFolder(path: screen), value, memberPointer)
        continue
      }
      if let earlier = routes.first(where: { $0.pattern.hasSameShape(as: pattern) }) {
        report(.shadowed(pattern: text, earlier: "\(earlier.pattern)"), value, memberPointer)
      }
      routes.append(NativeRoute(pattern: pattern, screen: screen))
    }
    return (routes, diagnostics)
  }
}
