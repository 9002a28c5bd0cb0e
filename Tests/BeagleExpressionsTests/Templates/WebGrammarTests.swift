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
  ]

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
