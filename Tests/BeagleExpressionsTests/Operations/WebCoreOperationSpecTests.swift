import BeagleJSON
import Testing

@testable import BeagleExpressions

/// Every assertion of web-core's own operation tests,
/// `ZupIT/beagle-web-core:__tests__/unit/old-structure/bindings/operations.spec.ts`, as a row
/// evaluated the way `--profile web` does: the whole `@{…}` read with web-core's grammar and
/// computed by the web library (docs/spec.md §5.3, §6.1 web column). The spec calls the
/// operations on JavaScript values; objects, arrays and `-1` (not a literal in web's
/// grammar) come from the contexts below.
@Suite struct WebCoreOperationSpecTests {
  static let scope = ContextScope([
    ("ab12", ["a": 1, "b": 2]), ("ab12b", ["a": 1, "b": 2]), ("ab13", ["a": 1, "b": 3]),
    ("a1", ["a": 1]), ("a1s", ["a": "1"]), ("a2", ["a": 2]), ("b1", ["b": 1]),
    ("arr123", [1, 2, 3]), ("arr123b", [1, 2, 3]), ("arr124", [1, 2, 4]),
    ("arr456", [4, 5, 6]), ("arr789", [7, 8, 9]), ("arr13", [1, 3]),
    ("nums", [1, 2, 3, 2]), ("strs", ["abc", "def", "ghi"]), ("strs123", ["1", "2", "3"]),
    ("one", [1]), ("oneS", ["1"]), ("two", [2]), ("nested", [[1], [2], [3]]),
    ("objs", [["a": 1], ["a": 2]]), ("trueArr", [true]), ("falseArr", [false]),
    ("empty", []), ("emptyObj", [:]), ("minusOne", -1), ("obj", ["a": 1]),
  ])

  static let rows: [(String, JSONValue)] = [
    // describe('Number')
    ("sum(1, 20, 10, 15)", 46),
    ("subtract(40, 10, 30)", 0),
    ("multiply(5, 10, 2, 1)", 100),
    ("divide(100, 2, 10, 5)", 1),
    // describe('String')
    ("concat('Admiral', ' ', 'Jaina Proudmore')", "Admiral Jaina Proudmore"),
    ("capitalize('dalinar kholin')", "Dalinar kholin"),
    ("uppercase('dalinar kholin')", "DALINAR KHOLIN"),
    ("lowercase('DALInAR KHoLiN')", "dalinar kholin"),
    ("substr('123456789', 5, 0)", ""),
    ("substr('123456789', 0, 5)", "12345"),
    ("substr('123456789', 3, 3)", "456"),
    ("substr('123456789', 5)", "6789"),
    // describe('Logic')
    ("and(true, true, true)", true),
    ("and(true, true, false)", false),
    ("or(true, false, true)", true),
    ("or(false, false)", false),
    ("not(true)", false),
    ("not(false)", true),
    ("condition(true, 1, 2)", 1),
    ("condition(false, 1, 2)", 2),
    // describe('Comparison')
    ("gt(5, 4)", true),
    ("gt(5, 5)", false),
    ("gte(5, 5)", true),
    ("gte(3, 5)", false),
    ("lt(8, 9)", true),
    ("lt(8, 8)", false),
    ("lte(8, 8)", true),
    ("lte(9, 8)", false),
    ("eq(5, 5)", true),
    ("eq('test', 'test')", true),
    ("eq(true, true)", true),
    ("eq(ab12, ab12b)", true),
    ("eq(arr123, arr123b)", true),
    ("eq(5, 6)", false),
    ("eq('test1', 'test2')", false),
    ("eq(true, false)", false),
    ("eq(ab12, ab13)", false),
    ("eq(arr123, arr124)", false),
    ("eq(1, '1')", false),
    ("eq(a1, a1s)", false),
    ("eq(one, oneS)", false),
    // describe('Array')
    ("insert(arr123, 9, 0)", [9, 1, 2, 3]),
    ("insert(arr123, 9, 1)", [1, 9, 2, 3]),
    ("insert(arr123, 9)", [1, 2, 3, 9]),
    ("remove(nums, 2)", [1, 3]),
    ("remove(strs, 'def')", ["abc", "ghi"]),
    ("remove(nested, two)", [[1], [3]]),
    ("remove(objs, a1)", [["a": 2]]),
    ("removeIndex(arr123, 0)", [2, 3]),
    ("removeIndex(arr123, 1)", [1, 3]),
    ("removeIndex(arr123)", [1, 2]),
    ("contains(arr123, 2)", true),
    ("contains(trueArr, true)", true),
    ("contains(strs123, '3')", true),
    ("contains(nested, one)", true),
    ("contains(objs, a1)", true),
    ("contains(arr123, 0)", false),
    ("contains(falseArr, true)", false),
    ("contains(arr123, '2')", false),
    ("contains(strs123, '4')", false),
    ("contains(nested, oneS)", false),
    ("contains(objs, b1)", false),
    ("union(empty, arr123)", [1, 2, 3]),
    ("union(arr123, one)", [1, 2, 3, 1]),
    ("union(arr123, arr456, arr789)", [1, 2, 3, 4, 5, 6, 7, 8, 9]),
    // describe('Other'); a missing member is web's `undefined` (lodash get → null here).
    ("isNull('')", false),
    ("isNull('a')", false),
    ("isNull(minusOne)", false),
    ("isNull(0)", false),
    ("isNull(1)", false),
    ("isNull(emptyObj)", false),
    ("isNull(a1)", false),
    ("isNull(empty)", false),
    ("isNull(one)", false),
    ("isNull(obj.missing)", true),
    ("isNull(null)", true),
    ("isEmpty('')", true),
    ("isEmpty(emptyObj)", true),
    ("isEmpty(empty)", true),
    ("isEmpty(null)", true),
    ("isEmpty(obj.missing)", true),
    ("isEmpty('abc')", false),
    ("isEmpty(arr13)", false),
    ("isEmpty(a2)", false),
    ("length(arr123)", 3),
    ("length('Hello World!')", 12),
  ]

  @Test("web-core's operations.spec.ts, under the web profile", arguments: rows)
  func webCoreRow(text: String, expected: JSONValue) {
    let template = StringTemplate(
      "@{\(text)}", options: StringTemplate.Options(grammar: .web))
    let explanation = Evaluator(library: .web).explain(template, in: Self.scope)
    #expect(explanation.value == expected)
    #expect(explanation.diagnostics.isEmpty, "\(explanation.diagnostics)")
  }

  @Test("the table calls every default operation web-core has, as the spec checks")
  func everyOperation() {
    let called = Set(Self.rows.map { String($0.0.prefix { $0 != "(" }) })
    let webDefaults = Set(OperationLibrary.web.names).subtracting(["int", "double", "string"])
    #expect(webDefaults.subtracting(called).isEmpty, "\(webDefaults.subtracting(called))")
  }
}
