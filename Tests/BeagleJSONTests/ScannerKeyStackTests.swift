import BeagleTestSupport
import Testing

@testable import BeagleJSON

/// The scanner flags an object (`JSONDocument.flaggedObjects`) when two of its keys
/// are the same bytes, when it has more than `JSONScanner.pairwiseKeyLimit` keys, or
/// when it has two keys and one is not plain ASCII (escapes, other scripts): then
/// the document compares them as strings (RFC 8259 §4 leaves repeats to the reader;
/// Beagle's decoders keep the last value). Each object's keys are its own: an inner
/// object closing gives the outer one back exactly the keys it had, at any depth,
/// past the stacks' initial room.
@Suite struct ScannerKeyStackTests {
  /// Whether the object at `node` must be flagged, from its members as written.
  private func mustBeFlagged(_ node: JSONNode) -> Bool {
    let keys = node.rawMembers.map { member -> (bytes: [UInt8], isPlain: Bool) in
      // The key's bytes between its quotes, as written.
      let bytes = node.document.bytes
      var end = member.member.keyOffset + 1
      while bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
      let written = Array(bytes[(member.member.keyOffset + 1)..<end])
      let isPlain = written.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\\") }
      return (written, isPlain)
    }
    if keys.count > JSONScanner.pairwiseKeyLimit { return true }
    if keys.count >= 2, keys.contains(where: { !$0.isPlain }) { return true }
    return Set(keys.map(\.bytes)).count < keys.count
  }

  /// Every object of `document`, depth first.
  private func objects(in node: JSONNode) -> [JSONNode] {
    switch node.kind {
    case .object:
      return [node] + node.members.flatMap { objects(in: $0.value) }
    case .array:
      return node.elements.flatMap { objects(in: $0) }
    default:
      return []
    }
  }

  /// A random object nested `depth` deep; keys drawn from a few names that share
  /// prefixes (so they repeat across levels and sometimes inside one), some escaped
  /// or not ASCII, some objects with many keys.
  private func object(depth: Int, random: inout SplitMix) -> String {
    let names = [
      "a", "ab", "abcdefgh", "abcdefghi", "abcdefghij", "id", "idx", "_beagleComponent_",
      "children", "child", "a\\u0062", "é", "k\(random.below(40))",
    ]
    let keyCount = random.below(10) == 0 ? 15 + random.below(4) : random.below(5)
    var members: [String] = []
    for position in 0..<keyCount {
      let key = names[random.below(names.count)]
      let value: String
      if depth > 0, position == keyCount / 2 {
        value =
          random.below(3) == 0
          ? "[\(object(depth: depth - 1, random: &random))]"
          : object(depth: depth - 1, random: &random)
      } else {
        value = String(random.below(100))
      }
      members.append("\"\(key)\":\(value)")
    }
    if depth > 0, keyCount == 0 {
      members.append("\"child\":\(object(depth: depth - 1, random: &random))")
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  @Test("flags exactly the objects whose keys may repeat, at every depth", arguments: [6, 40])
  func flagsEveryLevel(depth: Int) throws {
    var random = SplitMix(seed: 0xF1A6 &+ UInt64(depth))
    for _ in 0..<60 {
      let text = object(depth: depth, random: &random)
      let document = try JSONDocument(parsing: Array(text.utf8))
      let expected = objects(in: document.root).filter(mustBeFlagged).map(\.tapeIndex)
      #expect(document.flaggedObjects == expected, "\(text)")
    }
  }

  @Test("a key of an outer object repeated after 30 nested objects closed is found")
  func repeatAfterDeepNesting() throws {
    var inner = #"{"x":1}"#
    for level in 0..<30 { inner = #"{"k\#(level)":1,"x":\#(inner),"x2":2}"# }
    let text = #"{"x":1,"y":\#(inner),"x":3}"#
    let document = try JSONDocument(parsing: Array(text.utf8))
    // Only the outermost object repeats a key ("x"); the inner ones each have
    // "k…", "x" and "x2" once.
    #expect(document.flaggedObjects == [document.root.tapeIndex])
    #expect(document.root["x"].map { $0.value } == .int(3))
  }
}
