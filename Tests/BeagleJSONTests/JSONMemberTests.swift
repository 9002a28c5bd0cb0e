import Testing

@testable import BeagleJSON

/// `JSONNode.resolvedMembers` and `JSONMember.hasKey(_:isASCII:)`: keys matched on
/// their bytes must give what `String` equality of the decoded key gives.
@Suite struct JSONMemberTests {
  private func members(_ text: String) throws -> [JSONMember] {
    try JSONDocument(parsing: Array(text.utf8)).root.resolvedMembers
  }

  @Test(
    "a key matches a name exactly when the decoded strings are equal",
    arguments: [
      // (object, name, whether the name is ASCII, expected)
      (#"{"id": 1}"#, "id", true, true),
      (#"{"id": 1}"#, "ids", true, false),
      (#"{"id": 1}"#, "i", true, false),
      (#"{"id": 1}"#, "ID", true, false),
      (#"{"\u0069d": 1}"#, "id", true, true),
      (#"{"é": 1}"#, "\u{E9}", false, true),
      (#"{"é": 1}"#, "e\u{301}", false, true),
      // U+212A KELVIN SIGN is "K" as a Swift string: longer in bytes than the ASCII key.
      (#"{"K": 1}"#, "\u{212A}", false, true),
      (#"{"K": 1}"#, "\u{212A}x", false, false),
      (#"{"\u212a": 1}"#, "K", true, true),
    ])
  func hasKey(object: String, name: String, isASCII: Bool, expected: Bool) throws {
    let member = try #require(try members(object).first)
    #expect(member.hasKey(name, isASCII: isASCII) == expected)
    #expect((member.key == name) == expected)
  }

  @Test("members keep source order; a repeated key keeps its first position and last value")
  func resolvedOrder() throws {
    let resolved = try members(#"{"b": 1, "a": 2, "b": 3, "c": 4}"#)
    #expect(resolved.map(\.key) == ["b", "a", "c"])
    #expect(resolved.map(\.value.value) == [.int(3), .int(2), .int(4)])
    #expect(resolved.map(\.keyOffset) == [1, 9, 25])
  }

  @Test("an object without repeats gives every member as written")
  func plainObject() throws {
    let resolved = try members(#"{"_beagleComponent_": "beagle:text", "text": "Olá"}"#)
    #expect(resolved.map(\.key) == ["_beagleComponent_", "text"])
    #expect(resolved[0].hasKey("_beagleComponent_", isASCII: true))
    #expect(!resolved[1].hasKey("_beagleComponent_", isASCII: true))
    #expect(resolved[1].value.stringValue == "Olá")
  }
}
