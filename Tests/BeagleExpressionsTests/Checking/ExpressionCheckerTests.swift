import BeagleJSON
import Testing

@testable import BeagleExpressions

@Suite struct ExpressionCheckerTests {
  /// A JSON string, the diagnostics `check` reports for it (whole message and range), and
  /// the contexts it reads.
  static let cases: [(String, [String], [Range<Int>], [String])] = [
    ("@{sun(a.b, 1)}", ["unknown operation 'sun'; did you mean 'sum'?"], [2..<13], ["a"]),
    ("@{lenght(s)}", ["unknown operation 'lenght'; did you mean 'length'?"], [2..<11], ["s"]),
    ("@{SUM(1)}", ["unknown operation 'SUM'; did you mean 'sum'?"], [2..<8], []),
    (
      "@{substring(s, 1)}", ["unknown operation 'substring'; did you mean 'substr'?"], [2..<17],
      ["s"]
    ),
    ("@{isnull(x)}", ["unknown operation 'isnull'; did you mean 'isNull'?"], [2..<11], ["x"]),
    ("@{frobnicate(1)}", ["unknown operation 'frobnicate'"], [2..<15], []),
    ("@{not(x, y)}", ["operation 'not' takes 1 argument but got 2"], [2..<11], ["x", "y"]),
    ("@{condition(a)}", ["operation 'condition' takes 3 arguments but got 1"], [2..<14], ["a"]),
    (
      "@{removeIndex()}", ["operation 'removeIndex' takes 1 or 2 arguments but got 0"], [2..<15], []
    ),
    (
      "x @{sum(a, b)} y @{sun(c)}", ["unknown operation 'sun'; did you mean 'sum'?"], [19..<25],
      ["a", "b", "c"]
    ),
    (
      "@{int('3')}",
      [
        "operation 'int' exists only in Beagle 2.x (web); iOS 1.x returns null;"
          + " beagle-run gives the 2.x result"
      ],
      [2..<10], []
    ),
    ("Hi @{ a }", ["whitespace is only allowed around ',' between arguments"], [5..<6], []),
    ("@{a} @{b.c} @{a}", [], [], ["a", "b"]),
    ("@{union()}", [], [], []),
    ("@{global.user}", [], [], ["global"]),
    ("plain text", [], [], []),
    (#"\@{a}"#, [], [], []),
    (
      "@{eq(sun(x), lenght(y, z))}",
      [
        "unknown operation 'sun'; did you mean 'sum'?",
        "unknown operation 'lenght'; did you mean 'length'?",
      ],
      [5..<11, 13..<25], ["x", "y", "z"]
    ),
  ]

  @Test("checks", arguments: cases)
  func checks(source: String, messages: [String], ranges: [Range<Int>], contextIds: [String]) {
    let result = ExpressionChecker().check(source: source)
    #expect(result.diagnostics.map(\.description) == messages)
    #expect(result.diagnostics.map(\.range) == ranges)
    #expect(result.contextIds == contextIds)
  }

  @Test("checks a parsed expression with its source map")
  func checksExpression() throws {
    let (expression, map) = try Expression.parse("sum(a, tru(b))")
    let result = ExpressionChecker().check(expression, sourceMap: map)
    #expect(
      result
        == ExpressionCheck(
          diagnostics: [.unknownOperation("tru", suggestion: nil, range: 7..<13)],
          contextIds: ["a", "b"]))
  }

  @Test("under web, default operations take any argument count and 2.x operations are known")
  func webLibrary() {
    let check = ExpressionChecker(library: .web).check(source: "@{and(not(), int('1', 2))}")
    #expect(check.diagnostics == [])
    let ios = ExpressionChecker(library: .standard).check(source: "@{and(int('1'))}")
    #expect(
      ios.diagnostics.map(\.description) == [
        "operation 'int' exists only in Beagle 2.x (web); iOS 1.x returns null;"
          + " beagle-run gives the 2.x result"
      ])
  }

  @Test("custom operations are known, and their bodies' contexts count as read")
  func customOperations() throws {
    let library = try OperationLibrary.standard
      .registering(name: "greet", body: "concat(@0, ' ', user.name)")
      .registering(name: "twice", body: "greet(greet(@0))")
    let checker = ExpressionChecker(library: library)
    #expect(checker.check(source: "@{twice(a)}") == ExpressionCheck(contextIds: ["a", "user"]))
    #expect(
      checker.check(source: "@{greet()}").diagnostics.map(\.description)
        == ["operation 'greet' takes 1 argument but got 0"])
    #expect(library.suggestion(for: "gret") == "greet")
  }
}
