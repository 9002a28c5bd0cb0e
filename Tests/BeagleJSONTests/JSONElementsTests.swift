import Testing

@testable import BeagleJSON

@Suite struct JSONElementsTests {
  @Test("the enumerated elements are an array's, in order, nested ones skipped whole")
  func elementsInOrder() throws {
    let document = try JSONDocument(parsing: Array(#"[1, [2, [3]], {"a": [4]}, "x", [], {}]"#.utf8))
    let walked = document.root.enumeratedElements.map(\.element.value)
    #expect(walked == document.root.elements.map(\.value))
    #expect(walked == [1, [2, [3]], ["a": [4]], "x", [], [:]])
    #expect(document.root.enumeratedElements.map(\.offset) == [0, 1, 2, 3, 4, 5])
  }

  @Test(
    "anything but an array has no enumerated elements",
    arguments: [
      #"{"a": 1}"#, #""s""#, "1", "null", "[]",
    ])
  func noElements(text: String) throws {
    let document = try JSONDocument(parsing: Array(text.utf8))
    #expect(Array(document.root.enumeratedElements).isEmpty)
  }

  @Test("member(named:) finds the last member of a name, written with escapes or not")
  func memberNamed() throws {
    let document = try JSONDocument(
      parsing: Array(#"{"a": 1, "ab": 2, "\u0061": 3, "abc": 4, "K": 5, "\u212Aey": 6}"#.utf8))
    let root = document.root
    #expect(root.member(named: "a", nameIsASCII: true)?.value == 3)
    #expect(root.member(named: "ab", nameIsASCII: true)?.value == 2)
    #expect(root.member(named: "abcd", nameIsASCII: true) == nil)
    #expect(root.member(named: "K", nameIsASCII: true)?.value == 5)
    // U+212A KELVIN SIGN is canonically "K": a string comparison says the names are equal.
    #expect(root.member(named: "Key", nameIsASCII: true)?.value == 6)
    #expect(root.member(named: "\u{212A}ey", nameIsASCII: false)?.value == 6)
  }
}
