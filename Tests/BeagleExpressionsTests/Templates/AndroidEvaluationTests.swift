import BeagleJSON
import Testing

@testable import BeagleExpressions

/// `--profile android`: bindings as Android's own evaluation tests expect them, from
/// `ZupIT/beagle:android/beagle/src/test/kotlin/br/com/zup/beagle/android/context/ContextDataEvaluationTest.kt`
/// (Android reads expressions with iOS's grammar and computes with its own operations,
/// docs/spec.md §5.3, §6.1 Android). Left out: the rows whose text shows an array
/// (`result: [1, 2, 4, 3]`), which beagle-run prints as compact JSON on purpose (§5.6), and
/// `insert(ctx, 4, 4)` on `[1, 2, 3]`, which that test expects to be null while Android's
/// `InsertOperation` source, which the Android profile follows, leaves the array unchanged
/// (§6.1 Android; the test's version could not be matched to the source's).
@Suite struct AndroidEvaluationTests {
  /// `CONTEXT_DATA`: `{"a": "a", "b": true}`.
  static let scope = ContextScope([
    ("ctx", ["a": "a", "b": true]), ("context", "value"), ("context1", 1), ("context2", 1),
    ("binding", [1, 2, 3]),
  ])

  /// The text a string-typed field shows for `source` (interpolated or whole).
  static func text(_ source: String, in scope: ContextScope = scope) -> String {
    let evaluator = Evaluator(library: .android)
    return evaluator.library.text(of: evaluator.evaluate(StringTemplate(source), in: scope))
  }

  /// The value of a whole `@{…}` (an `Int`, `Boolean` or list binding).
  static func value(_ source: String) -> JSONValue {
    Evaluator(library: .android).evaluate(StringTemplate(source), in: scope)
  }

  static let textRows: [(String, String)] = [
    // evaluateAllContext_should_evaluate_text_string_text_expression
    ("This is an expression @{ctx.a} and this @{ctx.b}", "This is an expression a and this true"),
    // evaluateAllContext_should_evaluate_empty_string_in_multiple_expressions_with_null_bind_value
    ("This is an expression @{ctx.exp1} and this @{ctx.exp2}", "This is an expression  and this "),
    // evaluateAllContext_should_return_empty_in_expressions_with_null_bind_value_in_string_type
    ("@{ctx.exp1}", ""),
    // evaluateAllContext_with_literal_null (a String binding)
    ("@{null}", ""),
    // evaluateAllContext_with_operation_sum_with_hardcoded_values_and_string
    ("sum result: @{sum(1, 1)}", "sum result: 2"),
    // evaluateAllContext_with_escaping_expressions_should_return_expected_values
    ("@{context}", "value"),
    ("@{context} test", "value test"),
    ("test @{context}", "test value"),
    (#"test \@{sum(1, 2)}"#, "test @{sum(1, 2)}"),
    (#"test \@{'string'}"#, "test @{'string'}"),
    (#"test \@{null}"#, "test @{null}"),
    (#"test \@{true}"#, "test @{true}"),
    (#"test \@{context}"#, "test @{context}"),
    (#"test \\@{context}"#, #"test \value"#),
    (#"test \\\@{context}"#, #"test \@{context}"#),
    (#"test \\\\@{context}"#, #"test \\value"#),
    (#"test \\\\\@{context}"#, #"test \\@{context}"#),
    (
      #"This is a @{context} of \ expression \@{context}"#,
      #"This is a value of \ expression @{context}"#
    ),
  ]

  @Test("Android's ContextDataEvaluationTest: texts", arguments: textRows)
  func texts(source: String, expected: String) {
    #expect(Self.text(source) == expected)
  }

  @Test("a context value with escaped quotes is shown as it is")
  func quotedValue() {
    let scope = ContextScope([("context", #"\"value\""#)])
    #expect(Self.text("@{context}", in: scope) == #"\"value\""#)
  }

  static let valueRows: [(String, JSONValue)] = [
    // evaluateAllContext_with_operation_sum_with_binding_value / ..._from_evaluatedBindings
    ("@{sum(context1, context2)}", 2),
    // evaluateAllContext_with_operation_sum_with_hardcoded_values
    ("@{sum(1, 2)}", 3),
    // evaluateAllContext_with_operation_insert_with_binding
    ("@{insert(binding, 2)}", [1, 2, 3, 2]),
    // evaluateAllContext_with_literal_true / _false
    ("@{true}", true),
    ("@{false}", false),
    // evaluateContextBindings_with_operation_should_evaluate_contains_operation
    ("@{contains(insert(binding, 4), 4)}", true),
    // ..._should_evaluate_insert_operation, _remove_operation, _remove_index_operation
    ("@{insert(binding, 4, 2)}", [1, 2, 4, 3]),
    ("@{remove(binding, 2)}", [1, 3]),
    ("@{removeIndex(binding, 0)}", [2, 3]),
  ]

  @Test("Android's ContextDataEvaluationTest: values", arguments: valueRows)
  func values(source: String, expected: JSONValue) {
    #expect(Self.value(source) == expected)
  }
}
