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
}
