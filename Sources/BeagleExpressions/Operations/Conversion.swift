import BeagleJSON

/// web 2.x's `int`, `double`, `string`, returning null where the conversion is impossible
/// (as the docs say) instead of JavaScript's NaN.
enum Conversion {
  /// Numbers and numeric strings, truncated toward zero.
  @Sendable static func int(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 1 else { return .null }
    switch arguments[0] {
    case .int(let int):
      return .value(.int(int))
    case .string(let string):
      let trimmed = trimmed(string)
      if let int = Int(trimmed) { return .value(.int(int)) }
      return truncated(numericDouble(trimmed))
    default:
      return truncated(Arithmetic.double(arguments[0]))
    }
  }

  /// Numbers and numeric strings as doubles.
  @Sendable static func double(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 1 else { return .null }
    switch arguments[0] {
    case .int(let int):
      return .value(.double(Double(int)))
    case .string(let string):
      return numericDouble(trimmed(string)).map { .value(.double($0)) } ?? .null
    default:
      return Arithmetic.double(arguments[0]).map { .value(.double($0)) } ?? .null
    }
  }

  /// The value's text as in interpolation; null stays null.
  @Sendable static func string(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 1, !arguments[0].isNull else { return .null }
    return .value(.string(arguments[0].interpolationText))
  }

  private static func truncated(_ double: Double?) -> OperationOutcome {
    guard let double, double.isFinite else { return .null }
    let whole = double.rounded(.towardZero)
    guard whole >= -9_223_372_036_854_775_808.0, whole < 9_223_372_036_854_775_808.0 else {
      return .null
    }
    return .value(.int(Int(whole)))
  }

  private static func trimmed(_ string: String) -> Substring {
    let scalars = string.unicodeScalars
    let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
    let end =
      scalars.lastIndex { !$0.properties.isWhitespace }.map { scalars.index(after: $0) } ?? start
    return Substring(scalars[start..<max(start, end)])
  }

  /// A decimal number: optional sign, digits with an optional fraction (either side of
  /// the point may be empty, not both), optional exponent. No `inf`, `nan` or hex.
  private static func numericDouble(_ text: Substring) -> Double? {
    var bytes = Array(text.utf8)[...]
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      bytes = bytes.dropFirst()
    }
    var digits = 0
    while let byte = bytes.first, Characters.isDigit(byte) {
      digits += 1
      bytes = bytes.dropFirst()
    }
    if bytes.first == Characters.dot {
      bytes = bytes.dropFirst()
      while let byte = bytes.first, Characters.isDigit(byte) {
        digits += 1
        bytes = bytes.dropFirst()
      }
    }
    guard digits > 0 else { return nil }
    if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        bytes = bytes.dropFirst()
      }
      var exponentDigits = 0
      while let byte = bytes.first, Characters.isDigit(byte) {
        exponentDigits += 1
        bytes = bytes.dropFirst()
      }
      guard exponentDigits > 0 else { return nil }
    }
    guard bytes.isEmpty, let double = Double(String(text)), double.isFinite else { return nil }
    return double
  }
}
