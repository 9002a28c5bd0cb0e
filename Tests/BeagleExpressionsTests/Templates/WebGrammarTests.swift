import BeagleJSON
import Testing

@testable import BeagleExpressions

/// `--profile web`: strings read with web-core's grammar (docs/spec.md §5.3 web facts). Rows
/// from `ZupIT/beagle-web-core:__tests__/unit/old-structure/bindings/expressions.spec.ts`.
@Suite struct WebGrammarTests {
  private static let web = StringTemplate.Options(grammar: .web)

  private static func value(
    _ source: String, contexts: [(String, JSONValue)] = [], grammar: StringTemplate.Grammar = .web
  ) -> JSONValue {
    let library: OperationLibrary = grammar == .web ? .web : .standard
    return Evaluator(library: library).evaluate(
      StringTemplate(source, options: StringTemplate.Options(grammar: grammar)),
      in: ContextScope(contexts))
  }

  /// Each row: the string, its contexts, the value on web (web-core's test), the value
  /// under iOS's grammar.
  static let rows: [(String, [(String, JSONValue)], JSONValue, JSONValue)] = [
    // "should return and give a warning if path is invalid"
    ("@{ctx.[.]}", [], .null, "@{ctx.[.]}"),
    // "should do nothing for malformed string"
    ("@{'test}", [], "@{'test}", "@{'test}"),
    // "should treat malformed number as context id"
    ("@{5o1}", [("5o1", "test")], "test", "test"),
    // "should return null for malformed number and invalid context id"
    ("@{58.72.98}", [("58.72.98", "test")], .null, "@{58.72.98}"),
    // "should ignore space between parameters"
    ("@{concat( 'a'    ,'b' ,     'c'  )}", [], "abc", "@{concat( 'a'    ,'b' ,     'c'  )}"),
    ("@{concat('a','b','c')}", [], "abc", "abc"),
    // "should log warning and return null if operation doesn't exist"
    ("@{blah(42)}", [], .null, .null),
    // "should log error and return null for malformed parameter list"
    ("@{sum(2, 4))}", [], .null, "@{sum(2, 4))}"),
    ("@{sum(4(2)}", [], .null, "@{sum(4(2)}"),
    ("@{sum(2))}", [], .null, "@{sum(2))}"),
    ("@{sum(,),)}", [], .null, "@{sum(,),)}"),
    // "should log error and replace with empty string when operation name is invalid"
    ("result: @{sum-test(4, 2)}", [], "result: ", "result: @{sum-test(4, 2)}"),
    // "should log error and return null when operation name is invalid"
    ("@{s)um(4, 2)}", [], .null, "@{s)um(4, 2)}"),
    // Literals, symbols inside strings, escapes.
    ("@{10}", [], 10, 10),
    (
      "@{'hello world, this is { beagle }!'}", [], "hello world, this is { beagle }!",
      "hello world, this is { beagle }!"
    ),
    ("@{'hello \\'world\\'!'}", [], "hello 'world'!", "hello 'world'!"),
    ("@{concat('()}{}((),(', 'test),(}')}", [], "()}{}((),(test),(}", "()}{}((),(test),(}"),
    ("@{sum(5, 7)}", [], 12, 12),
    ("\\@{myContext}", [("myContext", "jest")], "@{myContext}", "@{myContext}"),
    ("\\\\@{myContext}", [("myContext", "jest")], "\\jest", "\\jest"),
    ("\\\\\\@{myContext}", [("myContext", "jest")], "\\@{myContext}", "\\@{myContext}"),
    (
      "Test @{ctx} string interpolation", [("ctx2", "jest")], "Test  string interpolation",
      "Test  string interpolation"
    ),
    ("@{ctx[0][0]}", [("ctx", [["Jest"]])], "Jest", "Jest"),
    // Negative numbers are not literals on web (an invalid path).
    ("@{-1}", [], .null, -1),
    // describe('context bindings'): whole and mid-text values of each kind. `person` stands
    // for the spec's createPerson(), whose values the spec compares with themselves.
    ("@{ctx}", [("ctx", "Hello World!")], "Hello World!", "Hello World!"),
    ("@{ctx}", [("ctx", 584)], 584, 584),
    ("@{ctx}", [("ctx", true)], true, true),
    ("@{ctx}", [("ctx", [1, 2, 3])], [1, 2, 3], [1, 2, 3]),
    ("@{ctx}", [("ctx", person)], person, person),
    (
      "Mid text expression: @{ctx}.", [("ctx", "Hello World")],
      "Mid text expression: Hello World.", "Mid text expression: Hello World."
    ),
    (
      "Mid text expression: @{ctx}.", [("ctx", 584)], "Mid text expression: 584.",
      "Mid text expression: 584."
    ),
    (
      "Mid text expression: @{ctx}.", [("ctx", true)], "Mid text expression: true.",
      "Mid text expression: true."
    ),
    (
      "Mid text expression: @{ctx}.", [("ctx", [1, 2, 3])], "Mid text expression: [1,2,3].",
      "Mid text expression: [1,2,3]."
    ),
    (
      "Mid text expression: @{ctx}.", [("ctx", person)],
      #"Mid text expression: {"name":{"first":"John","last":"Doe"},"phones":["(34) 5599-5555"],"documents":[{"name":"CPF"},{"name":"RG"}]}."#,
      #"Mid text expression: {"name":{"first":"John","last":"Doe"},"phones":["(34) 5599-5555"],"documents":[{"name":"CPF"},{"name":"RG"}]}."#
    ),
    ("@{ctx.name.first}", [("ctx", person)], "John", "John"),
    ("@{ctx.phones[0]}", [("ctx", person)], "(34) 5599-5555", "(34) 5599-5555"),
    ("@{ctx.documents[1].name}", [("ctx", person)], "RG", "RG"),
    // "should replace using values from multiple contexts"
    (
      "@{user.name} is @{user.age} years old. His current plan is @{plan.name} and it costs"
        + " $@{plan.value}. Please, call @{phones[0]} to talk to him.",
      [
        ("user", ["name": "John", "age": 30]),
        ("plan", ["name": "Premium", "value": 99.59, "id": "plan01"]),
        ("phones", ["(34) 5599-5555", "(34) 90000-8787"]),
      ],
      .string(plan), .string(plan)
    ),
    // "should replace with null if no context is found", "… if path doesn't exist …"
    ("@{ctx}", [("ctx2", "jest")], .null, .null),
    ("@{ctx.name}", [("ctx", ["age": 30])], .null, .null),
    // describe('Literals')
    ("@{true}", [], true, true),
    ("@{false}", [], false, false),
    ("@{null}", [], .null, .null),
    ("@{'true'}", [], "true", "true"),
    ("@{'hello\nworld!'}", [], "hello\nworld!", "hello\nworld!"),
    // describe('Operations')
    ("@{subtract(adultAge, user.age)}", [("user", ["age": 12]), ("adultAge", 18)], 6, 6),
    ("@{subtract(18, user.age)}", [("user", ["age": 12])], 6, 6),
    (
      "@{multiply(sum(values[0], values[1]), subtract(values[2], values[3]))}",
      [("values", [5, 8, 2, 7])], -65, -65
    ),
    // "should chain operations", before and after counter.a becomes 3.
    (
      chain, [("counter", ["a": 0, "b": 1])], "a + 2 + b <= 5, (true)", "a + 2 + b <= 5, (true)"
    ),
    (
      chain, [("counter", ["a": 3, "b": 1])], "a + 2 + b > 5, (false)", "a + 2 + b > 5, (false)"
    ),
  ]

  static let person: JSONValue = [
    "name": ["first": "John", "last": "Doe"], "phones": ["(34) 5599-5555"],
    "documents": [["name": "CPF"], ["name": "RG"]],
  ]
  static let plan =
    "John is 30 years old. His current plan is Premium and it costs $99.59. Please, call"
    + " (34) 5599-5555 to talk to him."
  static let chain =
    "@{condition(lte(sum(counter.a, 2, counter.b), 5), 'a + 2 + b <= 5, (true)',"
    + " 'a + 2 + b > 5, (false)')}"

  @Test("web-core's expression tests", arguments: rows)
  func webCoreRows(
    source: String, contexts: [(String, JSONValue)], web: JSONValue, ios: JSONValue
  ) {
    #expect(Self.value(source, contexts: contexts) == web)
    #expect(Self.value(source, contexts: contexts, grammar: .ios) == ios)
  }

  @Test("an unreadable binding is reported as web's warning, not a syntax error")
  func diagnostics() {
    let check = ExpressionChecker(library: .web).check(source: "@{ctx.[.]}", options: Self.web)
    #expect(check.diagnostics.count == 1)
    guard case .unreadableOnWeb(let text, _, _) = check.diagnostics.first else {
      Issue.record("got \(check.diagnostics)")
      return
    }
    #expect(text == "ctx.[.]")
    let explanation = Evaluator(library: .web).explain(
      StringTemplate("@{ctx.[.]}", options: Self.web), in: ContextScope([]))
    #expect(explanation.value == .null)
    #expect(
      explanation.diagnostics.map(\.description) == [
        "web cannot read 'ctx.[.]' (invalid path: names may contain only letters, numbers and"
          + " '_', with '.' between them and '[index]' after them); web logs a warning and the"
          + " value is null"
      ])
    // A `@{` web shows as written still carries the syntax error, for `check` to warn.
    #expect(StringTemplate.parse("@{'test}", options: Self.web).error != nil)
    #expect(StringTemplate.parse("plain text", options: Self.web).error == nil)
  }

  @Test("deep nesting is refused, not recursed without a bound")
  func nesting() {
    let deep = String(repeating: "isNull(", count: 300) + "1" + String(repeating: ")", count: 300)
    let explanation = Evaluator(library: .web).explain(
      StringTemplate("@{\(deep)}", options: Self.web), in: ContextScope([]))
    // The call 256 levels down cannot be read; the ones around it still run.
    #expect(explanation.value == false)
    #expect(
      explanation.diagnostics.contains {
        if case .unreadableOnWeb(_, "nested too deeply", _) = $0 { true } else { false }
      })
  }
}
