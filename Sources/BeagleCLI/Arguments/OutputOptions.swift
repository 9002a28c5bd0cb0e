/// The output group: `--format`, `--strict` and `--ignore`, for the verbs that load
/// screens.
struct OutputOptions: OptionGroup, Equatable {
  var format: OutputFormat = .text
  /// `--strict`: warnings are errors.
  var isStrict = false
  /// `--ignore RULE`: rule ids whose diagnostics are not shown.
  var ignoredRules: [String] = []

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    case .format(let format): self.format = format
    case .strict: isStrict = true
    case .ignore(let rules): ignoredRules += rules
    default: return false
    }
    return true
  }
}
