/// What `beagle-run graph` reads: the input, limits and output groups and the
/// values it assumes.
struct GraphOptions: OptionGroup {
  /// The entry screen.
  var inputs: [String] = []
  var input = InputOptions()
  var httpLimits = HTTPLimitOptions()
  var valueLimits = ValueLimitOptions()
  var output = OutputOptions()
  /// `--assume ID=JSON`: values for the contexts route expressions read.
  var assumptions: [(id: String, json: String)] = []

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    case .assume(let id, let json):
      assumptions.append((id, json))
      return true
    case .allowOutsideRoot:
      // Not graph's on the command line; a test scenario's input sets it.
      return false
    default:
      break
    }
    return input.take(option) || httpLimits.take(option) || valueLimits.take(option)
      || output.take(option)
  }
}
