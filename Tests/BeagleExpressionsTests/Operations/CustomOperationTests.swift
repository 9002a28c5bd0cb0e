import BeagleJSON
import Testing

@testable import BeagleExpressions

@Suite struct CustomOperationTests {
  private let scope = ContextScope([("user", ["first": "Ana", "last": "Silva"])])

  private func value(_ text: String, _ library: OperationLibrary) throws -> JSONValue {
    Evaluator(library: library).evaluate(try Expression(parsing: text), in: scope)
  }

  @Test("an expression body over positional arguments")
  func expressionBody() throws {
    let library = try OperationLibrary.standard.registering(
      name: "fullName", body: "concat(@0, ' ', @1)")
    #expect(try value("fullName(user.first, user.last)", library) == "Ana Silva")
    #expect(try value("uppercase(fullName('a', 'b'))", library) == "A B")
    let signature = try #require(library.signature(of: "fullName"))
    #expect(signature.minimumArguments == 2 && signature.maximumArguments == 2)
    #expect(signature.origin == .custom)
    #expect(signature.display(name: "fullName") == "fullName(any, any) -> any: concat(@0, ' ', @1)")
  }

  @Test("a missing positional argument reads as null and is reported")
  func missingArgument() throws {
    let library = try OperationLibrary.standard.registering(
      name: "fullName", body: "concat(@0, ' ', @1)")
    #expect(try value("fullName('Ana')", library) == .null)
    let (expression, map) = try Expression.parse("fullName('Ana')")
    let explanation = Evaluator(library: library).explain(expression, in: scope, sourceMap: map)
    #expect(
      explanation.diagnostics.map(\.description) == [
        "operation 'fullName' takes 2 arguments but got 1"
      ])
  }

  @Test("a body may read contexts of the caller's scope")
  func bodyReadsScope() throws {
    let library = try OperationLibrary.standard.registering(
      name: "greet", body: "concat('Hi ', user.first)")
    #expect(try value("greet()", library) == "Hi Ana")
    #expect(library.signature(of: "greet")?.maximumArguments == 0)
  }

  @Test("a body that is a bare argument or literal")
  func trivialBodies() throws {
    let library = try OperationLibrary.standard
      .registering(name: "identity", body: "@0")
      .registering(name: "answer", body: "42")
    #expect(try value("identity(user.last)", library) == "Silva")
    #expect(try value("answer()", library) == 42)
  }

  @Test("a Swift implementation, replacing a default of the same name")
  func nativeReplacesDefault() throws {
    let signature = OperationSignature(
      minimumArguments: 0, maximumArguments: nil, argumentKinds: [.any], resultKind: .int,
      summary: "counts arguments")
    let library = try OperationLibrary.standard.registering(name: "sum", signature: signature) {
      .int($0.count)
    }
    #expect(try value("sum('a', 'b', 'c')", library) == 3)
    #expect(try value("sum(1, 2)", .standard) == 3)
    #expect(library.signature(of: "sum") == signature)
  }

  @Test("names follow iOS's rule", arguments: ["a", "_", "a1", "1a", "my_op", "_1", "1_2", "éa"])
  func validNames(name: String) throws {
    let library = try OperationLibrary.standard.registering(name: name, body: "1")
    #expect(library.signature(of: name) != nil)
  }

  @Test("names iOS refuses", arguments: ["", "123", "a-b", "a b", "é", "a.b", "f()", "1.5"])
  func invalidNames(name: String) {
    #expect(throws: ExpressionError.invalidOperationName(name, range: 0..<name.utf8.count)) {
      try OperationLibrary.standard.registering(name: name, body: "1")
    }
    #expect(
      ExpressionError.invalidOperationName(name, range: 0..<0).description
        == "invalid operation name '\(name)'; a name is made of word characters with at least one letter or '_'"
    )
  }

  @Test("a body with a syntax error is refused with the range in the body")
  func bodySyntaxError() {
    #expect(throws: ExpressionError.unexpectedEnd(expected: "a value", range: 11..<11)) {
      try OperationLibrary.standard.registering(name: "broken", body: "concat(@0, ")
    }
  }

  @Test("recursive custom operations stop at the depth limit with null")
  func recursion() throws {
    let library = try OperationLibrary.standard
      .registering(name: "loop", body: "loop(@0)")
      .registering(name: "ping", body: "pong(sum(@0, 1))")
      .registering(name: "pong", body: "ping(@0)")
    #expect(try value("loop(1)", library) == .null)
    #expect(try value("ping(0)", library) == .null)
    let (expression, map) = try Expression.parse("concat('x', loop(1))")
    let explanation = Evaluator(library: library).explain(expression, in: scope, sourceMap: map)
    #expect(explanation.value == .null)
    #expect(
      explanation.diagnostics == [.evaluationTooDeep(operation: "loop", limit: 256, range: 12..<19)]
    )
    #expect(
      explanation.diagnostics.first?.description
        == "evaluation of 'loop' is nested more than 256 levels deep (custom operations calling each other?); the result is null"
    )
  }

  @Test("a custom operation calling itself twice stops after 10 000 calls with null, reported once")
  func exponentialRecursion() throws {
    // Within the depth limit of 256 this tree has 2^256 calls: it never ended before.
    let library = try OperationLibrary.standard
      .registering(name: "both", body: "and(both(@0), both(@0))")
    #expect(try value("both(true)", library) == .null)
    let (expression, map) = try Expression.parse("both(true)")
    let explanation = Evaluator(library: library).explain(expression, in: scope, sourceMap: map)
    #expect(explanation.value == .null)
    // The first path down reaches the depth limit (reported once, not at every leaf),
    // then the call limit stops the rest.
    #expect(
      explanation.diagnostics == [
        .evaluationTooDeep(operation: "both", limit: 256, range: 0..<10),
        .evaluationTooLong(operation: "both", limit: 10_000, range: 0..<10),
      ])
    #expect(
      explanation.diagnostics.last?.description
        == "evaluation of 'both' makes more than 10000 operation calls (a custom operation calling itself more than once?); the result is null"
    )
  }

  @Test("50 × 50 × 50 calls through custom operations stop at the call limit; 50 × 50 do not")
  func wideCalls() throws {
    let fifty = { (name: String) in
      "sum(" + Array(repeating: "\(name)()", count: 50).joined(separator: ", ") + ")"
    }
    let library = try OperationLibrary.standard
      .registering(name: "one", body: "1")
      .registering(name: "fifty", body: fifty("one"))
      .registering(name: "many", body: fifty("fifty"))
      .registering(name: "most", body: fifty("many"))
    #expect(try value("many()", library) == 2500)
    #expect(try value("most()", library) == .null)
    let outcome = Evaluator(library: library).evaluateWithinLimits(
      StringTemplate("@{most()}"), in: scope)
    #expect(outcome == .failure(.evaluationTooLong(operation: "one", limit: 10_000, range: 0..<0)))
  }

  @Test("libraries are values: registering does not change the original")
  func immutability() throws {
    let base = OperationLibrary()
    _ = try base.registering(name: "extra", body: "1")
    #expect(base.signature(of: "extra") == nil)
  }
}
