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
}
