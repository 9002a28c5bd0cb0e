import BeagleRendering
import BeagleRuntime

/// What `beagle-run run` reads: the input, limits and output groups, its script
/// and the profiles it compares.
struct RunOptions: OptionGroup {
  /// The screen file, `-` for standard input, or a route.
  var inputs: [String] = []
  var input = InputOptions()
  var httpLimits = HTTPLimitOptions()
  var valueLimits = ValueLimitOptions()
  var output = OutputOptions()
  /// `--explain`: list every binding of the first state.
  var explains = false
  /// `--step "…"`, in order.
  var steps: [String] = []
  /// `--script FILE`.
  var scriptPath: String?
  /// `--compare-profiles` (every profile) or `--profiles LIST`: run once per
  /// profile and print where the states differ.
  var comparedProfiles: [NavigationProfile]?
  /// `--images`: how `--format html` draws remote images.
  var imageMode: HTMLImageMode = .placeholder

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    case .explain: explains = true
    case .step(let step): steps.append(step)
    case .script(let path): scriptPath = path
    case .comparedProfiles(let profiles): comparedProfiles = profiles
    case .images(let mode): imageMode = mode
    default:
      return input.take(option) || httpLimits.take(option) || valueLimits.take(option)
        || output.take(option)
    }
    return true
  }
}
