import BeagleJSON
import Testing

@testable import BeagleExpressions

@Suite struct PerformanceTests {
  /// The plain path must do at least 2 million evaluations per second in release builds;
  /// debug builds only run the loop.
  @Test(
    "plain evaluation rate",
    arguments: [
      "sum(counter.value, 1)", "user.name", "condition(gt(counter.value, 10), 'many', 'few')",
    ])
  func plainRate(text: String) throws {
    let expression = try Expression(parsing: text)
    let scope = ContextScope([("user", ["name": "Ana"]), ("counter", ["value": 41])])
    let evaluator = Evaluator()
    #if DEBUG
      let iterations = 10_000
    #else
      let iterations = 2_000_000
    #endif
    var nonNull = 0
    let elapsed = ContinuousClock().measure {
      for _ in 0..<iterations where !evaluator.evaluate(expression, in: scope).isNull {
        nonNull += 1
      }
    }
    #expect(nonNull == iterations)
    #if !DEBUG
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      let rate = Double(iterations) / seconds
      #expect(rate >= 2_000_000, "\(Int(rate)) evaluations per second")
    #else
      _ = elapsed
    #endif
  }
}
