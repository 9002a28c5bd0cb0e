/// What reading the manifest's `nativeRoutes` reports.
enum NativeRouteMessage: DiagnosticMessage {
  /// `nativeRoutes` is not an object.
  case notAnObject
  /// A route pattern that does not parse.
  case invalidPattern(reason: String)
  /// A pattern whose screen is not a non-empty string.
  case screenNotAPath(pattern: String)
  /// A screen path ``UserPath`` refuses (a NUL, a control character).
  case invalidPath(problem: String)
  /// A screen path outside the BFF folder.
  case screenOutsideFolder(path: String)
  /// `pattern` matches what the earlier `earlier` already matches.
  case shadowed(pattern: String, earlier: String)

  var severity: Diagnostic.Severity {
    switch self {
    case .shadowed: .warning
    default: .error
    }
  }

  var description: String {
    switch self {
    case .notAnObject: "'nativeRoutes' must be an object mapping route patterns to screen files"
    case .invalidPattern(let reason): "nativeRoutes: \(reason)"
    case .screenNotAPath(let pattern):
      "nativeRoutes: the screen of '\(pattern)' must be a file path such as \"screens/news.json\""
    case .invalidPath(let problem): "nativeRoutes: \(problem)"
    case .screenOutsideFolder(let path):
      "nativeRoutes: \(NavigationError.nativeScreenOutsideFolder(path: path))"
    case .shadowed(let pattern, let earlier):
      "nativeRoutes: '\(pattern)' matches the same routes as '\(earlier)', declared "
        + "before it, which always wins"
    }
  }
}

extension NativeRouteMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .notAnObject: "native-route-not-an-object"
    case .invalidPattern: "native-route-invalid-pattern"
    case .screenNotAPath: "native-route-screen-not-a-path"
    case .invalidPath: "native-route-invalid-path"
    case .screenOutsideFolder: "native-route-screen-outside-folder"
    case .shadowed: "native-route-shadowed"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "native-route-not-an-object", "native-route-invalid-pattern",
    "native-route-screen-not-a-path", "native-route-invalid-path",
    "native-route-screen-outside-folder", "native-route-shadowed",
  ]
}
