import BeagleJSON
import Testing

@testable import BeagleExpressions

/// `--profile web`: the default operations as web-core 2.1 computes them (docs/spec.md §6.1 web
/// column, §10.14; `web:operation/number.ts`, `logic.ts`, `string.ts`, `array.ts`,
/// `other.ts`) and number text as JavaScript prints it (docs/spec.md §5.6, §10.13).
@Suite struct WebOperationTests {
  /// Each row: expression, result on web, result on iOS (the standard library).
  static let differences: [(String, JSONValue, JSONValue)] = [
    // Arithmetic: JavaScript numbers, coercion, no integer division.
    ("divide(6, 4)", 1.5, 1),
    ("divide(7, 2)", 3.5, 3),
    ("divide(1.0, 4.0, 2.0)", 0.125, 0.125),
    ("divide(6, 2.0)", 3, .null),
    ("divide('6', '2')", 3, .null),
    ("divide(0, 5)", .double(.nan), 0),
    ("divide(6, 0)", .double(.infinity), .null),
    ("divide()", .double(.nan), .null),
    ("sum(1, 1.5)", 2.5, .null),
    ("sum(1, '2')", "12", .null),
    ("sum(null, 1)", 1, .null),
    ("sum(1, true)", 2, .null),
    ("sum()", 0, .null),
    ("sum(2.5, 2.5)", 5, 5.0),
    ("subtract(10, '3', 2)", 5, .null),
    ("subtract(5)", 5, 5),
    ("subtract()", .double(.nan), .null),
    ("multiply()", 1, .null),
    ("multiply(2.5, 2)", 5, .null),
    ("multiply('3', null)", 0, .null),
    // Comparison: numeric coercion, strings lexicographic, lodash isEqual.
    ("gt(1, 1.0)", false, .null),
    ("gte(1, 1.0)", true, .null),
    ("gt('b', 'a')", true, .null),
    ("lt('10', '9')", true, .null),
    ("lt('10', 9)", false, .null),
    ("gt(null, -1)", true, .null),
    ("eq(1, 1.0)", true, false),
    ("eq(1, '1')", false, false),
    ("eq(p, q)", true, true),
    ("eq(c4, insert(context, 3))", true, false),
    // Logic: truthiness, `and()`/`or()` on no arguments.
    ("condition('false', 1, 2)", 1, .null),
    ("condition(0, 'a', 'b')", "b", .null),
    ("condition(true, 1, 0.0)", 1, .null),
    ("not('')", true, .null),
    ("not(empty)", false, .null),
    ("and()", true, .null),
    ("or()", false, .null),
    ("and(true, 1)", true, .null),
    ("or(1, 'true')", false, .null),
    // Strings.
    ("capitalize('name lastname')", "Name lastname", "Name Lastname"),
    ("capitalize('hELLO wORLD')", "Hello world", "Hello World"),
    ("capitalize(null)", "", .null),
    ("concat('a', 1, null, true)", "a1nulltrue", .null),
    ("concat()", "", .null),
    ("substr('hello', -3, 2)", "ll", .null),
    ("substr('hello', 1, 99)", "ello", .null),
    ("substr('hello', 2, -1)", "", .null),
    ("substr('', 0)", "", .null),
    ("substr('str', 3, 2)", "", .null),
    // Arrays: splice index rules, deep equality, spreading.
    ("insert(context, 9, 3)", [1, 2, 3, 9], .null),
    ("insert(context, 9, 10)", [1, 2, 3, 9], .null),
    ("insert(context, 9, -1)", [1, 2, 9, 3], .null),
    ("insert(empty, 9, 0)", [9], .null),
    ("insert(context, 3, 2.0)", [1, 2, 3, 3], .null),
    ("remove(c4, 3)", [1, 2], [1, 2, 3.0, 3.0]),
    ("removeIndex(context, 5)", [1, 2, 3], .null),
    ("removeIndex(context, -1)", [1, 2], .null),
    ("removeIndex(empty)", [], .null),
    ("contains(c4, 3)", true, false),
    ("contains('abc', 'b')", true, .null),
    ("contains(null, 1)", false, .null),
    ("union(context, 'ab')", [1, 2, 3, "a", "b"], [1, 2, 3]),
    ("union(2, 4)", .null, []),
    // Other.
    ("isEmpty(5)", true, .null),
    ("isEmpty(null)", true, .null),
    ("isEmpty(true)", true, .null),
    ("isNull()", true, .null),
    ("length('héllo')", 5, 5),
    ("length('👍')", 2, 1),
    ("length(obj)", .null, 2),
    ("length(5)", .null, .null),
  ]

  @Test("web results differ from iOS as spec §6.1 says", arguments: differences)
  func webResults(text: String, web: JSONValue, ios: JSONValue) throws {
    let value = try evaluated(text, library: .web)
    if case .double(let double) = web, double.isNaN {
      guard case .double(let got) = value else {
        Issue.record("\(text) gave \(value), not NaN")
        return
      }
      #expect(got.isNaN)
    } else {
      #expect(value == web)
    }
    #expect(try evaluated(text) == ios)
  }

  /// Operations web computes as iOS does keep their iOS results.
  static let same: [(String, JSONValue)] = [
    ("uppercase('abc')", "ABC"),
    ("lowercase(1)", .null),
    ("int('4.7')", 4),
    ("double('2.5')", 2.5),
    ("isNull(missing)", true),
  ]

  @Test("operations web computes as iOS does", arguments: same)
  func sameResults(text: String, expected: JSONValue) throws {
    #expect(try evaluated(text, library: .web) == expected)
    #expect(try evaluated(text) == expected)
  }

  /// Interpolated text: value, web text, iOS text.
  static let texts: [(JSONValue, String, String)] = [
    (5.0, "5", "5.0"),
    (2.5, "2.5", "2.5"),
    (-0.5, "-0.5", "-0.5"),
    (1e20, "100000000000000000000", "1e+20"),
    (1e21, "1e+21", "1e+21"),
    (1.5e-7, "1.5e-7", "1.5e-07"),
    (0.000001, "0.000001", "1e-06"),
    (123456.789, "123456.789", "123456.789"),
    (.double(.nan), "NaN", "nan"),
    (.double(-.infinity), "-Infinity", "-inf"),
    (.null, "", ""),
    (true, "true", "true"),
    ([1.0, "a", .null], #"[1,"a",null]"#, #"[1.0,"a",null]"#),
    (["k": [2.0]], #"{"k":[2]}"#, #"{"k":[2.0]}"#),
    (
      .bigNumber("123456789012345678901234567890"), "1.2345678901234568e+29",
      "123456789012345678901234567890"
    ),
  ]

  @Test("interpolated text: JavaScript numbers on web", arguments: texts)
  func interpolation(value: JSONValue, web: String, ios: String) {
    #expect(OperationLibrary.web.text(of: value) == web)
    #expect(OperationLibrary.standard.text(of: value) == ios)
  }

  @Test("a template interpolates with the library's dialect")
  func template() {
    let scope = ContextScope([("d", 5.0)])
    let template = StringTemplate("@{d} / 2 = @{divide(5, 2)}")
    #expect(Evaluator(library: .web).evaluate(template, in: scope) == "5 / 2 = 2.5")
    #expect(Evaluator().evaluate(template, in: scope) == "5.0 / 2 = 2")
  }

  @Test(
    "JavaScript truthiness (spec §7.3)",
    arguments: [
      (JSONValue.string("false"), true), (.string(""), false), (0, false), (.double(.nan), false),
      (.null, false), ([], true), ([:], true), (-1, true), (false, false), (true, true),
    ] as [(JSONValue, Bool)])
  func truthiness(value: JSONValue, truthy: Bool) {
    #expect(OperationLibrary.isTruthy(value) == truthy)
  }

  @Test("adopting web keeps custom operations and can go back to iOS")
  func adopting() throws {
    let custom = try OperationLibrary.standard
      .registering(name: "half", body: "divide(@0, 2)")
      .registering(name: "capitalize", body: "uppercase(@0)")
    let web = custom.adopting(.web)
    #expect(web.dialect == .web)
    #expect(try evaluated("half(5)", library: web) == 2.5)
    #expect(try evaluated("capitalize('ab cd')", library: web) == "AB CD")
    let back = web.adopting(.ios)
    #expect(back.dialect == .ios)
    #expect(try evaluated("half(5)", library: back) == 2)
    #expect(web.signature(of: "divide")?.summary == "JavaScript / (no integer division)")
    #expect(
      back.signature(of: "divide")?.summary
        == OperationLibrary.standard.signature(of: "divide")?.summary)
  }
}
