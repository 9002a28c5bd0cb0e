import BeagleJSON
import Testing

@testable import BeagleExpressions

private func binding(_ id: String, _ path: PathStep...) -> Expression {
  .binding(Binding(contextId: id, path: path))
}

private func call(_ name: String, _ arguments: Expression...) -> Expression {
  .operation(name: name, arguments: arguments)
}

@Suite struct ParserTests {
  /// Inputs iOS's parser accepts and the tree they give (docs/spec.md §5.3).
  static let valid: [(String, Expression)] = [
    ("1", .literal(1)),
    ("-5", .literal(-5)),
    ("0", .literal(0)),
    ("01", .literal(1)),
    ("1.5", .literal(1.5)),
    ("-1.5", .literal(-1.5)),
    ("10.0", .literal(.double(10))),
    ("true", .literal(true)),
    ("false", .literal(false)),
    ("null", .literal(.null)),
    ("'abc'", .literal("abc")),
    ("''", .literal("")),
    (#"'it\'s'"#, .literal("it's")),
    (#"'a\\b'"#, .literal(#"a\\b"#)),
    (#"'a\nb'"#, .literal(#"a\nb"#)),
    (#"'a\\'"#, .literal(#"a\"#)),
    ("'a}'", .literal("a}")),
    ("'a, b'", .literal("a, b")),
    ("'@{x}'", .literal("@{x}")),
    ("a", binding("a")),
    ("a.b", binding("a", .key("b"))),
    ("a[0]", binding("a", .index(0))),
    ("a.b[0].c", binding("a", .key("b"), .index(0), .key("c"))),
    ("m[1][2]", binding("m", .index(1), .index(2))),
    ("a[-1]", binding("a", .index(-1))),
    ("a.0", binding("a", .key("0"))),
    ("1e5", binding("1e5")),
    ("1_000", binding("1_000")),
    ("12abc", binding("12abc")),
    ("_x", binding("_x")),
    ("nomé.prénom", binding("nomé", .key("prénom"))),
    ("truth", binding("truth")),
    ("nul", binding("nul")),
    ("é", binding("é")),
    ("f()", call("f")),
    ("sum(1, 2)", call("sum", .literal(1), .literal(2))),
    ("sum(1,2)", call("sum", .literal(1), .literal(2))),
    ("sum(1 , 2)", call("sum", .literal(1), .literal(2))),
    ("sum(1,\n\t2)", call("sum", .literal(1), .literal(2))),
    ("not(isNull(a))", call("not", call("isNull", binding("a")))),
    ("1abc(x)", call("1abc", binding("x"))),
    ("_(1)", call("_", .literal(1))),
    (
      "condition(gt(a.b, -1), 'x', null)",
      call(
        "condition", call("gt", binding("a", .key("b")), .literal(-1)), .literal("x"),
        .literal(.null)
      )
    ),
  ]

  @Test("parses", arguments: valid)
  func parses(text: String, expected: Expression) throws {
    #expect(try Expression(parsing: text) == expected)
  }

  /// Canonical texts print back unchanged.
  static let canonical = [
    "sum(a.b[0], 1)", #"concat('it\'s', ' ', user.name)"#, "condition(gt(a, 1), 'x', 'y')",
    "f()", "-1.5", "null", "m[1][2]", "eq(a, -3)", "not(isNull(x.y))", "true", "'}'",
    "union(list, insert(list, 2.25, 0))", #"'a\\'"#,
  ]

  @Test("round-trips", arguments: canonical)
  func roundTrips(text: String) throws {
    #expect(try Expression(parsing: text).description == text)
  }

  @Test(
    "prints",
    arguments: [
      (Expression.argument(0), "@0"),
      (call("concat", .argument(0), .literal(" "), .argument(1)), "concat(@0, ' ', @1)"),
      (.literal(.double(1e20)), "100000000000000000000.0"),
      (.literal(.double(1.5e-7)), "0.00000015"),
      (.literal(.double(-2)), "-2.0"),
      (.literal([1, "a"]), #"[1,"a"]"#),
      (call("sum", .literal(1), call("sum", .literal(2), .literal(3))), "sum(1, sum(2, 3))"),
    ])
  func prints(expression: Expression, text: String) throws {
    #expect(expression.description == text)
    if case .literal(.double) = expression {
      #expect(try Expression(parsing: text) == expression)
    }
  }

  /// Inputs iOS's parser rejects, each with its message and UTF-8 range.
  static let invalid: [(String, String, Range<Int>)] = [
    ("", "empty expression", 0..<0),
    (" a", "whitespace is only allowed around ',' between arguments", 0..<1),
    ("a ", "whitespace is only allowed around ',' between arguments", 1..<2),
    ("a b", "whitespace is only allowed around ',' between arguments", 1..<2),
    ("sum( 1, 2)", "whitespace is only allowed around ',' between arguments", 4..<5),
    ("sum(1 )", "whitespace is only allowed around ',' between arguments", 5..<6),
    ("sum(1 2)", "whitespace is only allowed around ',' between arguments", 5..<6),
    (
      "nullable",
      "'nullable' starts with the literal 'null'; iOS cannot read a name that starts with 'true', 'false' or 'null'",
      0..<8
    ),
    (
      "trueValue",
      "'trueValue' starts with the literal 'true'; iOS cannot read a name that starts with 'true', 'false' or 'null'",
      0..<9
    ),
    (
      "sum(true_flag)",
      "'true_flag' starts with the literal 'true'; iOS cannot read a name that starts with 'true', 'false' or 'null'",
      4..<13
    ),
    (
      "nullify(x)",
      "'nullify' starts with the literal 'null'; iOS cannot read a name that starts with 'true', 'false' or 'null'",
      0..<7
    ),
    (
      "falsey.x",
      "'falsey' starts with the literal 'false'; iOS cannot read a name that starts with 'true', 'false' or 'null'",
      0..<6
    ),
    ("[0]", "expected a value but found '['", 0..<1),
    ("a.[0]", "expected a key after '.' but found '['", 2..<3),
    ("a.", "expected a key after '.' but found the end of the expression", 2..<2),
    ("x.y(1)", "cannot call 'x.y'; only a bare operation name can be called", 0..<4),
    ("sum(1,2", "expected ',' or ')' but found the end of the expression", 7..<7),
    ("sum(1,)", "expected a value but found ')'", 6..<7),
    ("sum(1,", "expected a value but found the end of the expression", 6..<6),
    ("f(,)", "expected a value but found ','", 2..<3),
    ("sum(1;2)", "expected ',' or ')' but found ';'", 5..<6),
    ("'abc", "unterminated string literal; missing the closing quote", 0..<4),
    (#"'abc\'"#, "unterminated string literal; missing the closing quote", 0..<6),
    ("'a\\\nb'", "unterminated string literal; missing the closing quote", 0..<6),
    ("-a", "expected a digit after '-' but found 'a'", 1..<2),
    ("-", "expected a digit after '-' but found the end of the expression", 1..<1),
    ("-5a", "invalid number '-5a'", 0..<3),
    ("1.5.3", "expected the end of the expression but found '.'", 3..<4),
    ("1.", "expected the end of the expression but found '.'", 1..<2),
    ("1.5abc", "expected the end of the expression but found 'a'", 3..<4),
    ("12(1)", "expected the end of the expression but found '('", 2..<3),
    ("99999999999999999999", "integer '99999999999999999999' does not fit in 64 bits", 0..<20),
    ("a[99999999999999999999]", "integer '99999999999999999999' does not fit in 64 bits", 2..<22),
    (
      "é(1)",
      "invalid operation name 'é'; a name is made of word characters with at least one letter or '_'",
      0..<2
    ),
    ("@0", "positional argument '@0' is only allowed in the body of a custom operation", 0..<2),
    (
      "concat(@1, 'x')",
      "positional argument '@1' is only allowed in the body of a custom operation", 7..<9
    ),
    ("@{a}", "expected a value but found '@'", 0..<1),
    ("a[x]", "expected an index but found 'x'", 2..<3),
    ("a[1.5]", "expected ']' but found '.'", 3..<4),
    ("a[1", "expected ']' but found the end of the expression", 3..<3),
    ("a[ 1]", "expected an index but found ' '", 2..<3),
    ("a}", "expected the end of the expression but found '}'", 1..<2),
    ("'x' 'y'", "whitespace is only allowed around ',' between arguments", 3..<4),
    ("a.b.c(", "cannot call 'a.b.c'; only a bare operation name can be called", 0..<6),
    ("€", "expected a value but found '€'", 0..<3),
  ]

  @Test("rejects", arguments: invalid)
  func rejects(text: String, message: String, range: Range<Int>) {
    #expect {
      try Expression(parsing: text)
    } throws: { error in
      guard let error = error as? ExpressionError else { return false }
      return error.description == message && error.range == range
    }
  }

  @Test("rejects 10 000 nested calls with an error at the 257th level")
  func rejectsDeepNesting() {
    let text =
      String(repeating: "not(", count: 10_000) + "true" + String(repeating: ")", count: 10_000)
    #expect(throws: ExpressionError.nestingTooDeep(limit: 256, range: 1024..<1028)) {
      try Expression(parsing: text)
    }
    #expect(
      ExpressionError.nestingTooDeep(limit: 256, range: 0..<0).description
        == "operation calls are nested more than 256 levels deep")
  }

  @Test("accepts and evaluates 256 nested calls")
  func acceptsDeepestNesting() throws {
    let text = String(repeating: "not(", count: 256) + "true" + String(repeating: ")", count: 256)
    let expression = try Expression(parsing: text)
    #expect(Evaluator().evaluate(expression, in: ContextScope()) == true)
  }

  @Test("records node ranges in pre-order")
  func sourceMap() throws {
    let (expression, map) = try Expression.parse("sum(a.b, 'x', f())")
    #expect(expression == call("sum", binding("a", .key("b")), .literal("x"), call("f")))
    #expect(map.nodeRanges == [0..<18, 4..<7, 9..<12, 14..<17])
  }

  @Test("reads positional arguments only when allowed")
  func positionalArguments() throws {
    let (expression, _) = try Expression.parse("concat(@0, ' ', @12)", allowsArguments: true)
    #expect(expression == call("concat", .argument(0), .literal(" "), .argument(12)))
  }
}
