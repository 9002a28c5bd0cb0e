import Testing

@testable import BeagleExpressions

/// The expression grammar's character classes are ICU's (iOS parses with
/// NSRegularExpression): `\s` is the Unicode `White_Space` property.
@Suite struct CharactersTests {
  @Test("whitespace is White_Space for every ASCII scalar and for the others")
  func whitespace() {
    for value in UInt32(0)..<0x80 {
      let scalar = Unicode.Scalar(value)!
      #expect(Characters.isWhitespace(scalar) == scalar.properties.isWhitespace, "U+\(value)")
    }
    for scalar in ["\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "é", "中"] as [Unicode.Scalar] {
      #expect(Characters.isWhitespace(scalar) == scalar.properties.isWhitespace)
    }
    #expect(Characters.isWhitespace(" ") && Characters.isWhitespace("\t"))
    #expect(!Characters.isWhitespace("\u{1F}") && !Characters.isWhitespace("a"))
  }
}
