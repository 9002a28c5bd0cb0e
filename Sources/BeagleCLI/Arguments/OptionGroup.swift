/// Options a verb reads, alone or shared with other verbs (the input group, the
/// limits, the output): what swift-argument-parser's `@OptionGroup` holds, written
/// by hand. The parser offers every option given to the verb's options, which keep
/// those they read.
protocol OptionGroup {
  /// Keeps `option` when this group reads it; false when it does not.
  mutating func take(_ option: OptionValue) -> Bool
}
