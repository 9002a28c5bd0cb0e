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

  @Test("the values found in one pass are those mayHoldTemplateText says yes to, in any order")
  func oneScanMatchesEachValue() throws {
    let members = Self.values.enumerated().map { #""m\#($0.offset)": \#($0.element.json)"# }
    let document = try JSONDocument(parsing: Array("{\(members.joined(separator: ", "))}".utf8))
    let ascending = document.root.members.map { UInt32($0.value.tapeIndex) }
    // Ascending (a component's properties), shuffled, repeated, and a single value.
    for values in [
      ascending, ascending.reversed(), ascending + ascending, [ascending[1]],
      [ascending[3], ascending[0], ascending[9], ascending[2]],
    ] {
      var found: [Int] = []
      document.forEachValueMayHoldingTemplateText(values) { found.append($0) }
      let expected = values.indices.filter {
        document.mayHoldTemplateText(inValueAt: Int(values[$0]))
      }
      #expect(found == expected)
    }
    // The table's own answers, which the one pass must give too.
    var found: [Int] = []
    document.forEachValueMayHoldingTemplateText(ascending) { found.append($0) }
    #expect(found == Self.values.indices.filter { Self.values[$0].mayHold })
  }
}
