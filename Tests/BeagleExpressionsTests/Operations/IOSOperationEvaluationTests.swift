import BeagleJSON
import Testing

@testable import BeagleExpressions

/// Rows of iOS's own operation tests, under the default (iOS) profile:
/// `ZupIT/beagle:iOS/Sources/Beagle/Sources/ContextExpression/Tests/OperationEvaluation/`
/// `OperationArrayEvaluationTests.swift` and `OperationOtherEvaluationTests.swift`. Each
/// test's contexts are declared as it declares them; its `nil`/`.empty` results are null.
@Suite struct IOSOperationEvaluationTests {
  static let scope = ContextScope([
    ("context", [1, 2, 3]), ("c4", [1, 2, 3.0, 3.0]),
    ("context1", [1]), ("context2", ["one": 1, "two": 2, "three": 3]),
  ])

  static func value(_ text: String) throws -> JSONValue {
    Evaluator().evaluate(try Expression(parsing: text), in: scope)
  }

  static let arrayRows: [(String, JSONValue)] = [
    // testEvaluateInsert (context = [1, 2, 3])
    ("insert(context, 3, 2)", [1, 2, 3, 3]),
    ("insert(context, 3.0, 1)", [1, 3.0, 2, 3]),
    ("insert(context, 0)", [1, 2, 3, 0]),
    ("insert(insert(context, 3, 2), 4)", [1, 2, 3, 3, 4]),
    ("insert(context, 3, 2.0)", .null),
    ("insert(context, 3, 5)", .null),
    ("insert('array', '', 0)", .null),
    ("insert()", .null),
    // testEvaluateRemove (context = [1, 2, 3.0, 3.0])
    ("remove(c4, 2)", [1, 3.0, 3.0]),
    ("remove(c4, 3.0)", [1, 2]),
    ("remove(c4, 4)", [1, 2, 3.0, 3.0]),
    ("remove(remove(c4, 2), 1)", [3.0, 3.0]),
    ("remove(c4, 2, 3.0)", .null),
    ("remove('array', '', 0)", .null),
    ("remove()", .null),
    // testEvaluateRemoveIndex (context = [1, 2, 3.0, 3.0])
    ("removeIndex(c4, 1)", [1, 3.0, 3.0]),
    ("removeIndex(c4)", [1, 2, 3.0]),
    ("removeIndex(removeIndex(c4, 1), 0)", [3.0, 3.0]),
    ("removeIndex(c4, 4)", .null),
    ("removeIndex(c4, 3.0)", .null),
    ("removeIndex('array', 0)", .null),
    ("removeIndex()", .null),
    // testEvaluateIncludes (the operation iOS 1.x calls `contains`)
    ("contains(context, 3)", true),
    ("contains(context, 4)", false),
    ("contains(insert(context, 4, 2), 4)", true),
    ("contains(context)", .null),
    ("contains('array', 0)", .null),
    ("contains()", .null),
  ]

  @Test("iOS OperationArrayEvaluationTests", arguments: arrayRows)
  func arrays(text: String, expected: JSONValue) throws {
    #expect(try Self.value(text) == expected)
  }

  static let otherRows: [(String, JSONValue)] = [
    // testEvaluateIsNull (context = [1, 2, 3]); insert() fails, so it is null.
    ("isNull(null)", true),
    ("isNull(1)", false),
    ("isNull(context)", false),
    ("isNull(isNull(null))", false),
    ("isNull(insert())", true),
    ("isNull(null, null)", .null),
    ("isNull()", .null),
    // testEvaluateIsEmpty (context1 = [1], context2 = {one, two, three})
    ("isEmpty('')", true),
    ("isEmpty(context1)", false),
    ("isEmpty(context2)", false),
    ("isEmpty(removeIndex(context1))", true),
    ("isEmpty(1)", .null),
    ("isEmpty('', '')", .null),
    ("isEmpty()", .null),
    // testEvaluateLength
    ("length('string')", 6),
    ("length(context1)", 1),
    ("length(context2)", 3),
    ("length(removeIndex(context1))", 0),
    ("length(0)", .null),
    ("length('string', 'string')", .null),
    ("length()", .null),
  ]

  @Test("iOS OperationOtherEvaluationTests", arguments: otherRows)
  func others(text: String, expected: JSONValue) throws {
    #expect(try Self.value(text) == expected)
  }
}
