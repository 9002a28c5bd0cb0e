import BeagleRuntime

/// What reading a run's inputs (`--global`, the first screen, the manifest, a mock
/// file) reports.
enum LoaderMessage: DiagnosticMessage {
  /// `--global @path` could not be read.
  case globalUnreadable(path: String)
  /// `--global` is not valid JSON.
  case globalInvalidJSON(column: Int, reason: String)
  /// The first screen is a route but there is no BFF folder or base URL.
  case firstScreenNeedsSource(route: String)
  /// The registry manifest could not be read.
  case manifestUnreadable(reason: String)
  /// A mock file (`mention` says which) could not be read or parsed.
  case mocksUnreadable(mention: String, reason: String)

  var severity: Diagnostic.Severity { .error }

  var description: String {
    switch self {
    case .globalUnreadable(let path): "--global: cannot read '\(path)'"
    case .globalInvalidJSON(let column, let reason):
      "--global: invalid JSON at column \(column): \(reason)"
    case .firstScreenNeedsSource(let route):
      "the first screen '\(route)' is a route: give a bff folder or a base url to fetch it"
    case .manifestUnreadable(let reason): "registry manifest: \(reason)"
    case .mocksUnreadable(let mention, let reason): "\(mention): \(reason)"
    }
  }
}
