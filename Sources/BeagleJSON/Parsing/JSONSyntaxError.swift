/// Why a byte string is not a JSON document, and where.
public enum JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The input holds nothing but whitespace.
  case emptyInput(at: SourcePosition)
  /// The input ended where `expected` was still due.
  case unexpectedEndOfInput(expected: String, at: SourcePosition)
  /// A byte that cannot stand here; `found` is the character as the user sees it.
  case unexpectedCharacter(found: String, expected: String, at: SourcePosition)
  /// A complete value is followed by more than whitespace.
  case trailingContent(found: String, at: SourcePosition)
  /// A backslash escape that JSON does not define (`\x`, `\u12`).
  case invalidEscape(String, at: SourcePosition)
  /// A `\uD800`–`\uDFFF` escape that is not half of a valid surrogate pair.
  case loneSurrogate(String, at: SourcePosition)
  /// An unescaped control character (U+0000–U+001F) inside a string.
  case controlCharacterInString(UInt8, at: SourcePosition)
  /// Bytes that are not well-formed UTF-8.
  case invalidUTF8(at: SourcePosition)
  /// A number that breaks JSON's grammar (leading zero, missing digits, …).
  case invalidNumber(reason: String, at: SourcePosition)
  /// Arrays and objects nested deeper than the configured limit.
  case nestingTooDeep(limit: Int, at: SourcePosition)
  /// The input is larger than a document can address (4 GiB).
  case inputTooLarge(bytes: Int)

  /// Where the problem is.
  public var position: SourcePosition {
    switch self {
    case .emptyInput(let at), .unexpectedEndOfInput(_, let at),
      .unexpectedCharacter(_, _, let at), .trailingContent(_, let at), .invalidEscape(_, let at),
      .loneSurrogate(_, let at), .controlCharacterInString(_, let at), .invalidUTF8(let at),
      .invalidNumber(_, let at), .nestingTooDeep(_, let at):
      at
    case .inputTooLarge:
      SourcePosition(line: 1, column: 1, offset: 0)
    }
  }

  /// The message without the position, as a compiler would word it.
  public var description: String {
    switch self {
    case .emptyInput:
      "the input is empty; expected a JSON value"
    case .unexpectedEndOfInput(let expected, _):
      "unexpected end of input; expected \(expected)"
    case .unexpectedCharacter(let found, let expected, _):
      "unexpected character \(found); expected \(expected)"
    case .trailingContent(let found, _):
      "unexpected \(found) after the JSON value; a document holds exactly one value"
    case .invalidEscape(let escape, _):
      "invalid escape sequence '\(escape)' in string"
    case .loneSurrogate(let escape, _):
      "lone surrogate '\(escape)' in string; a UTF-16 surrogate must come in a high-low pair"
    case .controlCharacterInString(let byte, _):
      "unescaped control character U+\(Self.hex(byte)) in string; write it as an escape"
    case .invalidUTF8:
      "invalid UTF-8 byte sequence"
    case .invalidNumber(let reason, _):
      "invalid number: \(reason)"
    case .nestingTooDeep(let limit, _):
      "arrays and objects are nested more than \(limit) levels deep"
    case .inputTooLarge(let bytes):
      "the input is \(bytes) bytes; at most 268435456 bytes can be parsed"
    }
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
