import BeagleJSON
import BeagleRuntime
import Testing

@testable import BeagleRendering

@Suite struct TextRendererTests {
  func state(_ text: String) throws -> RunState {
    let root = try #require(try decode(text).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    return session.initialState(log: [])
  }

  @Test("the outline shows types, ids, texts, image sources and event summaries")
  func outline() throws {
    let rendered = TextRenderer().render(
      try state(
        """
        {"_beagleComponent_": "beagle:container", "id": "main", "context": {"id": "c", "value": 1},
         "children": [
          {"_beagleComponent_": "beagle:text", "text": "Hello"},
          {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local", "mobileId": "logo"}},
          {"_beagleComponent_": "beagle:button", "id": "b", "text": "Cart", "onPress": [
            {"_beagleAction_": "beagle:pushView", "route": {"url": "/cart"}},
            {"_beagleAction_": "beagle:setContext", "contextId": "c", "path": "a[0]", "value": {"x": 1}}]}
        ]}
        """))
    #expect(
      rendered == """
        step 0 · load /
        stacks
          1. / "/"
        screen
          screenComponent
            container #main
              text "Hello"
              image local logo
              button #b "Cart"
                onPress → pushView /cart
                        → setContext c.a[0] = {"x":1}
        contexts
          c = 1  (at /)
          global = null
        analytics: {"type":"screen","platform":"ios","screen":"/"}

        """)
  }

  /// A list's items are stamped from one template and share its action lists (rendering
  /// leaves actions as written, spec §2.8): each item still shows its own events, in the
  /// text and in the JSON state, though the renderers summarise a shared list once.
  @Test("every item of a list shows the events of its template")
  func itemsShowSharedEvents() throws {
    let state = try state(
      """
      {"_beagleComponent_": "beagle:container", "children": [
       {"_beagleComponent_": "beagle:listView", "dataSource": [1, 2], "templates": [
         {"view": {"_beagleComponent_": "beagle:button", "text": "Buy @{item}", "onPress": [
           {"_beagleAction_": "beagle:pushView", "route": {"url": "/cart"}}]}}]}]}
      """)
    let rendered = TextRenderer().render(state)
    #expect(
      rendered.contains(
        """
              listView dataSource [2 items]
                button "Buy 1"
                  onPress → pushView /cart
                button "Buy 2"
                  onPress → pushView /cart

        """))
    let json = try #require(JSONStateRenderer().value(of: state)["screen"])
    let container = try #require(json["children"]?[0])
    let items = try #require(container["children"]?[0]?["children"]?.arrayValue)
    #expect(items.count == 2)
    for item in items {
      #expect(
        item["events"] == ["onPress": [["action": "beagle:pushView", "summary": "pushView /cart"]]])
    }
    var streamed = ""
    JSONStateRenderer().write(state) { streamed += $0 }
    #expect(streamed == JSONStateRenderer().render(state) + "\n")
  }

  /// `node` and every component under it with their properties materialised (as
  /// evaluating bindings leaves the components that hold one).
  func materialised(_ node: ComponentNode) -> ComponentNode {
    var copy = node
    copy.properties = LazyJSONObject(node.properties.object)
    copy.children = node.children.map(materialised)
    copy.templates = node.templates.map { template in
      var template = template
      template.view = materialised(template.view)
      return template
    }
    return copy
  }

  /// The outline reads each component's fields as its properties hold them: still in
  /// the document (their bytes copied), replaced by an evaluated binding, or
  /// materialised. All must print the same line.
  @Test("a component's line read in its document is the line of its materialised properties")
  func summaryInPlaceEqualsMaterialised() throws {
    let state = try state(
      #"""
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": "ctx"},
       "style": {"display": "FLEX"}, "children": [
        {"_beagleComponent_": "beagle:text", "text": "Olá\n\u001b[31m \"x\" \u0085 caf\u00e9"},
        {"_beagleComponent_": "beagle:text", "text": "@{c}!", "style": {"display": "NONE"}},
        {"_beagleComponent_": "beagle:text", "text": "hidden", "style": {"display": "NO\u004eE"}},
        {"_beagleComponent_": "beagle:button", "text": "off", "enabled": false},
        {"_beagleComponent_": "beagle:button", "text": "on", "enabled": true},
        {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "https://x/a\tb.png"}},
        {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local", "mobileId": "logo"}},
        {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "/@{c}.png"}},
        {"_beagleComponent_": "beagle:image"},
        {"_beagleComponent_": "beagle:textInput", "placeholder": "Nome", "value": "", "type": "TEXT"},
        {"_beagleComponent_": "beagle:webView", "url": "https://example.com/é"},
        {"_beagleComponent_": "custom:thing", "label": "L\u0007", "count": 3, "on": true, "none": null, "list": [1], "obj": {}}
      ]}
      """#)
    let screen = try #require(state.screen)
    var whole = state
    whole.screen = materialised(screen)
    let inPlace = TextRenderer().render(state)
    #expect(inPlace == TextRenderer().render(whole))
    // What the lines say: escapes as `String.escapingControlCharacters()` writes them.
    let expected = [
      #"      text "Olá\n\u{1B}[31m "x" \u{85} café""#,
      #"      text "ctx!" (hidden)"#,
      #"      text "hidden" (hidden)"#,
      #"      button "off" (disabled)"#,
      #"      button "on""#,
      #"      image remote https://x/a\tb.png"#,
      #"      image local logo"#,
      #"      image remote /ctx.png"#,
      #"      image (no path)"#,
      #"      textInput placeholder "Nome" value "" type TEXT"#,
      #"      webView https://example.com/é"#,
      #"      custom:thing (unknown component) label="L\u0007" count=3 on=true none=null"#,
    ]
    for line in expected { #expect(inPlace.contains(line + "\n"), "\(line)") }
  }

  @Test("a non-screen root is wrapped in an implicit screen without a navigation bar (spec §1.1)")
  func implicitScreen() throws {
    let state = try state(#"{"_beagleComponent_": "beagle:text", "text": "a"}"#)
    #expect(state.topScreen?.isImplicit == true)
    #expect(state.navigationBar == nil)
    #expect(state.screen?.children.first?.typeName == "beagle:text")
  }

  @Test("the JSON state has DESIGN.md's fields in order")
  func jsonFields() throws {
    let value = JSONStateRenderer().value(
      of: try state(#"{"_beagleComponent_": "beagle:text", "text": "a"}"#))
    #expect(
      value.objectValue?.keys == [
        "step", "event", "actions", "navigation", "navigationBar", "screen", "contexts", "dialog",
        "requests", "externalURLs", "analytics", "log",
      ])
    #expect(value["navigation"]?["stacks"] == [[["route": "/", "title": "/"]]])
    #expect(value["contexts"] == [["id": "global", "value": .null, "at": .null]])
  }

  @Test("a node without _beagleComponent_ is named by what it lacks, not by an empty type")
  func missingType() throws {
    let state = try state(
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"text": "a"},
        {"_beagleComponent_": "custom:chart"}
      ]}
      """)
    let screen = try #require(state.screen)
    let children = try #require(screen.children.first?.children)
    #expect(
      children.map { TextRenderer.typeLabel(of: $0) } == [
        "(no _beagleComponent_)", "custom:chart (unknown component)",
      ])
    #expect(TextRenderer().render(state).contains("\n      (no _beagleComponent_) text=\"a\"\n"))
  }
}
