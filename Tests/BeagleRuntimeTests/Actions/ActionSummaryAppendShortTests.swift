import BeagleJSON
import BeagleTestSupport
import Testing

@testable import BeagleRuntime

/// ``ActionSummary/appendShort(_:to:)`` prints a short value in its document, or a small
/// materialised one, into the output and cuts it there; it must append the bytes of
/// ``ActionSummary/short(_:)-(JSONValue)``, which prints ``prefix(of:budget:)``'s value as a
/// string and cuts that (at most 48 characters, the last `…`: ActionSummary's contract,
/// docs/running.md). Checked on seeded values (escapes, non-ASCII, controls, big numbers,
/// deep nesting, empty containers) and on the edges of the prefix's budget (64 values,
/// strings and keys of 64 UTF-8 bytes).
@Suite struct ActionSummaryAppendShortTests {
  /// The bytes `appendShort` appends after `"x"`, which it must leave alone.
  private func appended(_ field: LazyJSONObject.StoredValue?) -> String {
    var output = Array("x".utf8)
    ActionSummary.appendShort(field, to: &output)
    #expect(output.first == UInt8(ascii: "x"))
    return String(decoding: output.dropFirst(), as: UTF8.self)
  }

  /// Checks both holdings of the value of `source` against the materialised value's
  /// string path.
  private func check(_ source: String) throws {
    let action = #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":"# + source + "}"
    let node = try ActionSummaryTests().decodedAction(action)
    let field = try #require(node.fields.member("value"))
    let expected = ActionSummary.short(field.value)
    #expect(appended(field) == expected, "document: \(source)")
    #expect(appended(.value(field.value)) == expected, "value: \(source)")
  }

  @Test("seeded values append what the materialised value's short text is")
  func seeded() throws {
    var generator = ActionSummarySeededTests.Generator(random: SplitMix(seed: 0x5EED_0A05))
    for _ in 0..<1_500 {
      try check(generator.value(depth: 0))
    }
    #expect(appended(nil) == "null")
  }

  @Test("values at the edges of the prefix's budget")
  func budgetEdges() throws {
    for count in 60...68 {
      // `count` + 1 values in pre-order: the array and its elements.
      try check("[" + (0..<count).map { String($0 % 7) }.joined(separator: ",") + "]")
      try check("[" + Array(repeating: "[]", count: count).joined(separator: ",") + "]")
      try check(
        "[" + (0..<(count / 2)).map { "{\"k\($0)\":\($0)}" }.joined(separator: ",") + "]")
      // Strings and keys of `count` bytes, ASCII and not, with and without escapes.
      let plain = String(repeating: "a", count: count)
      let accented = String(repeating: "é", count: count / 2)
      for text in [plain, accented, plain + #"\n"#, #"\u0001"# + plain, "\u{85}" + plain] {
        try check("\"" + text + "\"")
        try check("[\"" + text + "\"]")
        try check("{\"" + text + "\":1}")
        try check("{\"k\":\"" + text + "\",\"l\":[1,2]}")
      }
    }
    // Deep nesting, big numbers, numbers that print otherwise than written.
    try check(String(repeating: "[", count: 70) + String(repeating: "]", count: 70))
    try check(String(repeating: "{\"a\":", count: 40) + "1" + String(repeating: "}", count: 40))
    try check("[123456789012345678901234567890,1e400,-0,1.50,1E-7,0.00001]")
  }
}
