import Testing

/// A long line is shown as a window of 120 characters around the caret, with `…`
/// where it is cut, whether its bytes are plain ASCII (counted as bytes) or not.
@Suite struct ExcerptWindowTests {
  private static let line =
    #"{"_beagleComponent_": "beagle:text", "text": "x""#
    + String(repeating: #", "k": 1"#, count: 40)
    + "}"

  @Test("a problem in the middle of a long ASCII line shows a window cut on both sides")
  func asciiWindow() throws {
    let path = try temporaryFile(Array(Self.line.utf8), name: "wide.json")
    let outcome = beagleRun("check", path)
    #expect(outcome.code == 0)
    #expect(
      outcome.errors.contains(
        "\(path):1:75: warning: duplicate key 'k'; the last value is used [duplicate-key]\n"
          + #"  1 | …nent_": "beagle:text", "text": "x", "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k":…"#
          + "\n    | " + String(repeating: " ", count: 61) + "^\nnote: at /k\n"))
  }

  @Test("the same window on a line with multi-byte characters counts characters, not bytes")
  func unicodeWindow() throws {
    let path = try temporaryFile(
      Array(Self.line.replacingOccurrences(of: #""x""#, with: #""éé""#).utf8), name: "wide.json")
    let outcome = beagleRun("check", path)
    #expect(
      outcome.errors.contains(
        "\(path):1:78: warning: duplicate key 'k'; the last value is used [duplicate-key]\n"
          + #"  1 | …ent_": "beagle:text", "text": "éé", "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k": 1, "k":…"#
          + "\n    | " + String(repeating: " ", count: 61) + "^\nnote: at /k\n"))
  }
}
