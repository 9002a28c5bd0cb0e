import BeagleJSON
import Testing

@testable import BeagleExpressions

/// Numbers that are not finite (docs/spec.md §5.6): kept as values, shown in texts as
/// each platform prints them, `null` in JSON.
@Suite struct NonFiniteNumberTests {
  /// The template's text under `library`, as a text field shows it.
  private func text(_ template: String, _ library: OperationLibrary) -> String {
    let evaluator = Evaluator(library: library)
    return library.text(of: evaluator.evaluate(StringTemplate(template), in: ContextScope([])))
  }

  /// Expression, then its text under iOS, Android and web. iOS prints a Double with
  /// Swift's `"\(double)"` (`DynamicObject.toString`, ZupIT/beagle
  /// `iOS/Sources/Beagle/Sources/ContextExpression/DynamicObject.swift`): `inf`,
  /// `-inf`, `nan`; Android with Kotlin's `toString()` (`ContextDataEvaluation.kt`,
  /// `evaluateBindExpression`) and web with JavaScript's `String(n)`: `Infinity`,
  /// `-Infinity`, `NaN`.
  static let rows: [(String, String, String, String)] = [
    ("@{divide(1.0, 0.0)}", "inf", "Infinity", "Infinity"),
    ("@{divide(-1.0, 0.0)}", "-inf", "-Infinity", "-Infinity"),
    // 0/0 on x86 is a NaN with its sign bit set; Swift prints it `nan` all the same.
    ("@{divide(0.0, 0.0)}", "nan", "NaN", "NaN"),
    ("x = @{divide(1.0, 0.0)}!", "x = inf!", "x = Infinity!", "x = Infinity!"),
  ]

  @Test(
    "a text shows a number that is not finite as the profile's platform prints it", arguments: rows)
  func texts(row: (String, String, String, String)) {
    #expect(text(row.0, .standard) == row.1)
    #expect(text(row.0, .android) == row.2)
    #expect(text(row.0, .web) == row.3)
  }

  @Test("the value is kept, so later operations see it as the platform does")
  func keptAsValue() throws {
    #expect(try evaluated("gt(divide(1.0, 0.0), 5.0)") == true)
    #expect(try evaluated("eq(divide(0.0, 0.0), divide(0.0, 0.0))") == false)
  }

  @Test("Android's concat prints it as Kotlin does")
  func androidConcat() throws {
    #expect(try evaluated("concat('a', divide(1.0, 0.0))", library: .android) == "aInfinity")
  }

  @Test("JSON prints null, so the output stays JSON (web's JSON.stringify writes null too)")
  func json() {
    let value: JSONValue = ["a": .double(.nan), "b": [.double(-.infinity), 1.5]]
    #expect(JSONPrinter().print(value) == #"{"a":null,"b":[null,1.5]}"#)
  }

  @Test("the first one in a value is found with where it is, depth first in source order")
  func first() throws {
    let value: JSONValue = ["ok": 1.5, "list": [1, .double(.infinity)], "z": .double(.nan)]
    let found = try #require(NonFiniteNumber.first(in: value))
    #expect(found.number == .infinity)
    #expect(found.at.description == "/list/1")
    #expect(NonFiniteNumber.first(in: ["a": [1.5, "x"]]) == nil)
    #expect(NonFiniteNumber.first(in: .double(.nan))?.at.isRoot == true)
  }

  @Test("a text field's evaluation reports the first number that is not finite it shows")
  func reportedByTextEvaluation() throws {
    let evaluator = Evaluator()
    let scope = ContextScope([])
    let whole = evaluator.evaluateTextWithinLimits(StringTemplate("@{divide(0.0, 0.0)}"), in: scope)
    #expect(whole.nonFinite?.isNaN == true)
    let part = evaluator.evaluateTextWithinLimits(
      StringTemplate("a @{divide(1.0, 0.0)} b @{divide(0.0, 0.0)}"), in: scope)
    #expect(part.nonFinite == .infinity)
    #expect(try part.result.get() == "a inf b nan")
    let finite = evaluator.evaluateTextWithinLimits(
      StringTemplate("@{divide(1.0, 4.0)}"), in: scope)
    #expect(finite.nonFinite == nil)
  }
}
