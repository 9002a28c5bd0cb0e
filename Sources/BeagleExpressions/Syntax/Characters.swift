/// Character classes of the expression grammar, over UTF-8 bytes.
///
/// iOS matches with ICU regular expressions, so a word character (`\w`) is any Unicode
/// letter, mark, decimal digit or connector punctuation, and whitespace (`\s`) is any
/// `White_Space` character. Number literals use ASCII digits only.
enum Characters {
  static let quote = UInt8(ascii: "'")
  static let backslash = UInt8(ascii: "\\")
  static let at = UInt8(ascii: "@")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let openParen = UInt8(ascii: "(")
  static let closeParen = UInt8(ascii: ")")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let comma = UInt8(ascii: ",")
  static let dot = UInt8(ascii: ".")
  static let minus = UInt8(ascii: "-")
  static let underscore = UInt8(ascii: "_")

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  static func isASCIIWord(_ byte: UInt8) -> Bool {
    isDigit(byte) || isASCIILetter(byte) || byte == underscore
  }

  /// ICU's `\w`: letters, marks, decimal digits, connector punctuation, join controls.
  static func isWord(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isASCIIWord(UInt8(scalar.value)) }
    let properties = scalar.properties
    if properties.isAlphabetic || properties.isJoinControl { return true }
    switch properties.generalCategory {
    case .decimalNumber, .connectorPunctuation, .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }

  /// ICU's `\s`: the `White_Space` property. In ASCII that is tab to carriage return
  /// and the space, answered without the property table (a look-up was 500
  /// instructions, for every space between an operation's arguments).
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
    return scalar.properties.isWhitespace
  }

  /// Characters ICU's `.` does not match (without the dot-all flag).
  static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  /// The scalar whose UTF-8 encoding starts at `position`, and its length in bytes.
  /// Malformed bytes (impossible for text that came from a `String`) read as U+FFFD.
  static func scalar(in bytes: [UInt8], at position: Int) -> (scalar: Unicode.Scalar, length: Int) {
    let lead = bytes[position]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    guard position + length <= bytes.count else { return ("\u{FFFD}", 1) }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length {
      value = value << 6 | (UInt32(bytes[position + offset]) & 0x3F)
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }

  /// The text of `bytes[range]`.
  static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }
}
