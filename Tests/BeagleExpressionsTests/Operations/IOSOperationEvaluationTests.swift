import BeagleJSON
import Testing

@testable import BeagleExpressions

/// Rows of iOS's own operation tests, under the default (iOS) profile:
/// `ZupIT/beagle:iOS/Sources/Beagle/Sources/ContextExpression/Tests/OperationEvaluation/`
/// `Operation{Array,Other,String,Number,Comparison,Logic}EvaluationTests.swift`. Each test's
/// contexts are declared as it declares them (renamed where two tests share a name); its
/// `nil`/`.empty` results are null. Where a test builds its arguments from a list, the list
/// is built the same way here.
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

  static func value(_ text: String, in scope: ContextScope) throws -> JSONValue {
    Evaluator().evaluate(try Expression(parsing: text), in: scope)
  }

  /// testEvaluateConcat (context "Lastname"), the shared evaluateOperation of capitalize,
  /// uppercase and lowercase (context1 "name", context2 "Lastname"), testEvaluateSubstr
  /// (context "some long string").
  static let stringScope = ContextScope([
    ("last", "Lastname"), ("first", "name"), ("long", "some long string"),
  ])

  static let stringRows: [(String, JSONValue)] = {
    var rows: [(String, JSONValue)] = [
      ("concat('string', 'STRING')", "stringSTRING"),
      ("concat('Name', last)", "NameLastname"),
      ("concat('StRiNg', concat('string', 'STRING'))", "StRiNgstringSTRING"),
      ("concat(concat('string', 'STRING'), ' ', last)", "stringSTRING Lastname"),
      ("concat(1, 0)", .null),
      ("concat('1', 1)", .null),
      ("concat(true, 'false')", .null),
      ("concat()", .null),
      ("substr('string', 0, 3)", "str"),
      ("substr(long, 0, 4)", "some"),
      ("substr(long, 5, 4)", "long"),
      ("substr(long, 5)", "long string"),
      ("substr(substr(long, 5), 5)", "string"),
      ("substr('str', 0, 0)", ""),
      ("substr('str', -1, 1)", .null),
      ("substr('str', 0, 5)", .null),
      ("substr('str', 3, 2)", .null),
      ("substr(1, 0)", .null),
      ("substr('1', 0.0)", .null),
      ("substr('1', 0, 1.0)", .null),
      ("substr()", .null),
    ]
    let arguments = [
      "'string'", "'String'", "first", "last", "concat(first, ' ', last)", "1", "true",
      "'0', '1'", "",
    ]
    let results: [(String, [JSONValue])] = [
      ("capitalize", ["String", "String", "Name", "Lastname", "Name Lastname"]),
      ("uppercase", ["STRING", "STRING", "NAME", "LASTNAME", "NAME LASTNAME"]),
      ("lowercase", ["string", "string", "name", "lastname", "name lastname"]),
    ]
    for (name, successes) in results {
      let expected = successes + Array(repeating: JSONValue.null, count: 4)
      rows += zip(arguments, expected).map { ("\(name)(\($0))", $1) }
    }
    return rows
  }()

  @Test("iOS OperationStringEvaluationTests", arguments: stringRows)
  func strings(text: String, expected: JSONValue) throws {
    #expect(try Self.value(text, in: Self.stringScope) == expected)
  }

  /// The arguments of OperationNumberEvaluationTests.evaluateOperation for `name`
  /// (context1 = 2, context2 = 2.5).
  static func numberArguments(_ name: String) -> [String] {
    let simple = ["6, 4", "4.5, 6.0", "4, context1", "4.0, context2"]
    let call = { (arguments: String) in "\(name)(\(arguments))" }
    return simple + [
      "4, \(call(simple[0]))", "2.8, \(call(simple[1]))",
      "\(call(simple[1])), \(call(simple[3])), \(call(simple[1]))",
      "1, 1.5", "1, '1'", "1, true", "",
    ]
  }

  static let numberRows: [(String, JSONValue)] = {
    let results: [(String, [JSONValue])] = [
      ("sum", [10, 10.5, 6, 6.5, 14, 13.3, 27.5]),
      ("subtract", [2, -1.5, 2, 1.5, 2, 4.3, -1.5]),
      ("multiply", [24, 27.0, 8, 10.0, 96, 75.6, 7290.0]),
      ("divide", [1, 0.75, 2, 1.6, 4, 3.733333333333333, 0.625]),
    ]
    return results.flatMap { name, successes in
      zip(numberArguments(name), successes + Array(repeating: .null, count: 4)).map {
        ("\(name)(\($0))", $1)
      }
    }
  }()

  /// The arguments of OperationComparisonEvaluationTests.evaluateOperation (context1 = 2,
  /// context2 = 2.5), with testEvaluateEq's own list.
  static let comparisonRows: [(String, JSONValue)] = {
    let arguments = [
      "6, 6", "4.5, 6.0", "4, context1", "4.0, context2", "4, sum(10, 4)", "2.8, sum(12.5, 5.5)",
      "sum(10, 4), subtract(28, sum(10, 4))", "6, 4, 4", "1, 1.5", "1, '1'", "1, 'true'", "",
    ]
    let results: [(String, [JSONValue])] = [
      ("gt", [false, false, true, true, false, false, false]),
      ("gte", [true, false, true, true, false, false, true]),
      ("lt", [false, true, false, false, true, true, false]),
      ("lte", [true, true, false, false, true, true, true]),
    ]
    var rows = results.flatMap { name, successes in
      zip(arguments, successes + Array(repeating: .null, count: 5)).map {
        ("\(name)(\($0))", $1)
      }
    }
    let eq: [(String, JSONValue)] = [
      ("true, true", true), ("'no', 'no'", true), ("1, 1", true), ("2.2, 2.2", true),
      ("flag, flag", true), ("eq(1, 1), eq(1, 1)", true), ("1, 0", false), ("2.2, 2.5", false),
      ("true, 1", false), ("0, 0, 0", .null), ("", .null),
    ]
    rows += eq.map { ("eq(\($0))", $1) }
    return rows
  }()

  static let numberScope = ContextScope([("context1", 2), ("context2", 2.5), ("flag", true)])

  @Test("iOS OperationNumberEvaluationTests", arguments: numberRows)
  func numbers(text: String, expected: JSONValue) throws {
    #expect(try Self.value(text, in: Self.numberScope) == expected)
  }

  @Test("iOS OperationComparisonEvaluationTests", arguments: comparisonRows)
  func comparisons(text: String, expected: JSONValue) throws {
    #expect(try Self.value(text, in: Self.numberScope) == expected)
  }

  /// OperationLogicEvaluationTests: condition and not read `context` = true; and/or read
  /// `context1` = false (named `off` here).
  static let logicScope = ContextScope([("context", true), ("off", false)])

  static let logicRows: [(String, JSONValue)] = {
    var rows: [(String, JSONValue)] = [
      ("condition(true, 1, 0)", 1),
      ("condition(false, 'yes', 'no')", "no"),
      ("condition(context, true, false)", true),
      ("condition(condition(context, true, false), 1.1, 0.0)", 1.1),
      ("condition(1, 0)", .null),
      ("condition(1, 1, 0)", .null),
      ("condition(true, 1, 0.0)", .null),
      ("condition()", .null),
      ("not(true)", false),
      ("not(false)", true),
      ("not(context)", false),
      ("not(not(context))", true),
      ("not(1)", .null),
      ("not(1, 1)", .null),
      ("not()", .null),
    ]
    let results: [(String, [JSONValue])] = [
      ("and", [true, false, false, true, false]),
      ("or", [true, false, true, true, true]),
    ]
    for (name, successes) in results {
      let simple = ["true, true", "false, false", "true, off"]
      let call = { (arguments: String) in "\(name)(\(arguments))" }
      let arguments =
        simple + [
          "true, \(call(simple[0]))",
          "\(call(simple[0])), \(call(simple[1])), \(call(simple[2]))",
          "0, 1.5", "0, '1'", "0, false", "",
        ]
      rows += zip(arguments, successes + Array(repeating: .null, count: 4)).map {
        (call($0), $1)
      }
    }
    return rows
  }()

  @Test("iOS OperationLogicEvaluationTests", arguments: logicRows)
  func logic(text: String, expected: JSONValue) throws {
    #expect(try Self.value(text, in: Self.logicScope) == expected)
  }

  @Test("every generated row is there (a zip never dropped one)")
  func counts() {
    #expect(Self.stringRows.count == 21 + 3 * 9)
    #expect(Self.numberRows.count == 4 * 11)
    #expect(Self.comparisonRows.count == 4 * 12 + 11)
    #expect(Self.logicRows.count == 15 + 2 * 9)
  }
}
