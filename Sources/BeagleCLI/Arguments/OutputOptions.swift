/// The output group: `--format` and `--strict`, for the verbs that load screens.
struct OutputOptions: OptionGroup, Equatable {
  var format: OutputFormat = .text
  /// `--strict`: warnings are errors.
  var isStrict = false

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    case .format(let format): self.format = format
    case .strict: isStrict = true
    default: return false
    }
    return true
  }
}
