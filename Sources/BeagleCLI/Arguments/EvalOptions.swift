import BeagleRuntime

/// What `beagle-run eval` reads: its expression, the contexts it runs in, the
/// manifest's operations and the value limits.
struct EvalOptions: OptionGroup {
  /// The expression (the one argument).
  var expression = ""
  /// `--registry FILE`: the manifest whose operations and profile it uses.
  var registryPath: String?
  /// `--global JSON`: the global context's value.
  var global: String?
  /// `--context ID=JSON`, outermost first.
  var contexts: [(id: String, json: String)] = []
  /// `--profile ios|android|web`.
  var profile: NavigationProfile?
  var valueLimits = ValueLimitOptions()

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    case .registry(let path): registryPath = path
    case .global(let json): global = json
    case .context(let id, let json): contexts.append((id, json))
    case .profile(let profile): self.profile = profile
    case .maximumNodes: return false  // eval renders no screen
    default: return valueLimits.take(option)
    }
    return true
  }
}
