import BeagleJSON
import Testing

@testable import BeagleExpressions

/// The contexts the operation rows read.
let operationScope = ContextScope([
  ("context", [1, 2, 3]),
  ("c4", [1, 2, 3.0, 3.0]),
  ("empty", []),
  ("obj", ["a": 1, "b": 2]),
  ("emptyObj", [:]),
  ("p", ["x": 1, "y": 2]),
  ("q", ["y": 2, "x": 1]),
  ("user", ["name": "Ana", "age": 30]),
])

/// Evaluates `text` in ``operationScope``.
func evaluated(_ text: String, library: OperationLibrary = .standard) throws -> JSONValue {
  Evaluator(library: library).evaluate(try Expression(parsing: text), in: operationScope)
}

@Suite struct OperationTests {
  /// Test-verified iOS results quoted in docs/spec.md §6.1, every one of them.
  static let iosVerified: [(String, JSONValue)] = [
    ("sum(6, 4)", 10),
    ("sum(4.5, 6.0)", 10.5),
    ("subtract(6, 4)", 2),
    ("subtract(4.5, 6.0)", -1.5),
    ("multiply(4.5, 6.0)", 27.0),
    ("divide(6, 4)", 1),
    ("divide(4.5, 6.0)", 0.75),
    ("sum(1, 1.5)", .null),
    ("sum(1, '1')", .null),
    ("sum(1, true)", .null),
    ("sum()", .null),
    ("substr('str', 0, 0)", ""),
    ("substr('string', 0, 3)", "str"),
    ("substr('some long string', 5, 4)", "long"),
    ("substr('some long string', 5)", "long string"),
    ("substr('str', -1, 1)", .null),
    ("substr('str', 0, 5)", .null),
    ("substr('str', 3, 2)", .null),
    ("substr(1, 0)", .null),
    ("substr('1', 0.0)", .null),
    ("substr('1', 0, 1.0)", .null),
    ("insert(context, 3, 2)", [1, 2, 3, 3]),
    ("insert(context, 3.0, 1)", [1, 3.0, 2, 3]),
    ("insert(context, 0)", [1, 2, 3, 0]),
    ("insert(context, 3, 2.0)", .null),
    ("insert(context, 3, 5)", .null),
    ("remove(c4, 3.0)", [1, 2]),
    ("removeIndex(c4, 1)", [1, 3.0, 3.0]),
    ("removeIndex(c4)", [1, 2, 3.0]),
    ("union(context, 2, context)", [1, 2, 3, 1, 2, 3]),
    ("union(2, 4)", []),
    ("capitalize('name lastname')", "Name Lastname"),
    ("condition(true, 1, 0.0)", .null),
    ("concat(1, 0)", .null),
    ("concat('1', 1)", .null),
    ("eq(1, 1.0)", false),
  ]

  @Test("iOS-verified results", arguments: iosVerified)
  func iosVerifiedResults(text: String, expected: JSONValue) throws {
    #expect(try evaluated(text) == expected)
  }

  static let arithmetic: [(String, JSONValue)] = [
    ("sum(1, 2, 3)", 6),
    ("sum(-1, -2)", -3),
    ("sum(7)", 7),
    ("sum(0.1, 0.2)", .double(0.1 + 0.2)),
    ("sum(null, 1)", .null),
    ("sum(missing, 1)", .null),
    ("sum(1.5, 2)", .null),
    ("sum(user.age, 1)", 31),
    ("sum(9223372036854775807, 1)", .null),
    ("subtract(5)", 5),
    ("subtract(1.5)", 1.5),
    ("subtract(10, 3, 2)", 5),
    ("subtract(1, 2.0)", .null),
    ("subtract()", .null),
    ("subtract(-9223372036854775807, 2)", .null),
    ("multiply(2, 3, 4)", 24),
    ("multiply(3)", 3),
    ("multiply(2.5, 2)", .null),
    ("multiply(2.5, 2.0)", 5.0),
    ("multiply()", .null),
    ("multiply(4611686018427387904, 2)", .null),
    ("divide(7, 2)", 3),
    ("divide(-7, 2)", -3),
    ("divide(100, 5, 2)", 10),
    ("divide(0, 5)", 0),
    ("divide(1)", 1),
    ("divide(6, 0)", .null),
    ("divide(1.0, 0.0)", .double(.infinity)),
    ("divide(-1.0, 0.0)", .double(-.infinity)),
    ("divide(1.0, 4.0, 2.0)", 0.125),
    ("divide(6, 2.0)", .null),
    ("divide('6', '2')", .null),
    ("divide()", .null),
  ]

  @Test("arithmetic", arguments: arithmetic)
  func arithmeticResults(text: String, expected: JSONValue) throws {
    #expect(try evaluated(text) == expected)
  }

  static let comparison: [(String, JSONValue)] = [
    ("gt(2, 1)", true),
    ("gt(1, 2)", false),
    ("gt(1, 1)", false),
    ("gt(1.5, 1.0)", true),
    ("gt(1, 1.0)", .null),
    ("gt('b', 'a')", .null),
    ("gt(null, 1)", .null),
    ("gt(1)", .null),
    ("gt(3, 2, 1)", .null),
    ("gte(2, 2)", true),
    ("gte(1, 2)", false),
    ("gte(2.5, 2.5)", true),
    ("lt(1, 2)", true),
    ("lt(2.0, 1.5)", false),
    ("lt(1, 2.0)", .null),
    ("lte(2, 2)", true),
    ("lte(3, 2)", false),
    ("lte(null, 1)", .null),
    ("lte(user.age, 30)", true),
    ("eq(1, 1)", true),
    ("eq(1, 2)", false),
    ("eq(true, 1)", false),
    ("eq(null, null)", true),
    ("eq(missing, null)", true),
    ("eq(user.nothing, null)", true),
    ("eq('a', 'a')", true),
    ("eq('a', 'A')", false),
    ("eq('1', 1)", false),
    ("eq(context, context)", true),
    ("eq(context, c4)", false),
    ("eq(p, q)", true),
    ("eq(obj, p)", false),
    ("eq(1)", .null),
    ("eq(1, 1, 1)", .null),
    ("eq()", .null),
  ]

  @Test("comparison", arguments: comparison)
  func comparisonResults(text: String, expected: JSONValue) throws {
    #expect(try evaluated(text) == expected)
  }

  static let logic: [(String, JSONValue)] = [
    ("condition(true, 1, 2)", 1),
    ("condition(false, 1, 2)", 2),
    ("condition(false, 'a', 'b')", "b"),
    ("condition(true, context, empty)", [1, 2, 3]),
    ("condition(true, p, obj)", ["x": 1, "y": 2]),
    ("condition(true, null, null)", .null),
    ("condition(true, 1, '1')", .null),
    ("condition(true, 1.5, 2)", .null),
    ("condition('true', 1, 2)", .null),
    ("condition(1, 1, 2)", .null),
    ("condition(null, 1, 2)", .null),
    ("condition(true, 1)", .null),
    ("condition(true, 1, 2, 3)", .null),
    ("condition(gt(user.age, 18), 'adult', 'minor')", "adult"),
    ("not(true)", false),
    ("not(false)", true),
    ("not(1)", .null),
    ("not(null)", .null),
    ("not('false')", .null),
    ("not(true, false)", .null),
    ("not()", .null),
    ("and(true, true)", true),
    ("and(true, false)", false),
    ("and(true)", true),
    ("and(false, false, true)", false),
    ("and()", .null),
    ("and(true, 1)", .null),
    ("and(true, null)", .null),
    ("or(false, true)", true),
    ("or(false, false)", false),
    ("or(true)", true),
    ("or()", .null),
    ("or(null)", .null),
    ("or(false, 'true')", .null),
  ]

  @Test("logic", arguments: logic)
  func logicResults(text: String, expected: JSONValue) throws {
    #expect(try evaluated(text) == expected)
  }

  static let strings: [(String, JSONValue)] = [
    ("concat('a', 'b')", "ab"),
    ("concat('x')", "x"),
    ("concat('a', '', 'c')", "ac"),
    ("concat(user.name, ' ', 'Silva')", "Ana Silva"),
    ("concat()", .null),
    ("concat('a', null)", .null),
    ("concat('a', missing)", .null),
    ("capitalize('hELLO wORLD')", "Hello World"),
    ("capitalize('')", ""),
    ("capitalize(1)", .null),
    ("capitalize('a', 'b')", .null),
    ("uppercase('abc')", "ABC"),
    ("uppercase('straße')", "STRASSE"),
    ("uppercase(null)", .null),
    ("uppercase()", .null),
    ("lowercase('ABC')", "abc"),
    ("lowercase('a', 'b')", .null),
    ("lowercase(true)", .null),
    ("substr('', 0)", .null),
    ("substr('', 0, 0)", .null),
    ("substr('str', 2)", "r"),
    ("substr('str', 3)", .null),
    ("substr('str', 1, 2)", "tr"),
    ("substr('str', 2, -1)", .null),
    ("substr('str', 0, -1)", .null),
    ("substr('héllo', 1, 1)", "é"),
    ("substr('👍🏽ok', 1)", "ok"),
    ("substr('abc', 1, 1, 9)", "bc"),
    ("substr('abc')", .null),
    ("substr('abc', null)", .null),
    ("substr('abc', 0, null)", .null),
    ("substr('abc', 1, 9223372036854775807)", .null),
  ]

  @Test("strings", arguments: strings)
  func stringResults(text: String, expected: JSONValue) throws {
    #expect(try evaluated(text) == expected)
  }

  static let arrays: [(String, JSONValue)] = [
    ("insert(context, 9, 0)", [9, 1, 2, 3]),
    ("insert(context, 9, 3)", .null),
    ("insert(context, 9, -1)", .null),
    ("insert(empty, 1)", [1]),
    ("insert(empty, 1, 0)", .null),
    ("insert(context, null)", [1, 2, 3, .null]),
    ("insert(context, 9, 0, 5)", [1, 2, 3, 9]),
    ("insert('abc', 1)", .null),
    ("insert(context)", .null),
    ("insert(null, 1)", .null),
    ("remove(c4, 3)", [1, 2, 3.0, 3.0]),
    ("remove(context, 9)", [1, 2, 3]),
    ("remove(context, 2)", [1, 3]),
    ("remove(context)", .null),
    ("remove(obj, 1)", .null),
    ("remove(context, 1, 2)", .null),
    ("removeIndex(context, 0)", [2, 3]),
    ("removeIndex(context, 2)", [1, 2]),
    ("removeIndex(context, 3)", .null),
    ("removeIndex(context, -1)", .null),
    ("removeIndex(context, 1.0)", .null),
    ("removeIndex(empty)", .null),
    ("removeIndex(empty, 0)", .null),
    ("removeIndex(context, 0, 0)", [1, 2]),
    ("removeIndex('abc')", .null),
    ("removeIndex()", .null),
    ("contains(context, 2)", true),
    ("contains(context, 4)", false),
    ("contains(context, 2.0)", false),
    ("contains(c4, 3.0)", true),
    ("contains(empty, null)", false),
    ("contains('abc', 'a')", .null),
    ("contains(context)", .null),
    ("contains(null, 1)", .null),
    ("union()", []),
    ("union(context)", [1, 2, 3]),
    ("union(context, c4)", [1, 2, 3, 1, 2, 3.0, 3.0]),
    ("union(null, 'ab', obj)", []),
    ("union(empty, context)", [1, 2, 3]),
  ]

  @Test("arrays", arguments: arrays)
  func arrayResults(text: String, expected: JSONValue) throws {
    #expect(try evaluated(text) == expected)
  }

  static let other: [(String, JSONValue)] = [
    ("isNull(null)", true),
    ("isNull(missing)", true),
    ("isNull(user.nothing)", true),
    ("isNull(0)", false),
    ("isNull('')", false),
    ("isNull(false)", false),
    ("isNull(empty)", false),
    ("isNull()", .null),
    ("isNull(null, null)", .null),
    ("isEmpty('')", true),
    ("isEmpty('a')", false),
    ("isEmpty(empty)", true),
    ("isEmpty(context)", false),
    ("isEmpty(emptyObj)", true),
    ("isEmpty(obj)", false),
    ("isEmpty(0)", .null),
    ("isEmpty(false)", .null),
    ("isEmpty(null)", .null),
    ("isEmpty()", .null),
    ("length('hello')", 5),
    ("length('héllo')", 5),
    ("length('👍🏽')", 1),
    ("length('')", 0),
    ("length(context)", 3),
    ("length(obj)", 2),
    ("length(1)", .null),
    ("length(null)", .null),
    ("length('a', 'b')", .null),
  ]

  @Test("other", arguments: other)
  func otherResults(text: String, expected: JSONValue) throws {
    #expect(try evaluated(text) == expected)
  }

  static let conversion: [(String, JSONValue)] = [
    ("int(2)", 2),
    ("int(2.7)", 2),
    ("int(-2.7)", -2),
    ("int('42')", 42),
    ("int(' 3.9 ')", 3),
    ("int('1e3')", 1000),
    ("int('abc')", .null),
    ("int('')", .null),
    ("int('inf')", .null),
    ("int(null)", .null),
    ("int(true)", .null),
    ("int(double('1e300'))", .null),
    ("double(2)", 2.0),
    ("double(2.5)", 2.5),
    ("double('1.5')", 1.5),
    ("double('-3')", -3.0),
    ("double('x')", .null),
    ("double('nan')", .null),
    ("double(null)", .null),
    ("string(5)", "5"),
    ("string(5.0)", "5.0"),
    ("string(true)", "true"),
    ("string('a')", "a"),
    ("string(context)", "[1,2,3]"),
    ("string(null)", .null),
    ("string()", .null),
  ]

  @Test("conversion (Beagle 2.x)", arguments: conversion)
  func conversionResults(text: String, expected: JSONValue) throws {
    #expect(try evaluated(text) == expected)
  }

  @Test(
    "unknown operations and case-sensitive names give null",
    arguments: ["sun(1, 2)", "Sum(1, 2)", "SUM(1)", "includes(context, 1)", "trim('a')"])
  func unknownOperation(text: String) throws {
    #expect(try evaluated(text) == .null)
  }

  @Test("the default set is the 26 iOS operations plus the three 2.x conversions")
  func defaultSet() {
    let ios = [
      "sum", "subtract", "multiply", "divide", "condition", "not", "and", "or", "gt", "gte", "lt",
      "lte", "eq", "concat", "capitalize", "uppercase", "lowercase", "substr", "insert", "remove",
      "removeIndex", "contains", "union", "isNull", "isEmpty", "length",
    ]
    let library = OperationLibrary.standard
    #expect(library.names == (ios + ["int", "double", "string"]).sorted())
    for name in ios { #expect(library.signature(of: name)?.origin == .beagle1) }
    for name in ["int", "double", "string"] {
      #expect(library.signature(of: name)?.origin == .beagle2)
    }
  }

  @Test(
    "signature summaries",
    arguments: [
      ("sum", "sum(number, …) -> number: adds all ints or all doubles"),
      (
        "substr",
        "substr(string, int, int?) -> string: characters from an index, optionally a count"
      ),
      ("not", "not(bool) -> bool: negates a boolean"),
      ("union", "union(array?, …) -> array: concatenates the arguments that are arrays"),
      ("int", "int(any) -> int: number or numeric string, truncated to an int [2.x]"),
    ])
  func summaries(name: String, line: String) throws {
    #expect(try #require(OperationLibrary.standard.signature(of: name)).display(name: name) == line)
  }
}
