import BeagleJSON
import Testing

@testable import BeagleExpressions

private let data: JSONValue = [
  "a": ["b": [10, ["c": "x"]]],
  "s": "str",
  "n": .null,
  "d": 5.0,
  "i": 2,
]

private let pathScope = ContextScope([("ctx", data)])

@Suite struct EvaluatorTests {
  /// Path walking (docs/spec.md §5.5): anything unresolvable is null.
  static let paths: [(String, JSONValue)] = [
    ("ctx.a.b[0]", 10),
    ("ctx.a.b[1].c", "x"),
    ("ctx.a.b[2]", .null),
    ("ctx.a.b[-1]", .null),
    ("ctx.a.x", .null),
    ("ctx.s.length", .null),
    ("ctx.s[0]", .null),
    ("ctx.a[0]", .null),
    ("ctx.a.b.c", .null),
    ("ctx.n.x", .null),
    ("ctx.n", .null),
    ("ctx.d", 5.0),
    ("ctx.a.b[1]", ["c": "x"]),
    ("nope", .null),
    ("nope.x[0]", .null),
  ]

  @Test("walks paths", arguments: paths)
  func walksPaths(text: String, expected: JSONValue) throws {
    #expect(Evaluator().evaluate(try Expression(parsing: text), in: pathScope) == expected)
  }

  @Test("a bare context id gives the whole value")
  func wholeValue() throws {
    #expect(Evaluator().evaluate(try Expression(parsing: "ctx"), in: pathScope) == data)
  }

  /// Scope lookup (docs/spec.md §4.2, §4.6): nearest wins, `global` is always the global context.
  static let scopes: [(ContextScope, String, JSONValue)] = [
    (ContextScope([("a", 1), ("a", 2)]), "a", 2),
    (ContextScope([("a", 1), ("b", 2)]), "a", 1),
    (ContextScope([("a", ["x": 1]), ("a", ["y": 2])]), "a.x", .null),
    (ContextScope([("a", 1)]), "b", .null),
    (ContextScope([("a", 1)], global: ["user": ["name": "Ana"]]), "global.user.name", "Ana"),
    (ContextScope([("global", 1)], global: 2), "global", 2),
    (ContextScope([]), "global", .null),
    (ContextScope([("a", 1)]).pushing(id: "a", value: 3), "a", 3),
  ]

  @Test("looks contexts up", arguments: scopes)
  func looksUp(scope: ContextScope, text: String, expected: JSONValue) throws {
    #expect(Evaluator().evaluate(try Expression(parsing: text), in: scope) == expected)
  }

  /// Single expressions keep their type; interpolations are strings (docs/spec.md §5.2, §5.6).
  static let templates: [(String, JSONValue)] = [
    ("@{ctx.d}", 5.0),
    ("@{ctx.i}", 2),
    ("@{ctx.a.b}", [10, ["c": "x"]]),
    ("@{ctx.n}", .null),
    ("@{missing}", .null),
    ("@{true}", true),
    ("@{sum(ctx.i, 1)}", 3),
    ("v=@{ctx.d}", "v=5.0"),
    ("v=@{ctx.i}", "v=2"),
    ("x@{missing}y", "xy"),
    ("x@{ctx.n}y", "xy"),
    ("@{ctx.s} ", "str "),
    ("@{ctx.i}@{ctx.i}", "22"),
    ("@{ctx.a.b}!", #"[10,{"c":"x"}]!"#),
    ("@{ctx.a}.", #"{"b":[10,{"c":"x"}]}."#),
    ("@{eq(1, 1)} and @{not(true)}", "true and false"),
    ("@{divide(1.0, 4.0)}", 0.25),
    ("@{divide(ctx.d, 2.0)}%", "2.5%"),
    ("@{sun(1)}", .null),
    ("[@{sun(1)}]", "[]"),
    ("plain", "plain"),
    (#"a\\b"#, #"a\b"#),
    (#"\@{ctx.i}"#, "@{ctx.i}"),
    (#"\\@{ctx.i}"#, #"\2"#),
    (#"\\\@{ctx.i}"#, #"\@{ctx.i}"#),
    ("Hi @{ ctx.s }", "Hi @{ ctx.s }"),
    ("mail@domain", "mail@domain"),
  ]

  @Test("evaluates templates", arguments: templates)
  func evaluatesTemplates(source: String, expected: JSONValue) {
    #expect(Evaluator().evaluate(StringTemplate(source), in: pathScope) == expected)
  }

  /// Stringification (docs/spec.md §5.6 Recommendation).
  static let texts: [(JSONValue, String)] = [
    (2, "2"),
    (-7, "-7"),
    (5.0, "5.0"),
    (2.5, "2.5"),
    (0.1, "0.1"),
    (1e20, "1e+20"),
    (.null, ""),
    (true, "true"),
    (false, "false"),
    ("text", "text"),
    ([1, "a", .null], #"[1,"a",null]"#),
    (["b": 1, "a": [true]], #"{"b":1,"a":[true]}"#),
    ([], "[]"),
    ([:], "{}"),
    (.bigNumber("123456789012345678901234567890"), "123456789012345678901234567890"),
  ]

  @Test("stringifies values", arguments: texts)
  func stringifies(value: JSONValue, text: String) {
    #expect(value.interpolationText == text)
  }
}

@Suite struct ExplainTests {
  private let scope = ContextScope([("user", ["age": 30, "name": "Ana"]), ("e", [])])

  private func explain(_ text: String, library: OperationLibrary = .standard) throws -> Explanation
  {
    let (expression, map) = try Expression.parse(text)
    let explanation = Evaluator(library: library).explain(expression, in: scope, sourceMap: map)
    #expect(explanation.value == Evaluator(library: library).evaluate(expression, in: scope))
    return explanation
  }

  @Test("records binding reads with their values, existence and ranges")
  func bindingReads() throws {
    let explanation = try explain("sum(user.age, missing.x)")
    #expect(explanation.value == .null)
    #expect(
      explanation.bindings == [
        BindingRead(
          binding: Binding(contextId: "user", path: [.key("age")]), contextExists: true, value: 30,
          range: 4..<12),
        BindingRead(
          binding: Binding(contextId: "missing", path: [.key("x")]), contextExists: false,
          value: .null, range: 14..<23),
      ])
    #expect(explanation.bindings.map(\.text) == ["user.age", "missing.x"])
    #expect(explanation.diagnostics == [])
  }

  /// Diagnostics raised while evaluating, each with its whole message and range.
  static let diagnostics: [(String, JSONValue, [String], [Range<Int>])] = [
    ("sun(1, user.age)", .null, ["unknown operation 'sun'; did you mean 'sum'?"], [0..<16]),
    ("not(true, false)", .null, ["operation 'not' takes 1 argument but got 2"], [0..<16]),
    ("sum()", .null, ["operation 'sum' takes at least 1 argument but got 0"], [0..<5]),
    ("substr('abc')", .null, ["operation 'substr' takes 2 or 3 arguments but got 1"], [0..<13]),
    (
      "divide(6, 0)", .null,
      ["integer division by zero in 'divide'; iOS crashes here, the result is null"], [0..<12]
    ),
    (
      "sum(1, sum(9223372036854775807, 1))", .null,
      ["integer overflow in 'sum'; iOS crashes here, the result is null"], [7..<34]
    ),
    (
      "substr('str', 2, -1)", .null,
      ["negative length -1 in 'substr'; iOS crashes here, the result is null"], [0..<20]
    ),
    (
      "removeIndex(e)", .null,
      ["'removeIndex' without an index on an empty array; iOS crashes here, the result is null"],
      [0..<14]
    ),
    (
      "int(2.5)", 2,
      [
        "operation 'int' exists only in Beagle 2.x (web); iOS 1.x returns null;"
          + " beagle-run gives the 2.x result"
      ],
      [0..<8]
    ),
    ("sum(1, 2)", 3, [], []),
    ("substr('str', 0, -1)", .null, [], []),
    ("gt(1, 1.0)", .null, [], []),
  ]

  @Test("reports diagnostics", arguments: diagnostics)
  func reports(text: String, value: JSONValue, messages: [String], ranges: [Range<Int>]) throws {
    let explanation = try explain(text)
    #expect(explanation.value == value)
    #expect(explanation.diagnostics.map(\.description) == messages)
    #expect(explanation.diagnostics.map(\.range) == ranges)
  }

  @Test("does not evaluate the arguments of an unknown operation, as iOS")
  func unknownOperationSkipsArguments() throws {
    let explanation = try explain("concat(sun(user.name), user.name)")
    #expect(explanation.bindings.map(\.range) == [23..<32])
    #expect(explanation.diagnostics.map(\.range) == [7..<21])
  }

  @Test("maps template diagnostics and reads into the template string")
  func templateRanges() {
    let source = "Hi @{sun(user.age)} @{user.name}"
    let explanation = Evaluator().explain(StringTemplate(source), in: scope, source: source)
    #expect(explanation.value == "Hi  Ana")
    #expect(explanation.diagnostics == [.unknownOperation("sun", suggestion: "sum", range: 5..<18)])
    #expect(explanation.bindings.map(\.range) == [22..<31])
    let single = "@{sum(user.age,  1)}"
    let singleExplanation = Evaluator().explain(StringTemplate(single), in: scope, source: single)
    #expect(singleExplanation.value == 31)
    #expect(singleExplanation.bindings.map(\.range) == [6..<14])
  }

  @Test("without a source map, ranges are empty")
  func noSourceMap() throws {
    let explanation = Evaluator().explain(try Expression(parsing: "divide(1, 0)"), in: scope)
    #expect(explanation.diagnostics == [.divisionByZero(operation: "divide", range: 0..<0)])
  }
}
