import Testing

@testable import BeagleJSON

/// ``JSONValue/isIdentical(to:)``: the same value written the same way, where `==`
/// compares as JSON does.
@Suite struct JSONValueIdenticalTests {
  @Test("values == calls equal that print differently are not identical")
  func looserThanEquality() {
    let pairs: [(JSONValue, JSONValue)] = [
      (.string("Ol\u{E1}"), .string("Ola\u{301}")),
      (.double(0.0), .double(-0.0)),
      (.object(["x": 2, "y": 1]), .object(["y": 1, "x": 2])),
      (.array([.string("\u{E9}")]), .array([.string("e\u{301}")])),
      (.object(["k": .object(["\u{E9}": 1])]), .object(["k": .object(["e\u{301}": 1])])),
    ]
    for (left, right) in pairs {
      #expect(left == right)
      #expect(!left.isIdentical(to: right))
      #expect(left.isIdentical(to: left) && right.isIdentical(to: right))
    }
  }

  @Test("values of other types or contents are not identical; copies are")
  func otherwise() {
    #expect(!JSONValue.int(1).isIdentical(to: .double(1)))
    #expect(!JSONValue.null.isIdentical(to: .bool(false)))
    #expect(!JSONValue.array([1, 2]).isIdentical(to: .array([1])))
    #expect(!JSONValue.bigNumber("1e999").isIdentical(to: .bigNumber("1E999")))
    let value: JSONValue = ["a": [1, "b", ["c": .null]], "d": 2.5]
    let copy = value
    #expect(value.isIdentical(to: copy))
    let absent: JSONValue? = nil
    #expect(absent.isIdentical(to: nil))
    #expect(!absent.isIdentical(to: .null))
  }
}
