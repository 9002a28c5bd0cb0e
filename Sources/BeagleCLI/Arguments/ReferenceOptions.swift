/// What `beagle-run components` and `beagle-run actions` read: a manifest and a format.
struct ReferenceOptions: OptionGroup, Equatable {
  /// `--registry FILE`; nil for `./beagle.json` when there is one.
  var registryPath: String?
  var format: OutputFormat = .text

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    case .registry(let path): registryPath = path
    case .format(let format): self.format = format
    default: return false
    }
    return true
  }
}
