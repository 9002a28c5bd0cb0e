import BeagleJSON
import BeagleTestSupport
import Testing

@testable import BeagleRuntime

/// A value in a summary prints from its document when its source is short
/// (``ActionSummary/maximumShortSource``) and is cut on its bytes when it prints as
/// ASCII: both must show what the materialised value shows (printed, then cut at 48
/// characters), which ``ActionSummaryTests`` checks on chosen values and this suite on
/// seeded random ones.
@Suite struct ActionSummarySeededTests {
  /// Spellings whose printed text is not always their source: `-0`, `1.50`, `1e5`,
  /// numbers beyond `Double`, big integers.
  static let scalars = [
    "-0", "0", "7", "-12", "1.0", "1.50", "1e5", "1E-7", "-12.5", "0.016", "0.0001", "0.00001",
    "3.141592653589793", "123456789012345678901234567890", "1e400", "-1e400", "-0.0",
    "100000000000000000000.0", "true", "false", "null",
  ]

  /// Pieces of string source: escapes (short ones, `\u` of controls, DEL and C1, a
  /// surrogate pair, `\/`), raw DEL and C1 bytes, accents, combining marks, emoji. (A lone
  /// surrogate is a syntax error: ``loneSurrogate()``.)
  static let pieces = [
    "a", "b", "Z", "0", " ", "@{x.y}", #"\n"#, #"\""#, #"\\"#, #"\t"#, #"\u0001"#, #"\u001f"#,
    #"\u007f"#, #"\u0085"#, "\u{7F}", "\u{85}", "é", "e\u{301}", "🚀",
    #"\ud83d\ude80"#, #"\/"#, #"\u00e9"#, "—",
  ]

  struct Generator {
    var random: SplitMix

    mutating func string(maximumPieces: Int) -> String {
      var text = "\""
      let count = random.below(maximumPieces + 1)
      for _ in 0..<count {
        // Mostly plain letters, as most texts are.
        text += random.below(3) == 0 ? pieces[random.below(pieces.count)] : "x"
      }
      return text + "\""
    }

    mutating func space() -> String { random.below(6) == 0 ? " \n " : "" }

    mutating func value(depth: Int) -> String {
      switch depth > 2 ? random.below(2) : random.below(5) {
      case 0: return scalars[random.below(scalars.count)]
      case 1: return string(maximumPieces: random.below(4) == 0 ? 80 : 8)
      case 2:
        let count = random.below(8) == 0 ? 70 : random.below(5)
        let elements = (0..<count).map { _ in space() + value(depth: depth + 1) }
        return "[" + elements.joined(separator: ",") + space() + "]"
      default:
        let count = random.below(8) == 0 ? 70 : random.below(5)
        var keys: [String] = []
        let members = (0..<count).map { _ -> String in
          // Now and then a key again (the last value at the first place) or a long one.
          let key =
            !keys.isEmpty && random.below(5) == 0
            ? keys[random.below(keys.count)] : string(maximumPieces: random.below(6) == 0 ? 70 : 4)
          keys.append(key)
          return space() + key + space() + ":" + value(depth: depth + 1)
        }
        return "{" + members.joined(separator: ",") + space() + "}"
      }
    }
  }

  @Test("a value printed from its document and cut shows what the materialised one shows")
  func seededValues() throws {
    var generator = Generator(random: SplitMix(seed: 0x5EED_0001))
    var short = 0
    for _ in 0..<1_500 {
      let value = generator.value(depth: 0)
      let action = #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":"# + value + "}"
      let node = try ActionSummaryTests().decodedAction(action)
      let inPlace = ActionSummary.summary(of: node)
      let whole = ActionSummary.summary(of: ActionSummaryTests().materialised(node))
      #expect(inPlace == whole, "\(value)")
      if case .document(let field) = node.fields.member("value"),
        field.sourceTokensLength <= ActionSummary.maximumShortSource
      {
        short += 1
      }
    }
    // Both paths ran: values printed whole from the document and values printed in part.
    #expect(short > 500 && short < 1_500)
  }

  @Test("a lone surrogate is refused before any summary is made")
  func loneSurrogate() {
    #expect(throws: (any Error).self) {
      try ActionSummaryTests().decodedAction(
        #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":["\ud800"]}"#)
    }
  }

  @Test("cutting printed bytes cuts as cutting the printed string does")
  func cutBytes() {
    var random = SplitMix(seed: 0x5EED_0002)
    let units: [String] = [
      "a", "~", " ", "\"", "é", "e\u{301}", "🚀", "\u{7F}", "\u{85}", "\r\n", "…",
    ]
    for _ in 0..<2_000 {
      let count = random.below(70)
      let text = (0..<count).map { _ in
        random.below(4) == 0 ? units[random.below(units.count)] : "x"
      }
      .joined()
      let expected = text.count > 48 ? String(text.prefix(47)) + "…" : text
      #expect(ActionSummary.cut(utf8: Array(text.utf8)) == expected, "\(text)")
    }
    #expect(
      ActionSummary.cut(utf8: Array(String(repeating: "a", count: 49).utf8)) == String(
        repeating: "a", count: 47) + "…")
    #expect(
      ActionSummary.cut(utf8: Array(String(repeating: "a", count: 48).utf8))
        == String(repeating: "a", count: 48))
  }
}
