import BeagleJSON
import BeagleTestSupport
import Testing

@testable import BeagleCLI

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

  // MARK: - Counting scalars instead of characters

  /// Pieces of text whose characters are one scalar each (Latin, CJK, fullwidth
  /// punctuation, emoji, tabs and controls) and pieces whose are not (a combining
  /// accent, a flag, a skin tone, Hangul jamo, a C1 control after `Â`).
  private static let pieces = [
    "abc", "é", "ção", "限时", "，", "🌱", "—", "\t", "\u{1}", "\u{7F}", "\u{85}", "Ω", "я",
    "e\u{301}", "🇧🇷", "👍🏽", "\u{1100}\u{1161}", "한", "\u{200D}", "\u{FE0F}", "\r",
    "\"k\": 1, ",
  ]

  @Test("a window counted by scalars shows what one counted by characters shows")
  func scalarsAgreeWithCharacters() {
    var generator = SplitMix(seed: 20)
    for round in 0..<300 {
      // Lines of every length around the window's, mostly of one-scalar characters.
      let count = [3, 30, 60, 119, 120, 121, 200, 400][round % 8]
      var line = ""
      for _ in 0..<count {
        let simple = Int.random(in: 0..<10, using: &generator) < 9
        line +=
          simple
          ? Self.pieces[Int.random(in: 0..<13, using: &generator)]
          : Self.pieces.randomElement(using: &generator) ?? ""
      }
      let bytes = Array(line.utf8)
      let file = SourceFile(name: "a.json", bytes: bytes)
      let renderer = DiagnosticRenderer(usesColor: false, files: [:], mainName: "a.json")
      for offset in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 40)) {
        let position = file.lines.position(ofOffset: offset)
        let fast = renderer.sourceExcerpt(file, position)
        let slow = renderer.sourceExcerpt(file, position, countsCharacters: true)
        #expect(fast == slow, "\(line.debugDescription) at \(offset)")
      }
    }
  }

  @Test(
    "each scalar counted alone is a character of its own beside any other",
    arguments: [0x0, 0x2000, 0x3000, 0x4E00, 0xFF00, 0x1F300, 0x1F900])
  func aloneScalars(from: Int) {
    let partners: [Unicode.Scalar] = ["a", "\t", "\u{1}", "é", "…", "限", "🌱", "Ω", "，"]
    var checked = 0
    for value in from..<from + 0x1000 {
      guard ExcerptWindow.isAlone(UInt32(value)), let scalar = Unicode.Scalar(value) else {
        continue
      }
      checked += 1
      for partner in partners {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: [partner, scalar, partner, scalar, scalar])
        #expect(String(text).count == 5, "U+\(String(value, radix: 16))")
      }
    }
    #expect(checked > 0)
  }

  @Test("scalars that join their neighbours are not counted alone")
  func joiningScalars() {
    for value: UInt32 in [
      0x300, 0x36F, 0x483, 0x1100, 0xAC00, 0x200D, 0x200C, 0x302A, 0x3099,
      0xFE0F, 0xFF9E, 0x1F1E6, 0x1F3FB, 0x0E33,
    ] {
      #expect(!ExcerptWindow.isAlone(value), "U+\(String(value, radix: 16))")
    }
  }
}
