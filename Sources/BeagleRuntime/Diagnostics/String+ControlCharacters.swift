extension String {
  /// The text with its control characters written as escapes (`\n`, `\r`, `\t`,
  /// `\u{1B}`), so that a string from a payload cannot move a terminal's cursor,
  /// change its colours, ring its bell or break a line of the outline.
  ///
  /// Control characters are C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
  /// `"A\u{1B}]0;x\u{07}"` becomes `A\u{1B}]0;x\u{7}`.
  ///
  /// - Parameter keepingNewlines: keep `\n` as it is, for text whose lines are the
  ///   renderer's own.
  public func escapingControlCharacters(keepingNewlines: Bool = false) -> String {
    guard hasControlCharacters(keepingNewlines: keepingNewlines) else { return self }
    var result = ""
    result.reserveCapacity(utf8.count + 16)
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0x0A where keepingNewlines: result.unicodeScalars.append(scalar)
      case 0x0A: result += "\\n"
      case 0x0D: result += "\\r"
      case 0x09: result += "\\t"
      case 0x00...0x1F, 0x7F...0x9F:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A byte scan: C1 characters are the two bytes `C2 80`–`C2 9F` in UTF-8.
  /// On the contiguous bytes (`withUTF8` copies nothing for a native string): every
  /// line of output goes through it, and iterating `utf8` costs several times more.
  private func hasControlCharacters(keepingNewlines: Bool) -> Bool {
    var text = self
    return text.withUTF8 { bytes in
      var previous: UInt8 = 0
      for byte in bytes {
        if byte < 0x20 {
          if !(keepingNewlines && byte == 0x0A) { return true }
        } else if byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) {
          return true
        }
        previous = byte
      }
      return false
    }
  }
}
