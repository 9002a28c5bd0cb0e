import Testing

@testable import BeagleJSON

/// Objects of one shape materialised together share their key array; they stay
/// independent values.
@Suite struct SharedKeysTests {
  @Test("a list of same-shape objects materialises to the same values, each its own")
  func sameShape() throws {
    let value = try JSONValue(
      parsing: #"[{"a": 1, "b": [{"x": 1}, {"x": 2}]}, {"a": 2, "b": []}, {"b": 3, "a": 4}]"#)
    #expect(
      value
        == .array([
          ["a": 1, "b": .array([["x": 1], ["x": 2]])],
          ["a": 2, "b": .array([])],
          ["b": 3, "a": 4],
        ]))
    guard case .array(var items) = value, case .object(var first) = items[0] else {
      Issue.record("not an array of objects")
      return
    }
    first["c"] = true
    items[0] = .object(first)
    #expect(items[0].objectValue?.keys == ["a", "b", "c"])
    #expect(items[1].objectValue?.keys == ["a", "b"])
    #expect(items[2].objectValue?.keys == ["b", "a"])
  }

  @Test("sharing keys needs equal lists: same length, same keys in the same order")
  func shareKeys() {
    var shapes: [Int: [String]] = [:]
    var first: JSONObject = ["a": 1, "b": 2]
    var second: JSONObject = ["a": 3, "b": 4]
    var swapped: JSONObject = ["b": 5, "a": 6]
    first.shareKeys(with: &shapes)
    second.shareKeys(with: &shapes)
    swapped.shareKeys(with: &shapes)
    #expect(second.keys == ["a", "b"])
    #expect(second["a"] == 3)
    #expect(swapped.keys == ["b", "a"])
    #expect(swapped["a"] == 6)
    #expect(shapes[2] == ["b", "a"])
  }
}
