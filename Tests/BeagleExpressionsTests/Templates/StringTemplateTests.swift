import BeagleJSON
import Testing

@testable import BeagleExpressions

private func binding(_ id: String, _ path: PathStep...) -> Expression {
  .binding(Binding(contextId: id, path: path))
}

@Suite struct StringTemplateTests {
  /// How strings are classified (docs/spec.md §5.2) and escapes processed (§5.4).
  static let classified: [(String, StringTemplate)] = [
    ("hello", .plain("hello")),
    ("", .plain("")),
    ("mail@domain", .plain("mail@domain")),
    ("@", .plain("@")),
    ("@ {a}", .plain("@ {a}")),
    ("{a}", .plain("{a}")),
    ("@{a}", .single(binding("a"))),
    ("@{'}'}", .single(.literal("}"))),
    ("@{sum(a, 1)}", .single(.operation(name: "sum", arguments: [binding("a"), .literal(1)]))),
    ("@{a} ", .interpolated([.expression(binding("a"), range: 0..<4), .text(" ")])),
    (
      "@{a}@{b}",
      .interpolated([
        .expression(binding("a"), range: 0..<4), .expression(binding("b"), range: 4..<8),
      ])
    ),
    (
      "Hi @{user.name}!",
      .interpolated([
        .text("Hi "), .expression(binding("user", .key("name")), range: 3..<15), .text("!"),
      ])
    ),
    (#"\@{a}"#, .plain("@{a}")),
    (#"\\@{a}"#, .interpolated([.text(#"\"#), .expression(binding("a"), range: 2..<6)])),
    (#"\\\@{a}"#, .plain(#"\@{a}"#)),
    (#"\\\\@{a}"#, .interpolated([.text(#"\\"#), .expression(binding("a"), range: 4..<8)])),
    (#"a\\b"#, .plain(#"a\b"#)),
    (#"a\b"#, .plain(#"a\b"#)),
    (
      #"x \@{a} @{b}"#, .interpolated([.text("x @{a} "), .expression(binding("b"), range: 8..<12)])
    ),
    (#"@{a}\@{b}"#, .interpolated([.expression(binding("a"), range: 0..<4), .text("@{b}")])),
    ("Hi @{ a }", .plain("Hi @{ a }")),
    ("@{", .plain("@{")),
    (
      "price: @{p} €",
      .interpolated([.text("price: "), .expression(binding("p"), range: 7..<11), .text(" €")])
    ),
    ("@{a}}", .interpolated([.expression(binding("a"), range: 0..<4), .text("}")])),
  ]

  @Test("classifies", arguments: classified)
  func classifies(source: String, expected: StringTemplate) {
    #expect(StringTemplate(source) == expected)
  }

  @Test(
    "keeps backslashes of plain strings when escapes are not collapsed",
    arguments: [
      (#"a\\b"#, #"a\\b"#), (#"\@{a}"#, #"\@{a}"#), ("Hi @{ a }", "Hi @{ a }"),
    ])
  func keepsBackslashes(source: String, expected: String) {
    #expect(StringTemplate(source, options: .init(collapsesEscapes: false)) == .plain(expected))
  }

  /// A malformed expression makes the whole string literal text (iOS) and the error is
  /// returned beside it.
  static let malformed: [(String, String, String, Range<Int>)] = [
    ("@{ a }", "@{ a }", "whitespace is only allowed around ',' between arguments", 2..<3),
    ("Hi @{a", "Hi @{a", "unterminated expression; missing '}'", 3..<6),
    ("@{", "@{", "unterminated expression; missing '}'", 0..<2),
    ("@{}", "@{}", "empty expression", 0..<3),
    ("@{sum(1,2}", "@{sum(1,2}", "expected ',' or ')' but found '}'", 9..<10),
    (
      "a @{b} @{nullable}", "a @{b} @{nullable}",
      "'nullable' starts with the literal 'null'; iOS cannot read a name that starts with 'true', 'false' or 'null'",
      9..<17
    ),
    ("@{a@{b}}", "@{a@{b}}", "expected '}' but found '@'", 3..<4),
    (
      #"a\\b @{x y}"#, #"a\b @{x y}"#, "whitespace is only allowed around ',' between arguments",
      8..<9
    ),
    ("@{'abc}", "@{'abc}", "unterminated string literal; missing the closing quote", 2..<7),
  ]

  @Test("falls back to plain text and reports the error", arguments: malformed)
  func fallsBack(source: String, text: String, message: String, range: Range<Int>) throws {
    let result = StringTemplate.parse(source)
    #expect(result.template == .plain(text))
    let error = try #require(result.error)
    #expect(error.description == message)
    #expect(error.range == range)
    #expect(throws: error) { try StringTemplate(parsing: source) }
  }

  @Test("lists its expressions")
  func expressions() throws {
    #expect(
      try StringTemplate(parsing: "@{a} and @{b}").expressions == [binding("a"), binding("b")])
    #expect(try StringTemplate(parsing: "none").expressions == [])
  }
}
