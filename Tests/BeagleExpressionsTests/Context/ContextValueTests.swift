import BeagleJSON
import Testing

@testable import BeagleExpressions

/// A context value still in its document (a list item's element) reads as the same value
/// built: bindings walk it as docs/spec.md §5.5 says (anything unresolvable is null), and
/// only the value reached is built.
@Suite struct ContextValueTests {
  /// The same data as EvaluatorTests' scope, plus an escaped string and a repeated key
  /// (the last value wins, as JSONSerialization and the materialised document keep it).
  static let text = #"""
    {"a": {"b": [10, {"c": "x"}]}, "s": "str", "n": null, "d": 5.0, "i": 2,
     "e": "S\u00e3o \"P\"", "r": 1, "big": 123456789012345678901234567890, "r": [true, false]}
    """#

  static func node() throws -> JSONNode {
    try JSONDocument(parsing: Array(text.utf8)).root
  }

  /// EvaluatorTests' paths (the same data), and the members only this document has.
  static let paths: [(String, JSONValue)] =
    EvaluatorTests.paths + [
      ("ctx.i", 2),
      ("ctx.e", "São \"P\""),
      ("ctx.r", [true, false]),
      ("ctx.r[1]", false),
      ("ctx.big", .bigNumber("123456789012345678901234567890")),
    ]

  @Test("a binding into a value in its document reads what the built value gives", arguments: paths)
  func walksPaths(text: String, expected: JSONValue) throws {
    let lazy = ContextScope().pushing(id: "ctx", content: .document(try Self.node()))
    let built = ContextScope([("ctx", try Self.node().value)])
    let expression = try Expression(parsing: text)
    #expect(Evaluator().evaluate(expression, in: lazy) == expected)
    #expect(Evaluator().evaluate(expression, in: built) == expected)
  }

  @Test("the whole value, an operation's argument and an interpolation read it built")
  func wholeValue() throws {
    let node = try Self.node()
    let scope = ContextScope().pushing(id: "ctx", content: .document(node))
    #expect(Evaluator().evaluate(try Expression(parsing: "ctx"), in: scope) == node.value)
    #expect(Evaluator().evaluate(try Expression(parsing: "length(ctx.r)"), in: scope) == 2)
    #expect(
      Evaluator().evaluate(StringTemplate("@{ctx.s}-@{ctx.a.b}"), in: scope)
        == #"str-[10,{"c":"x"}]"#)
  }

  @Test("the nearest context wins whether or not its value is still in its document")
  func shadowing() throws {
    let node = try Self.node()
    let inner = ContextScope([("ctx", ["s": "outer"])]).pushing(id: "ctx", content: .document(node))
    #expect(inner.value(ofContext: "ctx", at: [.key("s")]) == "str")
    let outer = ContextScope().pushing(id: "ctx", content: .document(node))
      .pushing(id: "ctx", value: ["s": "inner"])
    #expect(outer.value(ofContext: "ctx", at: [.key("s")]) == "inner")
    #expect(outer.value(ofContext: "other", at: [.key("s")]) == nil)
  }

  @Test("equality and the entry's value are the built value's; setting it replaces it")
  func equality() throws {
    let node = try Self.node()
    #expect(ContextValue.document(node) == .value(node.value))
    #expect(ContextValue.document(node) != .value(["s": "str"]))
    var entry = ContextScope.Entry(id: "ctx", content: .document(node))
    #expect(entry == ContextScope.Entry(id: "ctx", value: node.value))
    entry.value = 1
    #expect(entry.content == .value(1))
  }
}
