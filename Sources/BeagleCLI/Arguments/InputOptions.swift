import BeagleRuntime

/// The input group: where the screens, the manifest and the mocks of a run, a
/// check or a graph come from, and what they may name (`--registry`, `--global`,
/// `--bff`, `--base-url`, `--mocks`, `--profile`, `--allow-outside-root`).
struct InputOptions: OptionGroup {
  /// `--registry FILE`: the manifest; nil for the one beside the screen.
  var registryPath: String?
  /// `--global JSON`: the global context's initial value.
  var global: String?
  /// `--bff DIR`: the folder remote routes are read from.
  var bffPath: String?
  /// `--base-url URL`: fetch remote routes over HTTP.
  var baseURL: String?
  /// `--mocks FILE`: canned answers for `sendRequest` (relative to the working directory).
  var mocksPath: String?
  /// `--profile ios|android|web`.
  var profile: NavigationProfile?
  /// `--allow-outside-root`: files a manifest or a scenario names may be outside
  /// the project root.
  var allowsOutsideRoot = false
  /// The folder the files a manifest names must stay in, when it is not the
  /// manifest's own folder: the scenario's folder under `test`.
  var projectRoot: ProjectRoot?

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    case .registry(let path): registryPath = path
    case .global(let json): global = json
    case .bff(let path): bffPath = path
    case .baseURL(let url): baseURL = url
    case .mocks(let path): mocksPath = path
    case .profile(let profile): self.profile = profile
    case .allowOutsideRoot: allowsOutsideRoot = true
    default: return false
    }
    return true
  }
}
