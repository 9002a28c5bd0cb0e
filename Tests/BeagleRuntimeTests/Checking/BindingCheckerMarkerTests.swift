import BeagleJSON
import Testing

@testable import BeagleRuntime

/// The binding check reads only the strings the parser marked as holding `@{`
/// (JSONDocument.markedStrings): what it finds must not depend on how it finds them.
/// Scope rules: docs/spec.md §4.4 (contexts of ancestors, implicit event contexts),
/// §2.8 (a list template sees its iterator, `item` by default).
@Suite struct BindingCheckerMarkerTests {
  let screen = #"""
    {"_beagleComponent_": "beagle:screenComponent",
     "navigationBar": {"title": "t", "navigationBarItems": [
       {"text": "i", "action": {"_beagleAction_": "beagle:alert", "message": "@{barMissing}"}}]},
     "child": {"_beagleComponent_": "beagle:container",
       "context": {"id": "outer", "value": {"a": 1}},
       "children": [
         {"_beagleComponent_": "beagle:text", "text": "@{outer.a} and \u0040{escaped.x}"},
         {"_beagleComponent_": "beagle:text", "@{notAField}": "x", "text": "plain @ { text"},
         {"_beagleComponent_": "beagle:text", "text": "@{first}", "text": "@{outer.a}"},
         {"_beagleComponent_": "beagle:listView", "dataSource": "@{outer.list}",
          "templates": [{"view": {"_beagleComponent_": "beagle:container", "children": [
            {"_beagleComponent_": "beagle:listView", "dataSource": "@{item.inner}",
             "templates": [{"view": {"_beagleComponent_": "beagle:text",
               "text": "@{item.name} @{itemMissing}"}}]}]}}]},
         {"_beagleComponent_": "beagle:button", "text": "go",
          "onPress": [{"_beagleAction_": "beagle:pushView", "route": {
            "url": "@{routeMissing}",
            "screen": {"_beagleComponent_": "beagle:screenComponent", "child":
              {"_beagleComponent_": "beagle:text", "text": "@{outer.a}"}}}}]}
       ]}}
    """#

  @Test("bindings to undeclared contexts are found wherever the marked strings are")
  func undeclaredContexts() throws {
    let root = try #require(try decode(screen).root)
    let found = BindingChecker().check(root).map {
      "\($0.message) at \($0.pointer?.description ?? "")"
    }
    #expect(
      found == [
        "no enclosing component declares context 'barMissing' at /navigationBar/navigationBarItems/0/action/message",
        "no enclosing component declares context 'escaped' at /child/children/0/text",
        "no enclosing component declares context 'itemMissing' at /child/children/3/templates/0/view/children/0/templates/0/view/text",
        "no enclosing component declares context 'routeMissing' at /child/children/4/onPress/0/route/url",
        // A local screen starts a scope of its own: 'outer' is not its ancestor's.
        "no enclosing component declares context 'outer' at /child/children/4/onPress/0/route/screen/child/text",
      ])
  }

  /// `style.display` takes an expression (docs/spec.md §1.6, iOS `Expression<Display>`),
  /// re-evaluated on every render; style's other members take none.
  static let displayScreen = #"""
    {"_beagleComponent_": "beagle:container", "context": {"id": "ui", "value": {"show": "FLEX"}},
     "children": [
       {"_beagleComponent_": "beagle:text", "text": "a", "style": {"display": "@{nope.x}"}},
       {"_beagleComponent_": "beagle:text", "text": "b",
        "style": {"backgroundColor": "@{other.c}", "display": "@{ui.show}"}},
       {"_beagleComponent_": "beagle:text", "text": "c", "style": {"display": "@{sum(1,}"}},
       {"_beagleComponent_": "beagle:text", "text": "d",
        "style": {"flex": {"grow": "@{deep.g}"}, "display": "FLEX"}}
     ]}
    """#

  static let displayFindings = [
    "no enclosing component declares context 'nope' at /children/0/style/display",
    "expected a value but found '}' at /children/2/style/display",
  ]

  @Test("a binding in style.display is checked, on the tape and in a materialised value")
  func styleDisplay() throws {
    let onTape = try #require(try decode(Self.displayScreen).root)
    #expect(
      BindingChecker().check(onTape).map { "\($0.message) at \($0.pointer?.description ?? "")" }
        == Self.displayFindings)
    let value = try JSONValue(parsing: Self.displayScreen)
    let materialised = try #require(Decoder(registry: .builtIn).decodeComponent(value).root)
    #expect(
      BindingChecker().check(materialised).map {
        "\($0.message) at \($0.pointer?.description ?? "")"
      } == Self.displayFindings)
  }

  @Test("style.display as the last of a repeated key is checked as rendering reads it")
  func styleDisplayRepeated() throws {
    let screen = #"""
      {"_beagleComponent_": "beagle:text", "text": "a",
       "style": {"display": "@{first.x}", "display": "@{last.x}"}}
      """#
    let root = try #require(try decode(screen).root)
    #expect(
      BindingChecker().check(root).map { "\($0.message) at \($0.pointer?.description ?? "")" }
        == ["no enclosing component declares context 'last' at /style/display"])
  }
}
