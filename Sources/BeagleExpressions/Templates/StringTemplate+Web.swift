/// How web-core 2.1 finds expressions in a string (`web:utils/expression.ts`,
/// `web:beagle-view/render/expression.ts`; docs/spec.md §5.3 web column).
///
/// A string that is exactly `@{…}` (`FULL_EXPRESSION_REGEX`) is one expression, whatever
/// its text: text web cannot read evaluates to null with a warning. Otherwise every
/// `(\\*)@\{…\}` match (`EXPRESSION_REGEX`) is a part: an odd number of backslashes
/// escapes it, pairs collapse to one; text between matches, and a string with no match
/// (an unterminated quote, `@{'test}`), is kept exactly as written.
extension StringTemplate {
  static func parseWeb(_ source: String) -> ParseResult {
    let bytes = Array(source.utf8)
    if bytes.count >= 3, bytes[0] == Characters.at, bytes[1] == Characters.openBrace,
      let end = contentEnd(bytes, from: 2), end == bytes.count - 1
    {
      let text = Characters.text(bytes, 2..<end)
      return ParseResult(template: .single(WebExpressionParser.expression(text)), error: nil)
    }
    var parts: [Part] = []
    var text: [UInt8] = []
    var cursor = 0
    var start = 0
    while start < bytes.count {
      guard let match = match(bytes, at: start) else {
        start += 1
        continue
      }
      text += bytes[cursor..<start]
      let slashes = match.at - start
      text += Array(repeating: Characters.backslash, count: slashes / 2)
      let content = Characters.text(bytes, match.at + 2..<match.end - 1)
      if slashes % 2 == 1 {
        text += Array("@{\(content)}".utf8)
      } else {
        if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
        text = []
        parts.append(
          .expression(WebExpressionParser.expression(content), range: match.at..<match.end))
      }
      cursor = match.end
      start = match.end
    }
    text += bytes[cursor...]
    guard parts.contains(where: { if case .expression = $0 { true } else { false } }) else {
      // No expression: the string as written, or with its escaped `@{` unescaped.
      return ParseResult(
        template: .plain(String(decoding: text, as: UTF8.self)),
        error: unreadMarker(bytes, source: source))
    }
    if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
    return ParseResult(template: .interpolated(parts), error: nil)
  }

  /// `(\\*)@\{(content)\}` at `start`: where its `@` is and where it ends.
  private static func match(_ bytes: [UInt8], at start: Int) -> (at: Int, end: Int)? {
    var at = start
    while at < bytes.count, bytes[at] == Characters.backslash { at += 1 }
    guard at + 1 < bytes.count, bytes[at] == Characters.at,
      bytes[at + 1] == Characters.openBrace, let end = contentEnd(bytes, from: at + 2)
    else { return nil }
    return (at, end + 1)
  }

  /// The index of the `}` closing the content `([^'\}]|('([^'\\]|\\.)*'))*` that starts
  /// at `start`; nil when a quote is not closed or no `}` follows.
  private static func contentEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case Characters.closeBrace:
        return index
      case Characters.quote:
        index += 1
        while index < bytes.count, bytes[index] != Characters.quote {
          if bytes[index] == Characters.backslash {
            // `\\.`: any character but a line break.
            guard index + 1 < bytes.count, !isLineBreak(bytes, at: index + 1) else { return nil }
            index += 1
          }
          index += 1
        }
        guard index < bytes.count else { return nil }
        index += 1
      default:
        index += 1
      }
    }
    return nil
  }

  private static func isLineBreak(_ bytes: [UInt8], at index: Int) -> Bool {
    if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") { return true }
    // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
    return bytes[index] == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
      && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
  }

  /// For a string web reads as plain text although it holds an unescaped `@{`: the
  /// syntax error iOS's grammar finds there, so a checker can say that web shows
  /// the text as written.
  private static func unreadMarker(_ bytes: [UInt8], source: String) -> ExpressionError? {
    guard bytes.contains(Characters.openBrace) else { return nil }
    return parse(source, options: Options(collapsesEscapes: false, grammar: .ios)).error
  }
}
