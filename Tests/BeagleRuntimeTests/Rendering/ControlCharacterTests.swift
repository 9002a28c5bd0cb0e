import BeagleRuntime
import Testing

@Suite struct ControlCharacterTests {
  @Test(
    "control characters are written as escapes",
    arguments: [
      ("plain text", "plain text"),
      ("é ü 日本 🎉", "é ü 日本 🎉"),
      ("A\u{1B}]0;PWNED\u{07}B", "A\\u{1B}]0;PWNED\\u{7}B"),
      ("T\u{1B}[2J", "T\\u{1B}[2J"),
      ("a\nb\rc\td", "a\\nb\\rc\\td"),
      ("nul\u{0}", "nul\\u{0}"),
      ("del\u{7F} c1\u{85}\u{9F}", "del\\u{7F} c1\\u{85}\\u{9F}"),
      ("\u{A0}no-break", "\u{A0}no-break"),
    ])
  func escapes(text: String, expected: String) {
    #expect(text.escapingControlCharacters() == expected)
  }

  @Test("newlines can be kept for text whose lines are the renderer's own")
  func keepingNewlines() {
    #expect(
      "line 1\nline\u{1B}[31m 2\n".escapingControlCharacters(keepingNewlines: true)
        == "line 1\nline\\u{1B}[31m 2\n")
  }

  /// The scan reads eight bytes at a time: a control character is found at any offset,
  /// in the first word, the last whole one or the bytes after it, and a C1 character
  /// (`C2 85`) is found when its two bytes straddle two words.
  @Test(
    "a control character is escaped wherever it sits in a long text",
    arguments: ["\u{1B}", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9F}", "\t"])
  func escapesAtEveryOffset(control: String) {
    let escaped = control.escapingControlCharacters()
    #expect(escaped != control)
    for offset in 0..<20 {
      let before = String(repeating: "a", count: offset)
      let after = String(repeating: "b", count: 19 - offset)
      #expect(
        (before + control + after).escapingControlCharacters() == before + escaped + after,
        "at offset \(offset)")
    }
  }

  @Test("text without control characters comes back unchanged, whatever its length")
  func unchangedAtEveryLength() {
    // `C2 A0` (no-break space) and `C3 82` hold the bytes the scan looks closer at.
    let text = String(repeating: "é\u{A0}ab Â\n", count: 5)
    for length in 0...text.count {
      let prefix = String(text.prefix(length))
      #expect(prefix.escapingControlCharacters(keepingNewlines: true) == prefix)
    }
  }
}
