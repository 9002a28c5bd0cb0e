import BeagleTestSupport
import Testing

@testable import BeagleJSON

/// ``JSONNode/containsExpressionMarker`` finds `@{` eight bytes at a time: seeded
/// random byte strings (dense in `@`, `{` and the bytes the word test can mistake
/// for `@`) against a plain byte-by-byte search.
@Suite struct ExpressionMarkerScanTests {
  /// The plain search: some `@` directly followed by `{`.
  static func plainContainsMarker(_ bytes: [UInt8]) -> Bool {
    bytes.indices.dropLast().contains {
      bytes[$0] == UInt8(ascii: "@") && bytes[$0 + 1] == UInt8(ascii: "{")
    }
  }

  @Test("random byte strings of every length up to 40", arguments: 0..<16)
  func randomBytes(seed: UInt64) {
    var random = SplitMix(seed: seed)
    // `A` (0x41) and 0x01 sit next to `@` (0x40) and zero: what a borrow turns into a
    // false candidate.
    let alphabet: [UInt8] = [0x40, 0x7B, 0x41, 0x3F, 0x01, 0x00, 0x61, 0xC0, 0x80, 0x7A]
    var mismatches: [[UInt8]] = []
    for _ in 0..<2_000 {
      let length = random.below(41)
      let bytes = (0..<length).map { _ in alphabet[random.below(alphabet.count)] }
      let found = bytes.withUnsafeBufferPointer { JSONNode.containsMarker($0) }
      if found != Self.plainContainsMarker(bytes) { mismatches.append(bytes) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
  }

  @Test("a marker at every position, and split across two words")
  func everyPosition() {
    for length in 2...24 {
      for position in 0..<(length - 1) {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
        bytes[position] = UInt8(ascii: "@")
        bytes[position + 1] = UInt8(ascii: "{")
        #expect(bytes.withUnsafeBufferPointer { JSONNode.containsMarker($0) })
        // `@` alone, or `{` before `@`: no marker.
        bytes[position + 1] = UInt8(ascii: "x")
        #expect(!bytes.withUnsafeBufferPointer { JSONNode.containsMarker($0) })
      }
    }
  }

  @Test("a string node says whether its raw text holds the marker")
  func nodes() throws {
    let text = #"["@{a}", "x@{", "@", "{@", "0123456@{b}", "\u0040{c}", 1, {"k@{": "@x{"}]"#
    let document = try JSONDocument(parsing: Array(text.utf8))
    let found = (0..<8).map { document.root[$0]?.containsExpressionMarker }
    #expect(found == [true, true, false, false, true, false, false, false])
  }
}
