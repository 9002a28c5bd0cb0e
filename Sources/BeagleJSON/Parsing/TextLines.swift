/// The lines of a text file, however it ends them: LF (Unix), CRLF (Windows) or a
/// lone CR (classic Mac OS), with a leading UTF-8 byte order mark dropped. Scripts,
/// scenarios and goldens are read by lines: a script saved with Windows line endings
/// must not read as one line (its first `#` comment would hide every step).
///
/// ```swift
/// TextLines.split("# steps\r\ntap \"Next\"\r\n")  // ["# steps", "tap \"Next\"", ""]
/// ```
package enum TextLines {
  /// The UTF-8 byte order mark, which some Windows editors write first.
  package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The lines of `text`, without their line breaks; the piece after the last break
  /// is the last element (empty when the text ends with a break).
  package static func split(_ text: String) -> [Substring] {
    let utf8 = text.utf8
    var start = utf8.startIndex
    if utf8.starts(with: byteOrderMark) { start = utf8.index(start, offsetBy: 3) }
    var lines: [Substring] = []
    var lineStart = start
    var index = start
    while index < utf8.endIndex {
      let byte = utf8[index]
      guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
        index = utf8.index(after: index)
        continue
      }
      lines.append(text[lineStart..<index])
      index = utf8.index(after: index)
      if byte == UInt8(ascii: "\r"), index < utf8.endIndex, utf8[index] == UInt8(ascii: "\n") {
        index = utf8.index(after: index)
      }
      lineStart = index
    }
    lines.append(text[lineStart..<utf8.endIndex])
    return lines
  }

  /// The lines of `bytes`, as ``split(_:)-(String)`` splits a text, each still bytes
  /// (for a reader that checks each line is UTF-8).
  package static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var start = bytes.startIndex
    if bytes.starts(with: byteOrderMark) { start += 3 }
    var lines: [ArraySlice<UInt8>] = []
    var lineStart = start
    var index = start
    while index < bytes.endIndex {
      let byte = bytes[index]
      index += 1
      guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else { continue }
      lines.append(bytes[lineStart..<index - 1])
      if byte == UInt8(ascii: "\r"), index < bytes.endIndex, bytes[index] == UInt8(ascii: "\n") {
        index += 1
      }
      lineStart = index
    }
    lines.append(bytes[lineStart...])
    return lines
  }

  /// `text` with every line break as LF and no byte order mark.
  package static func normalized(_ text: String) -> String {
    let utf8 = text.utf8
    guard utf8.contains(UInt8(ascii: "\r")) || utf8.starts(with: byteOrderMark) else {
      return text
    }
    return split(text).joined(separator: "\n")
  }
}
