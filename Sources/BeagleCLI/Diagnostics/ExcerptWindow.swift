/// The part of a long source line a diagnostic shows around its caret, found on the
/// line's bytes: at most ``DiagnosticRenderer/windowWidth`` characters, cut with `…`,
/// tabs as spaces and other control characters as U+FFFD.
///
/// Only for windows whose every character is one Unicode scalar of a kind that is
/// its own grapheme cluster whatever its neighbours (``isAlone(_:)``): then counting
/// characters is counting scalars, and a character is never built. Other windows
/// (combining marks, Hangul jamo, flags, emoji with modifiers) go through `String`'s
/// character view, which gives the same text for these.
struct ExcerptWindow {
  /// The line's text around the caret, as shown (UTF-8).
  var text: [UInt8]
  /// The characters of `text` before the caret.
  var caretColumn: Int

  /// The excerpt of `line` (a range of `bytes`) around `caret`, from the window
  /// `start..<end` (`start` at most `caret`, both on scalar boundaries); nil when a
  /// character the excerpt may show is not one lone scalar, or not valid UTF-8.
  init?(bytes: [UInt8], line: Range<Int>, caret: Int, start: Int, end: Int, width: Int) {
    guard
      let window = bytes.withUnsafeBufferPointer({
        Self.window($0, line: line, caret: caret, start: start, end: end, width: width)
      })
    else { return nil }
    self = window
  }

  private init(text: [UInt8], caretColumn: Int) {
    self.text = text
    self.caretColumn = caretColumn
  }

  private static func window(
    _ bytes: UnsafeBufferPointer<UInt8>, line: Range<Int>, caret: Int, start: Int, end: Int,
    width: Int
  ) -> ExcerptWindow? {
    let half = width / 2
    // Counting stops past `width` characters on a side: then the side is cut. Each
    // side is counted to just past half first: when both go past it, both are cut.
    let cap = width + 1
    var before = caret
    var beforeScalars = 0
    var halfBefore = caret
    func countBefore(upTo limit: Int) -> Bool {
      while before > start, beforeScalars < limit {
        let previous = bytes[before - 1]
        if previous < 0x80 {
          before -= 1
        } else {
          guard let lead = scalarStart(before: before, floor: start, in: bytes) else {
            return false
          }
          before = lead
        }
        beforeScalars += 1
        if beforeScalars == half { halfBefore = before }
      }
      return true
    }
    var after = caret
    var afterScalars = 0
    var halfAfter = caret
    func countAfter(upTo limit: Int) -> Bool {
      while after < end, afterScalars < limit {
        if bytes[after] < 0x80 {
          after += 1
        } else {
          guard let next = scalarEnd(after: after, ceiling: end, in: bytes) else { return false }
          after = next
        }
        afterScalars += 1
        if afterScalars == half { halfAfter = after }
      }
      return true
    }
    let cutsStart = start > line.lowerBound
    let cutsEnd = end < line.upperBound
    // Characters on each side, the `…` of a window cut short included; nil when
    // counting stopped before the window's edge.
    var beforeCount: Int? { before <= start ? beforeScalars + (cutsStart ? 1 : 0) : nil }
    var afterCount: Int? { after >= end ? afterScalars + (cutsEnd ? 1 : 0) : nil }
    guard countBefore(upTo: half + 1), countAfter(upTo: half + 1) else { return nil }
    if let count = beforeCount, count <= half {
      guard countAfter(upTo: cap) else { return nil }
    } else if let count = afterCount, count <= half {
      guard countBefore(upTo: cap) else { return nil }
    }
    // Past half on a side with its count unknown: more than `half` characters.
    let fits = (beforeCount ?? cap) + (afterCount ?? cap) <= width
    var text: [UInt8] = []
    text.reserveCapacity(4 * width + 8)
    let caretColumn: Int
    if !fits, (beforeCount ?? cap) > half {
      text += ellipsis
      append(bytes[halfBefore..<caret], to: &text)
      caretColumn = 1 + half
    } else {
      if cutsStart { text += ellipsis }
      append(bytes[start..<caret], to: &text)
      caretColumn = beforeCount ?? 0
    }
    if !fits, (afterCount ?? cap) > half {
      append(bytes[caret..<halfAfter], to: &text)
      text += ellipsis
    } else {
      append(bytes[caret..<max(caret, end)], to: &text)
      if cutsEnd { text += ellipsis }
    }
    return ExcerptWindow(text: text, caretColumn: caretColumn)
  }

  /// `…` in UTF-8.
  private static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]

  /// `part` with tabs as spaces and control characters (C0, DEL, C1) as U+FFFD.
  private static func append(_ part: Slice<UnsafeBufferPointer<UInt8>>, to text: inout [UInt8]) {
    var previous: UInt8 = 0
    for byte in part {
      defer { previous = byte }
      if byte >= 0x20 && byte != 0x7F {
        // C1 controls are 0xC2 0x80–0x9F: the lead byte is already written.
        if previous == 0xC2 && byte >= 0x80 && byte <= 0x9F {
          text.removeLast()
          text += [0xEF, 0xBF, 0xBD]
        } else {
          text.append(byte)
        }
      } else if byte == UInt8(ascii: "\t") {
        text.append(UInt8(ascii: " "))
      } else {
        text += [0xEF, 0xBF, 0xBD]
      }
    }
  }

  /// Where the scalar ending at `offset` starts, when it starts at or after `floor`,
  /// is well formed and ``isAlone(_:)``.
  private static func scalarStart(
    before offset: Int, floor: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    var lead = offset - 1
    while lead > floor, lead > offset - 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
    guard lead >= floor, scalarEnd(after: lead, ceiling: offset, in: bytes) == offset else {
      return nil
    }
    return lead
  }

  /// Where the scalar starting at `offset` ends, when it ends at or before `ceiling`,
  /// is well formed (shortest form, no surrogate) and ``isAlone(_:)``.
  private static func scalarEnd(
    after offset: Int, ceiling: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    let lead = UInt32(bytes[offset])
    let length: Int
    let minimum: UInt32
    var value: UInt32
    switch lead {
    case 0..<0x80: return offset + 1  // ASCII: every byte is alone (\r\n is no line's)
    case 0xC2..<0xE0: (length, minimum, value) = (2, 0x80, lead & 0x1F)
    case 0xE0..<0xF0: (length, minimum, value) = (3, 0x800, lead & 0x0F)
    case 0xF0..<0xF5: (length, minimum, value) = (4, 0x10000, lead & 0x07)
    default: return nil
    }
    guard offset + length <= ceiling else { return nil }
    for index in offset + 1..<offset + length {
      let byte = UInt32(bytes[index])
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | byte & 0x3F
    }
    guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value),
      isAlone(value)
    else { return nil }
    return offset + length
  }

  /// Whether the scalar is a grapheme cluster of its own beside any other such scalar:
  /// its Grapheme_Cluster_Break property is Other or Control (Unicode's UAX #29), and
  /// it is no regional indicator, Hangul jamo or syllable, emoji modifier, combining
  /// mark, joiner or prepended mark. The ranges are the scripts and symbols screens
  /// use most: Latin, Greek, Cyrillic, punctuation, CJK, kana, fullwidth forms, emoji.
  static func isAlone(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0..<0x300,  // ASCII, Latin-1, Latin Extended, IPA, spacing modifiers
      0x370..<0x483,  // Greek, Cyrillic letters (their combining marks follow)
      0x2000..<0x200B, 0x2010..<0x2028, 0x202F..<0x2060,  // spaces, dashes, quotes, …
      0x20A0..<0x20C1,  // currency signs
      0x2100..<0x2C00,  // letterlike symbols, arrows, maths, shapes, dingbats
      0x3000..<0x302A, 0x3030..<0x3099, 0x309B..<0x3100,  // CJK punctuation, kana
      0x3400..<0x4DC0, 0x4E00..<0xA000,  // CJK ideographs
      0xFF01..<0xFF9E,  // fullwidth and halfwidth forms (voiced marks follow)
      0x1F300..<0x1F3FB, 0x1F400..<0x1F650, 0x1F680..<0x1F700, 0x1F900..<0x1FA00:  // emoji
      true
    default: false
    }
  }
}
