import BeagleJSON

extension JSONPointer {
  /// ``description``, the form states print: `/` before each token, `~` as `~0` and `/`
  /// as `~1`, written into one buffer (``appendDescription(to:)``) with no string made
  /// per token.
  var printed: String { description }
}
