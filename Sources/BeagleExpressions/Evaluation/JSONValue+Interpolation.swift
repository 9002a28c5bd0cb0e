import BeagleJSON

extension JSONValue {
  /// The text of the value inside an interpolated string (docs/spec.md §5.6, Recommendation).
  ///
  /// Strings as they are, ints `2`, doubles the iOS way (`5.0`, `2.5`, `1e+20`, and
  /// `nan`, `inf`, `-inf`: ``NonFiniteNumber``), null as the empty string, booleans
  /// `true`/`false`, arrays and objects as compact JSON in source key order.
  public var interpolationText: String {
    switch self {
    case .null: ""
    case .bool(let bool): bool ? "true" : "false"
    case .int(let int): String(int)
    case .double(let double):
      NonFiniteNumber.text(of: double, dialect: .ios) ?? double.description
    case .bigNumber(let text): text
    case .string(let string): string
    case .array, .object: JSONPrinter(escapesControlCharacters: false).print(self)
    }
  }
}
