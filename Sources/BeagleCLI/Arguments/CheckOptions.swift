/// What `beagle-run check` reads: the input, limits and output groups.
struct CheckOptions: OptionGroup {
  /// Files, folders, or `-` for standard input.
  var inputs: [String] = []
  var input = InputOptions()
  var httpLimits = HTTPLimitOptions()
  var valueLimits = ValueLimitOptions()
  var output = OutputOptions()

  mutating func take(_ option: OptionValue) -> Bool {
    input.take(option) || httpLimits.take(option) || valueLimits.take(option)
      || output.take(option)
  }
}
