import BeagleRendering

/// The output group: `--format`, `--images` and `--strict`, for the verbs that load
/// screens.
struct OutputOptions: OptionGroup, Equatable {
  var format: OutputFormat = .text
  /// `--images`: how `--format html` draws remote images.
  var imageMode: HTMLImageMode = .placeholder
  /// `--strict`: warnings are errors.
  var isStrict = false

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    case .format(let format): self.format = format
    case .images(let mode): imageMode = mode
    case .strict: isStrict = true
    default: return false
    }
    return true
  }
}
