import Testing

@testable import BeagleRuntime

/// Type names match case-insensitively, exactly as comparing `lowercased()`
/// strings does.
@Suite struct TypeNameTests {
  @Test(
    "type names compare as their lower-cased forms",
    arguments: [
      ("beagle:listView", "beagle:listview", true),
      ("BEAGLE:LISTVIEW", "beagle:listView", true),
      ("beagle:listView", "beagle:gridView", false),
      ("beagle:text", "beagle:texts", false),
      ("", "", true),
      ("a@[", "A@[", true),
      ("beagle:Ä", "beagle:ä", true),
      ("custom:\u{212A}ey", "custom:key", true),  // KELVIN SIGN lower-cases to k
      ("custom:é", "custom:e\u{301}", true),
      ("custom:é", "custom:e", false),
    ])
  func equal(lhs: String, rhs: String, expected: Bool) {
    #expect(TypeName.equal(lhs, rhs) == expected)
    #expect(TypeName.equal(lhs, rhs) == (lhs.lowercased() == rhs.lowercased()))
  }

  @Test("nodes match their type case-insensitively")
  func nodes() throws {
    let result = try decode(#"{"_beagleComponent_": "BEAGLE:TEXT", "text": "x"}"#)
    let node = try #require(result.root)
    #expect(node.isType("beagle:text"))
    #expect(node.isType("Beagle:Text"))
    #expect(!node.isType("beagle:button"))
    #expect(node.lowercasedTypeName == "beagle:text")
  }
}
