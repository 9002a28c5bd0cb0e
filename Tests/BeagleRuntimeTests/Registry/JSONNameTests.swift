import BeagleJSON
import BeagleRuntime
import BeagleTestSupport
import Testing

/// A definition's name is escaped once and copied into the JSON state for every
/// component and action (``TypeDefinition/writeJSONName(into:)``): it must be the
/// quoted string `JSONPrinter.writeString` writes, which follows RFC 8259 §7 (`"`,
/// `\` and control characters escaped; other text as it is, in UTF-8).
@Suite struct JSONNameTests {
  static func jsonName(_ name: String) -> String {
    var component: [UInt8] = []
    ComponentDefinition(name, fields: []).writeJSONName(into: &component)
    var action: [UInt8] = []
    ActionDefinition(name, fields: []).writeJSONName(into: &action)
    #expect(component == action)
    return String(decoding: component, as: UTF8.self)
  }

  @Test(
    "names print quoted, with JSON's escapes",
    arguments: [
      ("beagle:container", #""beagle:container""#),
      ("", #""""#),
      (#"my"type"#, #""my\"type""#),
      (#"a\b"#, #""a\\b""#),
      ("line\nbreak\ttab", #""line\nbreak\ttab""#),
      ("\u{1}", #""\u0001""#),
      ("custom:café", #""custom:café""#),
      ("🚀:rocket", #""🚀:rocket""#),
    ])
  func escaped(name: String, expected: String) {
    #expect(Self.jsonName(name) == expected)
  }

  /// Pieces of names: plain letters, every escaped ASCII byte kind, DEL, a C1 control,
  /// accents, a combining mark, an emoji; names long and short (the escaping scan reads
  /// eight bytes at a time).
  static let pieces = [
    "a", "beagle:", "Z", "0", " ", ":", "\"", "\\", "\n", "\t", "\r", "\u{8}", "\u{C}", "\u{1}",
    "\u{1F}", "\u{7F}", "\u{85}", "é", "e\u{301}", "🚀", "—",
  ]

  @Test("seeded names print as JSONPrinter.writeString prints them")
  func seeded() {
    var random = SplitMix(seed: 0x5EED_0F_4A_50_4E)
    for _ in 0..<2_000 {
      var name = ""
      for _ in 0..<random.below(random.below(5) == 0 ? 40 : 10) {
        name += random.below(3) == 0 ? Self.pieces[random.below(Self.pieces.count)] : "x"
      }
      var expected: [UInt8] = []
      JSONPrinter.writeString(name, into: &expected)
      #expect(
        Self.jsonName(name) == String(decoding: expected, as: UTF8.self), "\(name.debugDescription)"
      )
    }
  }
}
