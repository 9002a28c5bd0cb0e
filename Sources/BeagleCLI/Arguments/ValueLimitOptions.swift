import BeagleJSON

/// The value limits group: `--max-depth`, `--max-value-bytes` and `--max-nodes`.
struct ValueLimitOptions: OptionGroup, Equatable {
  /// `--max-depth N`: the deepest JSON nesting accepted, in input and in values.
  var maximumDepth: Int?
  /// `--max-value-bytes N`: the largest value an expression or setContext may produce.
  var maximumValueBytes: Int?
  /// `--max-nodes N`: the most components a screen renders, list items included.
  var maximumNodes: Int?

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    case .maximumDepth(let depth): maximumDepth = depth
    case .maximumValueBytes(let bytes): maximumValueBytes = bytes
    case .maximumNodes(let nodes): maximumNodes = nodes
    default: return false
    }
    return true
  }

  /// The deepest JSON nesting parsed: `--max-depth`, else the parser's default.
  var depth: Int { maximumDepth ?? JSONParser.Options.defaultMaximumDepth }

  /// The limits of values computed at run time.
  var valueLimits: ValueLimits {
    ValueLimits(
      maximumBytes: maximumValueBytes ?? ValueLimits.defaultMaximumBytes, maximumDepth: depth,
      maximumNodes: maximumNodes ?? ValueLimits.defaultMaximumNodes)
  }
}
