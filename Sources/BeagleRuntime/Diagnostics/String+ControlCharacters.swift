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
  /// line of output goes through it. Eight bytes at a time, a word holding no byte
  /// below 0x20, no DEL and no `C2` is passed over (most of the output); the bytes
  /// of any other word are looked at one by one.
  private func hasControlCharacters(keepingNewlines: Bool) -> Bool {
    var text = self
    return text.withUTF8 { bytes in
      func isControl(at index: Int) -> Bool {
        let byte = bytes[index]
        if byte < 0x20 { return !(keepingNewlines && byte == 0x0A) }
        if byte == 0x7F { return true }
        guard byte == 0xC2, index + 1 < bytes.count else { return false }
        return bytes[index + 1] >= 0x80 && bytes[index + 1] <= 0x9F
      }
      guard let base = bytes.baseAddress else { return false }
      let raw = UnsafeRawPointer(base)
      var index = 0
      while index + 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if mayHoldControlByte(word) {
          for position in index..<(index + 8) where isControl(at: position) { return true }
        }
        index += 8
      }
      for position in index..<bytes.count where isControl(at: position) { return true }
      return false
    }
  }
}

/// Whether one of the word's bytes is below 0x20, 0x7F or 0xC2 (never false when one
/// is; sometimes true when none is, as the borrows of the subtractions can make it).
private func mayHoldControlByte(_ word: UInt64) -> Bool {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let highs: UInt64 = 0x8080_8080_8080_8080
  func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
  let hasLow = (word &- ones &* 0x20) & ~word & highs != 0
  return hasLow || hasZeroByte(word ^ (ones &* 0x7F)) || hasZeroByte(word ^ (ones &* 0xC2))
}
