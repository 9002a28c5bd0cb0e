import BeagleExpressions
import BeagleJSON
import Testing

/// Values computed by expressions stay within the evaluator's limits: a result beyond
/// them is null with ``ExpressionError/valueLimitExceeded(operation:_:range:)``.
@Suite struct ValueLimitTests {
  static let scope = ContextScope([("c", "abcd"), ("list", [1, 2]), ("empty", [])])

  func explain(
    _ text: String, limits: ValueLimits, library: OperationLibrary = .standard
  ) throws -> Explanation {
    let (expression, map) = try Expression.parse(text, allowsArguments: false)
    return Evaluator(library: library, limits: limits).explain(
      expression, in: Self.scope, sourceMap: map)
  }

  @Test("a custom operation concat(@0, @0) nested 40 deep stops at 64 MB with a located error")
  func doublingCustomOperation() throws {
    let library = try OperationLibrary.standard.registering(name: "twice", body: "concat(@0, @0)")
    var text = "twice('ab')"
    for _ in 1..<40 { text = "twice(\(text))" }
    let explanation = try explain(text, limits: ValueLimits(), library: library)
    #expect(explanation.value == .null)
    // 'ab' doubled by 24 calls is 32 MB; the 25th call from the inside (the 16th from
    // the outside) would give 64 MB and 32 bytes, and is refused before it allocates.
    let refused = 15 * 6
    #expect(
      explanation.diagnostics == [
        .valueLimitExceeded(
          operation: "concat", .tooLarge(limit: 64 << 20),
          range: refused..<(text.utf8.count - 15))
      ])
    #expect(
      explanation.diagnostics.first?.description
        == "'concat' would give a value larger than 64 MB (\(setting: .maximumValueBytes)); the result is null"
    )
  }

  @Test("concat and union are refused before they run when their arguments add up past the limit")
  func growingOperations() throws {
    // Each 'abcd' counts 32 + 4 bytes: three make 108, nineteen 684.
    let limits = ValueLimits(maximumBytes: 200)
    let concat = try explain("concat(c, c, c)", limits: limits)
    #expect(concat.value == "abcdabcdabcd")
    let text = "concat(c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c)"
    let longer = try explain(text, limits: limits)
    #expect(longer.value == .null)
    #expect(
      longer.diagnostics == [
        .valueLimitExceeded(operation: "concat", .tooLarge(limit: 200), range: 0..<text.utf8.count)
      ])
    // [1, 2] counts 3 × 32 bytes: two make 192.
    let union = try explain("union(list, list)", limits: ValueLimits(maximumBytes: 150))
    #expect(union.value == .null)
    #expect(
      union.diagnostics == [
        .valueLimitExceeded(operation: "union", .tooLarge(limit: 150), range: 0..<17)
      ])
    #expect(try explain("union(list)", limits: ValueLimits(maximumBytes: 150)).value == [1, 2])
  }

  @Test("insert nesting a value in itself through a custom operation stops at the depth limit")
  func nesting() throws {
    let library = try OperationLibrary.standard.registering(name: "wrap", body: "insert(empty, @0)")
      .registering(name: "wrap4", body: "wrap(wrap(wrap(wrap(@0))))")
    let explanation = try explain(
      "wrap4(wrap4(wrap4(1)))", limits: ValueLimits(maximumDepth: 10), library: library)
    // The 11th wrap is refused (null); the 12th wraps that null.
    #expect(explanation.value == [.null])
    #expect(
      explanation.diagnostics == [
        .valueLimitExceeded(operation: "insert", .tooDeep(limit: 10), range: 0..<22)
      ])
  }

  @Test("an interpolated string is refused when its parts add up past the limit")
  func interpolation() {
    let limits = ValueLimits(maximumBytes: 40)
    let evaluator = Evaluator(limits: limits)
    #expect(evaluator.evaluate(StringTemplate("@{c}@{c}"), in: Self.scope) == "abcdabcd")
    let template = StringTemplate("@{c}@{c}@{c}")
    #expect(evaluator.evaluate(template, in: Self.scope) == .null)
    #expect(
      evaluator.evaluateWithinLimits(template, in: Self.scope)
        == .failure(.valueLimitExceeded(operation: nil, .tooLarge(limit: 40), range: 8..<12)))
    let explanation = evaluator.explain(template, in: Self.scope, source: "@{c}@{c}@{c}")
    #expect(
      explanation.diagnostics == [
        .valueLimitExceeded(operation: nil, .tooLarge(limit: 40), range: 8..<12)
      ])
    #expect(
      explanation.diagnostics.first?.refusal
        == "the interpolated string would give a value larger than 40 bytes (\(setting: .maximumValueBytes))"
    )
  }

  @Test("evaluateWithinLimits gives the value when no result exceeded the limits")
  func withinLimits() {
    let evaluator = Evaluator(limits: ValueLimits(maximumBytes: 1000))
    #expect(
      evaluator.evaluateWithinLimits(StringTemplate("@{concat(c, '!')}"), in: Self.scope)
        == .success("abcd!"))
  }
}

@Suite struct WebValueLimitTests {
  @Test("web-core's concat is held to the same limits")
  func webConcat() throws {
    let scope = ContextScope([("c", "abcd")])
    let (expression, map) = try Expression.parse("concat(c, c, c, c, c, c)", allowsArguments: false)
    let explanation = Evaluator(library: .web, limits: ValueLimits(maximumBytes: 200)).explain(
      expression, in: scope, sourceMap: map)
    #expect(explanation.value == .null)
    #expect(
      explanation.diagnostics == [
        .valueLimitExceeded(operation: "concat", .tooLarge(limit: 200), range: 0..<24)
      ])
  }
}
