import BeagleJSON
import Testing

@testable import BeagleRuntime

/// Decodes `text` with the built-in registry (or `registry`).
func decode(_ text: String, registry: Registry = .builtIn) throws -> Decoder.Result {
  let document = try JSONDocument(parsing: Array(text.utf8))
  return Decoder(registry: registry).decode(document)
}

@Suite struct DecoderTests {
  @Test("a screen decodes into a tree keeping ids, properties in source order, children and events")
  func tree() throws {
    let result = try decode(
      """
      {"_beagleComponent_": "beagle:screenComponent", "identifier": "home",
       "navigationBar": {"title": "Home", "navigationBarItems": [
         {"text": "Cart", "action": {"_beagleAction_": "beagle:popView"}}]},
       "context": {"id": "user", "value": {"name": "@{not.evaluated}"}},
       "child": {"_beagleComponent_": "beagle:container", "children": [
         {"_beagleComponent_": "beagle:text", "id": "t", "text": "Hi @{user.name}", "alignment": "CENTER"},
         {"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [
           {"_beagleAction_": "beagle:sendRequest", "url": "/x",
            "onSuccess": [{"_beagleAction_": "beagle:condition", "condition": true,
              "onTrue": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/y"}}]}]}]}
       ]}}
      """)
    #expect(result.diagnostics == [])
    let screen = try #require(result.root)
    #expect(screen.typeName == "beagle:screenComponent")
    #expect(screen.properties["identifier"] == "home")
    #expect(screen.navigationBar?.title == "Home")
    #expect(screen.navigationBar?.showsBackButton == true)
    #expect(screen.navigationBar?.items.first?.actions.first?.typeName == "beagle:popView")
    #expect(screen.context?.id == "user")
    #expect(screen.context?.value == ["name": "@{not.evaluated}"])
    let container = try #require(screen.children.first)
    #expect(container.slot == "child")
    #expect(container.location.pointer.description == "/child")
    let text = container.children[0]
    #expect(text.id == "t")
    #expect(text.properties.keys == ["text", "alignment"])
    #expect(text.properties["text"] == "Hi @{user.name}")
    #expect(text.location.pointer.description == "/child/children/0")
    let button = container.children[1]
    let request = try #require(button.event("onPress")?.actions.first)
    #expect(request.typeName == "beagle:sendRequest")
    let condition = try #require(request.event("onSuccess")?.actions.first)
    #expect(condition.event("onTrue")?.actions.first?.shortName == "pushView")
    #expect(
      condition.event("onTrue")?.actions.first?.location.pointer.description
        == "/child/children/1/onPress/0/onSuccess/0/onTrue/0")
  }

  @Test("type names match case-insensitively, as on every Beagle platform")
  func caseInsensitive() throws {
    let result = try decode(
      #"{"_beagleComponent_": "BEAGLE:TEXT", "text": "x", "onPress": null}"#)
    #expect(result.diagnostics.filter { $0.severity == .error } == [])
    #expect(result.root?.typeName == "beagle:text")
    #expect(result.root?.type == "BEAGLE:TEXT")
  }

  @Test(
    "problems iOS rejects are errors, with the pointer of the value",
    arguments: [
      (
        #"{"_beagleComponent_": "beagle:text"}"#, "missing required field 'text' of 'beagle:text'",
        ""
      ),
      (
        #"{"_beagleComponent_": "beagle:text", "text": 42}"#,
        "field 'text' must be a string or an expression, found an integer", "/text"
      ),
      (
        #"{"_beagleComponent_": "beagle:button", "text": "a", "enabled": "true"}"#,
        "field 'enabled' must be a boolean or an expression, found the string 'true'", "/enabled"
      ),
      (
        #"{"_beagleComponent_": "beagle:textInput", "type": "email"}"#,
        "invalid value 'email' for 'type'; expected one of 'DATE', 'EMAIL', 'PASSWORD', 'NUMBER', 'TEXT'",
        "/type"
      ),
      (
        #"{"_beagleComponent_": "beagle:button", "text": "a", "onPress": {"_beagleAction_": "beagle:popView"}}"#,
        "field 'onPress' must be an array of actions, found a single action", "/onPress"
      ),
      (
        #"{"_beagleComponent_": "beagle:container", "children": [{"text": "x"}]}"#,
        "expected a component (an object with '_beagleComponent_'), found an object without '_beagleComponent_'",
        "/children/0"
      ),
      (
        #"{"_beagleComponent_": "beagle:container", "children": {"_beagleComponent_": "beagle:text", "text": "a"}}"#,
        "field 'children' must be an array, found an object", "/children"
      ),
      (
        #"{"_beagleComponent_": "container"}"#,
        "type 'container' has no namespace; did you mean 'beagle:container'?", "/_beagleComponent_"
      ),
      (
        #"{"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "REMOTE", "url": "u"}}"#,
        "invalid value 'REMOTE' for '_beagleImagePath_'; expected one of 'local', 'remote'",
        "/path/_beagleImagePath_"
      ),
      (
        #"{"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local"}}"#,
        "missing required field 'mobileId' of 'local image path'", "/path"
      ),
      (
        #"{"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": 3}}"#,
        "field 'url' must be a string, found an integer", "/path/url"
      ),
      (
        #"{"_beagleComponent_": "beagle:image", "path": {"url": "u"}}"#,
        "missing required field '_beagleImagePath_' of 'image path'", "/path"
      ),
      (
        #"{"_beagleComponent_": "beagle:container", "context": {"id": "c"}}"#,
        "missing required field 'value' of 'context'", "/context"
      ),
      (
        #"{"_beagleComponent_": "beagle:listView", "templates": [{"view": {"_beagleComponent_": "beagle:text", "text": "a"}}]}"#,
        "missing required field 'dataSource' of 'beagle:listView'", ""
      ),
      (
        #"{"_beagleComponent_": "beagle:gridView", "dataSource": [], "templates": []}"#,
        "missing required field 'spanCount' of 'beagle:gridView'", ""
      ),
      (
        #"{"_beagleComponent_": "beagle:button", "text": "a", "onPress": [{"_beagleAction_": "beagle:pushView", "route": "/x"}]}"#,
        #"field 'route' must be a route object, found the string '/x'; write {"url": …} or {"screen": …}"#,
        "/onPress/0/route"
      ),
      (
        #"{"_beagleComponent_": "beagle:button", "text": "a", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"shouldPrefetch": true}}]}"#,
        "missing required field 'url' of 'route (a remote route needs 'url')'", "/onPress/0/route"
      ),
      (
        #"{"_beagleComponent_": "beagle:button", "text": "a", "onPress": [{"_beagleAction_": "beagle:openNativeRoute", "route": "x"}]}"#,
        "missing required field 'shouldResetApplication' of 'beagle:openNativeRoute'", "/onPress/0"
      ),
      (
        #"{"_beagleComponent_": "beagle:button", "text": "a", "onPress": [{"_beagleAction_": "beagle:alert", "message": "m", "onPressOk": [{"_beagleAction_": "beagle:popView"}]}]}"#,
        "field 'onPressOk' must be an action, found an array", "/onPress/0/onPressOk"
      ),
      (
        #"{"_beagleComponent_": "beagle:button", "text": "a", "onPress": [{"url": "/x"}]}"#,
        "expected an action (an object with '_beagleAction_'), found an object without '_beagleAction_'",
        "/onPress/0"
      ),
      (
        #"{"_beagleComponent_": "beagle:button", "text": "a", "onPress": [{"_beagleAction_": "beagle:condition", "condition": "yes"}]}"#,
        "field 'condition' must be a boolean or an expression, found the string 'yes'",
        "/onPress/0/condition"
      ),
      (
        #"{"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:text", "text": "a"}, "navigationBar": {"title": "t", "navigationBarItems": [{"text": "x"}]}}"#,
        "missing required field 'action' of 'navigationBarItem'",
        "/navigationBar/navigationBarItems/0"
      ),
      (
        #"{"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:text", "text": "a"}, "navigationBar": {"title": "t", "navigationBarItems": [{"text": "x", "image": {"_beagleImagePath_": "local"}, "action": {"_beagleAction_": "beagle:popView"}}]}}"#,
        "missing required field 'mobileId' of 'local image path'",
        "/navigationBar/navigationBarItems/0/image"
      ),
    ] as [(String, String, String)])
  func errors(text: String, message: String, pointer: String) throws {
    let result = try decode(text)
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.message) == [message])
    #expect(errors.first?.pointer?.description == pointer)
  }

  @Test(
    "problems iOS survives are warnings",
    arguments: [
      (
        #"{"_beagleComponent_": "beagle:txt", "text": "a"}"#,
        "unknown component 'beagle:txt'; did you mean 'beagle:text'?"
      ),
      (
        #"{"_beagleComponent_": "custom:chart", "data": [1, 2]}"#,
        "unknown component 'custom:chart'"
      ),
      (
        #"{"_beagleComponent_": "beagle:button", "text": "a", "onPress": [{"_beagleAction_": "beagle:sendRequst", "url": "/"}]}"#,
        "unknown action 'beagle:sendRequst'; did you mean 'beagle:sendRequest'?"
      ),
      (
        #"{"_beagleComponent_": "beagle:container", "children": [{"_beagleAction_": "beagle:popView"}]}"#,
        "action 'beagle:popView' stands where a component is expected"
      ),
      (
        #"{"_beagleComponent_": "beagle:form", "child": {"_beagleComponent_": "beagle:text", "text": "a"}}"#,
        "'beagle:form' is deprecated; use 'beagle:simpleForm'"
      ),
      (
        #"{"_beagleComponent_": "beagle:screenComponent", "identifier": "a", "id": "b", "child": {"_beagleComponent_": "beagle:text", "text": "a"}}"#,
        "both 'identifier' and 'id' are present; 'identifier' is used"
      ),
    ] as [(String, String)])
  func warnings(text: String, message: String) throws {
    let result = try decode(text)
    #expect(result.diagnostics.map(\.message) == [message])
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test("an unknown component is a placeholder whose children are not decoded")
  func unknownPlaceholder() throws {
    let result = try decode(
      #"{"_beagleComponent_": "custom:x", "id": "a", "child": {"_beagleComponent_": "beagle:nope"}}"#
    )
    let node = try #require(result.root)
    #expect(!node.isKnown)
    #expect(node.id == "a")
    #expect(node.children.isEmpty)
    #expect(node.properties["child"]?["_beagleComponent_"] == "beagle:nope")
    #expect(result.diagnostics.count == 1)
  }

  @Test("expressions are accepted wherever a field takes them, and kept as written")
  func expressions() throws {
    let result = try decode(
      #"{"_beagleComponent_": "beagle:textInput", "enabled": "@{form.ok}", "type": "@{kind}", "value": "@{v}"}"#
    )
    #expect(result.diagnostics == [])
    #expect(result.root?.properties["enabled"] == "@{form.ok}")
  }

  @Test("local route screens and fallbacks are decoded with the action, screen type optional")
  func routeScreens() throws {
    let result = try decode(
      """
      {"_beagleComponent_": "beagle:button", "text": "a", "onPress": [
        {"_beagleAction_": "beagle:pushView", "route": {"screen": {"identifier": "s",
          "child": {"_beagleComponent_": "beagle:text", "text": "x"}}}},
        {"_beagleAction_": "beagle:pushView", "route": {"url": "/r", "fallback": {
          "_beagleComponent_": "beagle:screenComponent",
          "child": {"_beagleComponent_": "beagle:text"}}}}]}
      """)
    let actions = try #require(result.root?.event("onPress")?.actions)
    #expect(actions[0].screens["route.screen"]?.properties["identifier"] == "s")
    #expect(actions[1].screens["route.fallback"]?.children.first?.typeName == "beagle:text")
    #expect(result.diagnostics.map(\.message) == ["missing required field 'text' of 'beagle:text'"])
    #expect(result.diagnostics.first?.pointer?.description == "/onPress/1/route/fallback/child")
  }

  @Test("a repeated key keeps the last value")
  func duplicateKey() throws {
    let result = try decode(#"{"_beagleComponent_": "beagle:text", "text": 1, "text": "ok"}"#)
    #expect(result.diagnostics == [])
    #expect(result.root?.properties["text"] == "ok")
  }

  @Test(
    "a root that is not an object is an error, not a crash",
    arguments: ["[]", "1", "null", #""x""#])
  func notAnObject(text: String) throws {
    let result = try decode(text)
    #expect(result.root == nil)
    #expect(result.diagnostics.first?.message.hasPrefix("expected a component") == true)
  }

  @Test("components nested 99 levels decode; deeper ones are a located error, not a crash")
  func deepTree() throws {
    func nested(_ levels: Int) -> String {
      var text = #"{"_beagleComponent_": "beagle:text", "text": "leaf"}"#
      for _ in 0..<levels {
        text = #"{"_beagleComponent_": "beagle:container", "children": ["# + text + "]}"
      }
      return text
    }
    let fits = try decode(nested(99))
    #expect(fits.diagnostics == [])
    let deep = try decode(nested(250))
    #expect(
      deep.diagnostics.map(\.message) == [
        "components and actions are nested more than 100 levels deep; this one and what it holds are not decoded"
      ])
    #expect(deep.diagnostics.first?.pointer?.tokens.count == 200)
  }

  @Test("actions nested deeper than the limit are a located error, not a crash")
  func deepActions() throws {
    var action = #"{"_beagleAction_": "beagle:popView"}"#
    for _ in 0..<300 {
      action = #"{"_beagleAction_": "beagle:alert", "message": "m", "onPressOk": "# + action + "}"
    }
    let result = try decode(
      #"{"_beagleComponent_": "beagle:button", "text": "go", "onPress": ["# + action + "]}")
    #expect(result.diagnostics.map(\.severity) == [.error])
  }

  @Test("error offsets point at the offending value")
  func offsets() throws {
    let text = #"{"_beagleComponent_": "beagle:text", "text": 42}"#
    let result = try decode(text)
    #expect(result.diagnostics.first?.offset == 45)
  }
}
