import BeagleJSON
import BeagleRuntime

/// Renders diagnostics the way compilers do:
///
/// ```
/// screens/home.json:12:17: error: missing required field 'text' of 'beagle:text'
///    12 |       {"_beagleComponent_": "beagle:text"},
///       |       ^
/// note: at /child/children/0
/// ```
struct DiagnosticRenderer {
  var usesColor: Bool
  /// Files by name, to find a diagnostic's line; the main input is under `mainName`.
  var files: [String: SourceFile]
  var mainName: String

  /// Widest part of a source line shown around the caret (minified JSON has
  /// very long lines).
  static let windowWidth = 120

  func render(_ diagnostic: Diagnostic) -> String {
    // Written as bytes into one buffer: a check may render thousands of diagnostics,
    // and a string grown piece by piece reallocates and re-checks each piece.
    var out: [UInt8] = []
    out.reserveCapacity(768)
    let file = files[diagnostic.source ?? mainName]
    let message = diagnostic.message.escapingControlCharacters()
    if let file, let offset = diagnostic.offset {
      let position = file.lines.position(ofOffset: offset)
      startBold(&out)
      out += file.name.utf8
      out.append(UInt8(ascii: ":"))
      out += String(position.line).utf8
      out.append(UInt8(ascii: ":"))
      out += String(position.column).utf8
      out.append(UInt8(ascii: ":"))
      endBold(&out)
    } else if let source = diagnostic.source {
      startBold(&out)
      out += source.utf8
      out.append(UInt8(ascii: ":"))
      endBold(&out)
    } else {
      out += "beagle-run:".utf8
    }
    out.append(UInt8(ascii: " "))
    appendColored(diagnostic.severity.rawValue + ":", for: diagnostic.severity, to: &out)
    out.append(UInt8(ascii: " "))
    startBold(&out)
    out += message.utf8
    endBold(&out)
    if let rule = diagnostic.rule {
      out += " [".utf8
      out += rule.utf8
      out.append(UInt8(ascii: "]"))
    }
    out.append(UInt8(ascii: "\n"))
    if let file, let offset = diagnostic.offset, file.showsExcerpt {
      appendExcerpt(file, file.lines.position(ofOffset: offset), to: &out)
    }
    if let pointer = diagnostic.pointer {
      appendColored("note:", for: .note, to: &out)
      out += " at ".utf8
      if pointer.isRoot {
        out.append(UInt8(ascii: "/"))
      } else {
        pointer.appendDescription(to: &out)
      }
      out.append(UInt8(ascii: "\n"))
    }
    for note in diagnostic.notes {
      appendColored("note:", for: .note, to: &out)
      out.append(UInt8(ascii: " "))
      out += note.escapingControlCharacters().utf8
      out.append(UInt8(ascii: "\n"))
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The `file:line:column` of a diagnostic, when known.
  func place(of diagnostic: Diagnostic) -> (file: String, position: SourcePosition)? {
    guard let file = files[diagnostic.source ?? mainName], let offset = diagnostic.offset else {
      return nil
    }
    return (file.name, file.lines.position(ofOffset: offset))
  }

  /// The source line around `position`, with a caret under it.
  ///
  /// - Parameter countsCharacters: go through `String`'s characters even when
  ///   ``ExcerptWindow`` can count scalars (tests compare the two).
  func sourceExcerpt(
    _ file: SourceFile, _ position: SourcePosition, countsCharacters: Bool = false
  ) -> String {
    var out: [UInt8] = []
    appendExcerpt(file, position, countsCharacters: countsCharacters, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  private func appendExcerpt(
    _ file: SourceFile, _ position: SourcePosition, countsCharacters: Bool = false,
    to out: inout [UInt8]
  ) {
    let range = file.lines.range(ofLine: position.line, in: file.bytes)
    let caret = min(range.lowerBound + position.column - 1, range.upperBound)
    // Decode only a window of bytes around the caret: minified payloads have lines
    // of megabytes, and a check may report thousands of problems on one line.
    let reach = Self.windowWidth * 4
    let start = Self.characterBoundary(max(range.lowerBound, caret - reach), in: file.bytes)
    let end = Self.characterBoundary(min(range.upperBound, caret + reach), in: file.bytes)
    if !countsCharacters,
      let window = ExcerptWindow(
        bytes: file.bytes, line: range, caret: caret, start: start, end: end,
        width: Self.windowWidth)
    {
      appendExcerptLines(
        line: position.line, text: window.text, caretColumn: window.caretColumn, to: &out)
      return
    }
    let (text, caretColumn) = slowExcerpt(file, range: range, caret: caret, start: start, end: end)
    appendExcerptLines(
      line: position.line, text: Array(text.utf8), caretColumn: caretColumn, to: &out)
  }

  /// ``sourceExcerpt(_:_:)`` through `String`'s characters, for a window with a
  /// character ``ExcerptWindow`` does not count (a combining mark, a flag).
  private func slowExcerpt(
    _ file: SourceFile, range: Range<Int>, caret: Int, start: Int, end: Int
  ) -> (text: String, caretColumn: Int) {
    let before =
      (start > range.lowerBound ? "…" : "")
      + String(decoding: file.bytes[start..<caret], as: UTF8.self)
    let after =
      String(decoding: file.bytes[caret..<max(caret, end)], as: UTF8.self)
      + (end < range.upperBound ? "…" : "")
    // Printable ASCII (nearly every excerpt): a byte is a character and nothing is
    // replaced, so lengths are known without counting characters, which took a
    // third of the time of a `check` reporting a million problems.
    let isPlain = file.bytes[start..<max(caret, end)].allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    let beforeCount =
      isPlain ? (start > range.lowerBound ? 1 : 0) + caret - start : before.count
    let afterCount =
      isPlain ? max(caret, end) - caret + (end < range.upperBound ? 1 : 0) : after.count
    let fits = beforeCount + afterCount <= Self.windowWidth
    var shownBefore = Substring(before)
    var shownBeforeCount = beforeCount
    var prefix = ""
    if !fits, beforeCount > Self.windowWidth / 2 {
      shownBefore = before.suffix(Self.windowWidth / 2)
      shownBeforeCount = Self.windowWidth / 2
      prefix = "…"
    }
    var shownAfter = Substring(after)
    var suffix = ""
    if !fits, afterCount > Self.windowWidth / 2 {
      shownAfter = after.prefix(Self.windowWidth / 2)
      suffix = "…"
    }
    let shown = prefix + shownBefore + shownAfter + suffix
    let text = isPlain ? shown : shown.replacingTabs()
    let caretColumn =
      isPlain
      ? prefix.count + shownBeforeCount : (prefix + shownBefore).replacingTabs().count
    return (text, caretColumn)
  }

  /// The numbered source line and the caret under it.
  private func appendExcerptLines(
    line: Int, text: [UInt8], caretColumn: Int, to out: inout [UInt8]
  ) {
    let number = String(line).utf8
    let width = max(number.count, 3)
    let space = UInt8(ascii: " ")
    out.append(contentsOf: repeatElement(space, count: width - number.count))
    out += number
    out += " | ".utf8
    out += text
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(space, count: width))
    out += " | ".utf8
    out.append(contentsOf: repeatElement(space, count: max(0, caretColumn)))
    appendColored("^", for: .error, to: &out)
    out.append(UInt8(ascii: "\n"))
  }

  /// The nearest offset at or before `offset` that starts a UTF-8 character.
  static func characterBoundary(_ offset: Int, in bytes: [UInt8]) -> Int {
    var offset = offset
    while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
    return offset
  }

  private func appendColored(
    _ text: String, for severity: Diagnostic.Severity, to out: inout [UInt8]
  ) {
    guard usesColor else {
      out += text.utf8
      return
    }
    let code =
      switch severity {
      case .error: "1;31"
      case .warning: "1;35"
      case .note: "1;36"
      }
    out += "\u{1B}[\(code)m\(text)\u{1B}[0m".utf8
  }

  private func startBold(_ out: inout [UInt8]) {
    if usesColor { out += "\u{1B}[1m".utf8 }
  }

  private func endBold(_ out: inout [UInt8]) {
    if usesColor { out += "\u{1B}[0m".utf8 }
  }
}

extension StringProtocol {
  /// Tabs as spaces, and other control characters (escape sequences from a hostile
  /// payload must not reach the terminal) as U+FFFD.
  fileprivate func replacingTabs() -> String {
    // No control character at all (nearly every excerpt): nothing to replace.
    // C1 controls (U+0080–U+009F) are encoded as 0xC2 0x80–0x9F.
    var previous: UInt8 = 0
    let hasControl = utf8.contains { byte in
      defer { previous = byte }
      return byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F)
    }
    if !hasControl { return String(self) }
    // Printable ASCII and tabs: a byte is a character.
    if utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == UInt8(ascii: "\t") }) {
      return String(
        decoding: utf8.map { $0 == UInt8(ascii: "\t") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
    return String(
      map { character -> Character in
        if character == "\t" { return " " }
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
          scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        {
          return "\u{FFFD}"
        }
        return character
      })
  }
}
