import Testing

@testable import BeagleExpressions

@Suite struct ExpressionErrorTests {
  @Test(
    "argument-count wording",
    arguments: [
      (0, 0, "operation 'f' takes no arguments but got 1"),
      (1, 1, "operation 'f' takes 1 argument but got 1"),
      (2, 3, "operation 'f' takes 2 or 3 arguments but got 1"),
      (2, 4, "operation 'f' takes 2 to 4 arguments but got 1"),
    ] as [(Int, Int?, String)])
  func arityWording(minimum: Int, maximum: Int?, message: String) {
    let error = ExpressionError.wrongArgumentCount(
      operation: "f", minimum: minimum, maximum: maximum, found: 1, range: 0..<0)
    #expect(error.description == message)
  }

  @Test("an unknown operation without a suggestion, and the 'at least' wording")
  func otherWording() {
    #expect(
      ExpressionError.unknownOperation("zz", suggestion: nil, range: 0..<0).description
        == "unknown operation 'zz'")
    #expect(
      ExpressionError.wrongArgumentCount(
        operation: "and", minimum: 1, maximum: nil, found: 0, range: 0..<0
      )
      .description == "operation 'and' takes at least 1 argument but got 0")
  }
}
