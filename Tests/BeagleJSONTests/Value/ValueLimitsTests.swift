import BeagleJSON
import Testing

@Suite struct ValueLimitsTests {
  /// 32 bytes a value on 64-bit platforms.
  static let unit = ValueLimits.bytesPerValue

  @Test("a value is counted 32 bytes a value plus the UTF-8 bytes of its strings and keys")
  func size() throws {
    #expect(Self.unit == 32)
    let value = try JSONValue(parsing: #"{"ab": ["xyz", 1, null]}"#)
    // 5 values (the object, the array, three elements), 3 + 2 bytes of text, a key's 16.
    let size = 5 * 32 + 3 + 2 + 16
    #expect(ValueLimits(maximumBytes: size).violation(of: value) == nil)
    #expect(ValueLimits(maximumBytes: size - 1).violation(of: value) == .tooLarge(limit: size - 1))
  }

  @Test("depth counts nested arrays and objects, as the parser does")
  func depth() {
    let two: JSONValue = [["a": 1]]
    #expect(ValueLimits(maximumDepth: 2).violation(of: two) == nil)
    #expect(ValueLimits(maximumDepth: 1).violation(of: two) == .tooDeep(limit: 1))
    #expect(ValueLimits(maximumDepth: 1).violation(of: "scalar") == nil)
  }

  @Test("a part held many times is counted each time, and the walk stops at the limit")
  func shared() {
    // 2^60 logical elements in 60 arrays of two: only a walk that stops can measure it.
    var value: JSONValue = "leaf"
    for _ in 0..<60 { value = [value, value] }
    #expect(ValueLimits().violation(of: value) == .tooLarge(limit: 64 << 20))
    #expect(ValueLimits(maximumDepth: 59).violation(of: value) == .tooDeep(limit: 59))
  }

  @Test("a value 100 000 levels deep is measured without recursion")
  func deep() {
    var value: JSONValue = 1
    for _ in 0..<100_000 { value = [value] }
    #expect(
      ValueLimits(maximumBytes: .max, maximumDepth: 10_000).violation(of: value)
        == .tooDeep(limit: 10_000))
    // Freeing it would recurse; unwrap it one level at a time instead.
    while case .array(let elements) = value, let inner = elements.first { value = inner }
  }

  @Test(
    "messages",
    arguments: [
      (ValueLimitViolation.tooLarge(limit: 64 << 20), "larger than 64 MB"),
      (.tooLarge(limit: 1500), "larger than 1500 bytes"),
      (.tooDeep(limit: 512), "nested deeper than 512 levels"),
    ])
  func messages(violation: ValueLimitViolation, text: String) {
    #expect(violation.description == text)
  }
}
