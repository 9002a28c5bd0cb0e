extension String {
  /// The text made safe as HTML text or a double-quoted attribute value: `&`, `<`,
  /// `>`, `"` and `'` become character references, and control characters (but
  /// newlines) are written as escapes (`\u{1B}`), so a payload's string is always
  /// data, never markup: `<script>` shows as `<script>`, and `"` cannot close an
  /// attribute.
  package var htmlEscaped: String {
    let text = escapingControlCharacters(keepingNewlines: true)
    guard text.utf8.contains(where: Self.needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
      UInt8(ascii: "'"):
      true
    default: false
    }
  }
}
