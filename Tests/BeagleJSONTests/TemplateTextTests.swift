import Testing

@testable import BeagleJSON

/// ``JSONDocument/mayHoldTemplateText(inValueAt:)``: rendering skips a property when
/// no string inside it can be a template — one holding `@{` or, once decoded, a
/// backslash (iOS collapses `\\` in an expression field, so such a text changes too).
/// It may say yes for a value that holds neither (any escape), never no for one that does.
@Suite struct TemplateTextTests {
  static let values: [(json: String, mayHold: Bool)] = [
    (#""plain""#, false),
    (#""Hi @{user.name}""#, true),
    (#""\u0040{user.name}""#, true),
    (#""a\\b""#, true),
    (#""a\u005cb""#, true),
    (#"12"#, false),
    (#"true"#, false),
    (#"null"#, false),
    (#"{"display": "FLEX", "flex": {"grow": 1}}"#, false),
    (#"{"display": "@{user.show}"}"#, true),
    (#"[1, {"url": "@{x}.png"}]"#, true),
    (#"[1, {"url": "a\\b"}]"#, true),
    (#"["a", {"k": ["b", 2]}]"#, false),
    // A key holding `@{` is not a template: only values are evaluated.
    (#"{"@{k}": 1}"#, false),
  ]

  @Test("a value may hold a template text exactly when a string in it holds @{ or an escape")
  func mayHold() throws {
    for (json, expected) in Self.values {
      let document = try JSONDocument(parsing: Array(#"{"v": \#(json)}"#.utf8))
      let value = try #require(document.root["v"])
      #expect(document.mayHoldTemplateText(inValueAt: value.tapeIndex) == expected, "\(json)")
    }
  }
}
