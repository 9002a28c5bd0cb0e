import Testing

@testable import BeagleJSON

/// `JSONDocument.duplicateKeys()`: every repeat of a key inside one object, with
/// the member's pointer, in source order; keys compare as JSON strings (escapes
/// decoded), not as raw bytes.
@Suite struct DuplicateKeysTests {
  private func duplicates(_ text: String) throws -> [String] {
    let document = try JSONDocument(parsing: Array(text.utf8))
    return document.duplicateKeys().map {
      "\($0.key) \($0.pointer) \($0.offset) first \($0.firstOffset)"
    }
  }

  @Test("repeats nested in arrays and objects carry their full pointer")
  func nestedPointers() throws {
    let text = #"{"a": [0, {"x": 1, "y": {"k": 1, "k": 2}}], "b": {"c": [{"z": 0, "z": 1}]}}"#
    #expect(
      try duplicates(text) == [
        "k /a/1/y/k 33 first 25",
        "z /b/c/0/z 65 first 57",
      ])
  }

  @Test("a later repeat in an outer object is listed after inner repeats before it")
  func sourceOrder() throws {
    let text = #"{"a": {"x": 1, "x": 2}, "a": 3}"#
    #expect(try duplicates(text) == ["x /a/x 15 first 7", "a /a 24 first 1"])
  }

  @Test("three appearances give two repeats, both pointing at the first")
  func threeTimes() throws {
    #expect(
      try duplicates(#"{"k": 1, "k": 2, "k": 3}"#) == ["k /k 9 first 1", "k /k 17 first 1"])
  }

  @Test("escaped and plain spellings of a key are the same key")
  func escapedKeys() throws {
    #expect(try duplicates(#"{"ab": 1, "a\u0062": 2}"#) == ["ab /ab 10 first 1"])
    #expect(try duplicates(#"{"é": 1, "\u00e9": 2}"#) == ["é /é 10 first 1"])
    #expect(try duplicates(#"{"a/b~": 1, "a/b~": 2}"#) == ["a/b~ /a~1b~0 12 first 1"])
  }

  @Test("keys that are the same Swift string in other bytes are the same key")
  func canonicallyEquivalentKeys() throws {
    // "é" precomposed (U+00E9) and decomposed (e, U+0301): one key, as Swift's `String`
    // (and so iOS's decoders, which key dictionaries by `String`) compares them.
    #expect(try duplicates("{\"\u{E9}\": 1, \"e\u{301}\": 2}") == ["\u{E9} /\u{E9} 10 first 1"])
    #expect(try duplicates("{\"\u{E9}\": 1, \"e\": 2}").isEmpty)
  }

  @Test("a repeat past the parser's pairwise limit, and one inside a nested object, are found")
  func repeatsPastThePairwiseLimit() throws {
    // 17 keys, the 17th repeating the first; and a small object after it in the same document.
    let members = (0..<16).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
    let text = "[{\(members),\"k0\": 9},{\"a\": {\"b\": 1, \"b\": 2}}]"
    let document = try JSONDocument(parsing: Array(text.utf8))
    #expect(document.duplicateKeys().map { "\($0.key) \($0.pointer)" } == ["k0 /0/k0", "b /1/a/b"])
    let first = try #require(document.root[0])
    #expect(first.uniqueMembers.count == 16)
    #expect(first.uniqueMembers.first?.value.value == .int(9))
    let inner = try #require(document.root[1]?["a"])
    #expect(inner.uniqueMembers.map(\.key) == ["b"])
    #expect(inner.uniqueMembers.first?.value.value == .int(2))
  }

  @Test("keys that differ only in length or case are different")
  func distinctKeys() throws {
    #expect(try duplicates(#"{"a": 1, "ab": 2, "A": 3, "": 4, "b": {"a": 5}}"#).isEmpty)
    #expect(try duplicates(#"{"": 1, "": 2}"#) == [" / 8 first 1"])
  }

  @Test("large objects find their repeats too")
  func largeObject() throws {
    let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    let text = "{\(members), \"k7\": 0}"
    let document = try JSONDocument(parsing: Array(text.utf8))
    let found = document.duplicateKeys()
    #expect(found.map(\.key) == ["k7"])
    #expect(found.first?.pointer.description == "/k7")
    // `{` and the seven members before `"k7"`, each followed by `, `.
    let firstOffset = 1 + (0..<7).map { "\"k\($0)\": \($0), ".utf8.count }.reduce(0, +)
    #expect(found.first?.firstOffset == firstOffset)
    #expect(found.first?.offset == text.utf8.count - "\"k7\": 0}".utf8.count)
  }
}
