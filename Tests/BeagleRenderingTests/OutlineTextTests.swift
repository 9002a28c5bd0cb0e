import BeagleRuntime
import BeagleTestSupport
import Testing

@testable import BeagleRendering

/// ``OutlineText`` escapes the bytes it appends as
/// `String.escapingControlCharacters()` escapes a string (its own tests,
/// ControlCharacterTests, pin the escapes): `\n`, `\r`, `\t`, and `\u{X}` in upper-case
/// hex for the other C0 characters, DEL and the C1 characters.
@Suite struct OutlineTextTests {
  @Test(
    "each piece of a line is escaped as a whole line is",
    arguments: [
      ("plain text", "plain text"),
      ("é ü 日本 🎉", "é ü 日本 🎉"),
      ("A\u{1B}]0;PWNED\u{07}B", "A\\u{1B}]0;PWNED\\u{7}B"),
      ("a\nb\rc\td", "a\\nb\\rc\\td"),
      ("nul\u{0}", "nul\\u{0}"),
      ("del\u{7F} c1\u{85}\u{9F}", "del\\u{7F} c1\\u{85}\\u{9F}"),
      ("\u{A0}no-break Â", "\u{A0}no-break Â"),
    ])
  func escapes(text: String, expected: String) {
    var out = OutlineText()
    out.append("> ")
    out.append(text)
    out.endLine()
    out.line(text)
    #expect(out.text == "> \(expected)\n\(expected)\n")
  }

  /// Eight bytes are looked at at a time: a control character is found at any offset,
  /// and a C1 character (`C2 85`) when its two bytes straddle two words.
  @Test(
    "a control character is escaped wherever it sits in a long piece",
    arguments: [
      ("\u{1B}", "\\u{1B}"), ("\u{0}", "\\u{0}"), ("\u{1F}", "\\u{1F}"), ("\u{7F}", "\\u{7F}"),
      ("\u{85}", "\\u{85}"), ("\u{9F}", "\\u{9F}"), ("\t", "\\t"),
    ])
  func escapesAtEveryOffset(control: String, escaped: String) {
    for offset in 0..<20 {
      let before = String(repeating: "a", count: offset)
      let after = String(repeating: "é", count: 19 - offset)
      var out = OutlineText()
      out.append(before + control + after + control)
      #expect(out.text == before + escaped + after + escaped, "at offset \(offset)")
    }
  }

  /// ``OutlineText/append(writing:)`` writes in place and escapes only a text that holds
  /// a control character: it must give what appending the same text as a string gives,
  /// after text already on the line.
  @Test(
    "text written in place is escaped as an appended string is",
    arguments: [
      "", "plain", "é ü 日本 🎉", "A\u{1B}]0;PWNED\u{07}B", "a\nb\rc\td", "nul\u{0}",
      "del\u{7F} c1\u{85}\u{9F}", "\u{A0}no-break Â", String(repeating: "ab\u{85}", count: 9),
      "setContext c.x = \"a\\b\"",
    ])
  func writtenInPlace(text: String) {
    var written = OutlineText()
    written.append("> ")
    written.append { $0.append(contentsOf: text.utf8) }
    written.endLine()
    var appended = OutlineText()
    appended.append("> ")
    appended.append(text)
    appended.endLine()
    #expect(written.text == appended.text)
    #expect(written.text == "> " + text.escapingControlCharacters() + "\n")
  }

  @Test("spaces, and an empty line, add no escapes")
  func spacesAndBlankLines() {
    var out = OutlineText()
    out.appendSpaces(3)
    out.append("x")
    out.endLine()
    out.blankLine()
    out.appendSpaces(0)
    out.line("")
    #expect(out.text == "   x\n\n\n")
    #expect(out.byteCount == 7)
  }
}

extension OutlineTextTests {
  /// A piece shorter than a word is read as one word padded with spaces: every short
  /// piece of control characters, C1 (`C2 85`, also cut after its `C2`), Latin-1 after
  /// `C2` (`Â`, no-break space) and plain bytes is escaped as a whole string is.
  @Test("short pieces are escaped as strings are, whatever their bytes")
  func shortPiecesSeeded() {
    let pieces = [
      "a", " ", "~", "\u{0}", "\u{1B}", "\u{1F}", "\n", "\t", "\u{7F}", "\u{85}", "\u{9F}",
      "\u{A0}",
      "Â", "é", "中", "🚀",
    ]
    var random = SplitMix(seed: 0x5EED_0071)
    var texts = pieces
    for _ in 0..<800 {
      let text = (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
      if text.utf8.count < 8 { texts.append(text) }
    }
    for text in texts {
      var out = OutlineText()
      out.append(text)
      #expect(out.text == text.escapingControlCharacters(), "\(Array(text.utf8))")
      // A piece cut inside a C1 character: its `C2` alone is not escaped.
      var cut = OutlineText()
      let bytes = Array(text.utf8) + [0xC2]
      bytes.withUnsafeBufferPointer { cut.append(utf8: $0) }
      #expect(cut.bytes == Array(text.escapingControlCharacters().utf8) + [0xC2])
    }
  }
}
