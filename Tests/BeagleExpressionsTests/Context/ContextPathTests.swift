import BeagleJSON
import Testing

@testable import BeagleExpressions

@Suite struct ContextPathTests {
  static let valid: [(String, [PathStep])] = [
    ("a", [.key("a")]),
    ("user.phones[1].number", [.key("user"), .key("phones"), .index(1), .key("number")]),
    ("[0].name", [.index(0), .key("name")]),
    ("[0]", [.index(0)]),
    ("matrix[1][2]", [.key("matrix"), .index(1), .index(2)]),
    ("a_1.B2", [.key("a_1"), .key("B2")]),
    ("0", [.key("0")]),
    ("[100000]", [.index(100_000)]),
  ]

  @Test("parses", arguments: valid)
  func parses(text: String, steps: [PathStep]) throws {
    let path = try ContextPath(parsing: text)
    #expect(path.steps == steps)
    #expect(path.description == text)
  }

  static let invalid: [(String, String, Range<Int>)] = [
    ("", "empty context path", 0..<0),
    (".a", "expected a key or an index but found '.'", 0..<1),
    ("a.", "expected a key after '.' but found the end of the expression", 2..<2),
    ("a..b", "expected a key after '.' but found '.'", 2..<3),
    ("a.[0]", "expected a key after '.' but found '['", 2..<3),
    ("a[-1]", "negative index -1 in a context path", 2..<4),
    ("a[100001]", "index 100001 is larger than the limit of 100000", 2..<8),
    ("a[99999999999999999999]", "integer '99999999999999999999' does not fit in 64 bits", 2..<22),
    ("a[x]", "expected an index but found 'x'", 2..<3),
    ("a[1", "expected ']' but found the end of the expression", 3..<3),
    ("a b", "expected '.' or '[' but found ' '", 1..<2),
    ("a(", "expected '.' or '[' but found '('", 1..<2),
    (" a", "expected a key or an index but found ' '", 0..<1),
  ]

  @Test("rejects", arguments: invalid)
  func rejects(text: String, message: String, range: Range<Int>) {
    #expect {
      try ContextPath(parsing: text)
    } throws: { error in
      guard let error = error as? ExpressionError else { return false }
      return error.description == message && error.range == range
    }
  }

  @Test("rejects paths longer than the step limit")
  func rejectsLongPaths() {
    let text = Array(repeating: "a", count: 300).joined(separator: ".")
    #expect(throws: ExpressionError.pathTooLong(limit: 256, range: 0..<599)) {
      try ContextPath(parsing: text)
    }
  }

  /// iOS's write rules (docs/spec.md §4.5), as compact JSON in key order.
  static let writeCases: [(JSONValue, String, JSONValue, String)] = [
    (["c": [1, 2]], "c[4]", "v", #"{"c":[1,2,null,null,"v"]}"#),
    (
      ["d": [["name": "a"], ["name": "b"]]], "d[2].name", "v",
      #"{"d":[{"name":"a"},{"name":"b"},{"name":"v"}]}"#
    ),
    (
      ["d": [["name": "a"], ["name": "b"]]], "d[0].name", "v", #"{"d":[{"name":"v"},{"name":"b"}]}"#
    ),
    (["a": 1, "b": 2], "a", 3, #"{"a":3,"b":2}"#),
    (["a": 1], "b", 2, #"{"a":1,"b":2}"#),
    (5, "a", 1, #"{"a":1}"#),
    ([1], "a", 1, #"{"a":1}"#),
    (.null, "a", 1, #"{"a":1}"#),
    (["x": 1], "[2]", "v", #"[null,null,"v"]"#),
    ("s", "[0]", "v", #"["v"]"#),
    ([1, 2, 3], "[1]", 9, "[1,9,3]"),
    (.null, "a.b[1].c", true, #"{"a":{"b":[null,{"c":true}]}}"#),
    (["a": [:]], "a[0]", 1, #"{"a":[1]}"#),
    (["a": ["b": 1]], "a.b.c", 2, #"{"a":{"b":{"c":2}}}"#),
    (["a": ["b": 1, "z": 0]], "a.b", .null, #"{"a":{"b":null,"z":0}}"#),
    ([[1]], "[0][2]", 3, "[[1,null,3]]"),
  ]

  @Test("writes", arguments: writeCases)
  func writes(root: JSONValue, path: String, value: JSONValue, expected: String) throws {
    let path = try ContextPath(parsing: path)
    let written = root.setting(value, at: path)
    #expect(JSONPrinter().print(written) == expected)
    #expect(written.value(at: path) == value)
  }

  @Test("no steps replaces the whole value")
  func wholeValue() {
    let root: JSONValue = ["a": 1]
    #expect(root.setting([1, 2], at: ContextPath()) == [1, 2])
  }

  @Test("an out-of-limit index in a path built in Swift leaves the value unchanged")
  func outOfLimitIndex() {
    let root: JSONValue = ["a": 1]
    #expect(root.setting(1, at: ContextPath(steps: [.index(100_001)])) == root)
    #expect(root.setting(1, at: ContextPath(steps: [.key("a"), .index(-1)])) == root)
  }

  @Test("writes along a path longer than parsing allows")
  func longPath() {
    let steps = Array(repeating: PathStep.index(0), count: 1_000)
    let written = JSONValue.null.setting("deep", at: ContextPath(steps: steps))
    #expect(written.value(at: ContextPath(steps: steps)) == "deep")
  }

  static let readCases: [(String, JSONValue)] = [
    ("a.b[1]", 2),
    ("a.b", [1, 2]),
    ("a.b[2]", .null),
    ("a.c", .null),
    ("[0]", .null),
    ("a.b.c", .null),
  ]

  @Test("reads", arguments: readCases)
  func reads(path: String, expected: JSONValue) throws {
    let root: JSONValue = ["a": ["b": [1, 2]]]
    #expect(root.value(at: try ContextPath(parsing: path)) == expected)
  }
}
