import BeagleJSON
import Testing

@testable import BeagleRuntime

/// Rendering reads a decoded component's properties in their document: only the
/// members that may hold a template are read and evaluated, and those that change
/// replace just themselves. The screen must render exactly as it does from the same
/// properties materialised (docs/spec.md §4, §5: what a binding gives).
@Suite struct SourceBackedEvaluationTests {
  static let payload = #"""
    {"_beagleComponent_": "beagle:container",
     "context": {"id": "user", "value": {"name": "Ana", "show": "NONE", "age": 30}},
     "style": {"backgroundColor": "#fff", "margin": {"all": {"value": 2, "type": "REAL"}}},
     "children": [
      {"_beagleComponent_": "beagle:text", "text": "Hi @{user.name}", "alignment": "CENTER",
       "style": {"display": "@{user.show}", "flex": {"grow": 1}}},
      {"_beagleComponent_": "beagle:text", "text": "\u0040{user.name}"},
      {"_beagleComponent_": "beagle:text", "text": "a\\\\b", "textColor": "#000"},
      {"_beagleComponent_": "beagle:image",
       "path": {"_beagleImagePath_": "remote", "url": "@{user.name}.png"}, "mode": "FIT_XY"},
      {"_beagleComponent_": "beagle:button", "text": "Go", "enabled": "@{user.name}"},
      {"_beagleComponent_": "beagle:text", "text": "plain", "alignment": "LEFT"}]}
    """#

  func render(_ root: ComponentNode) -> ComponentNode {
    ScreenEvaluator().evaluate(Screen(route: "/", root: root), global: .null)
  }

  /// `node` with every component's properties materialised (not in a document).
  func materialised(_ node: ComponentNode) -> ComponentNode {
    var copy = node
    copy.properties = LazyJSONObject(node.properties.object)
    copy.children = node.children.map(materialised)
    return copy
  }

  func texts(_ rendered: ComponentNode) -> [JSONObject] {
    rendered.children.first?.children.map(\.properties.object) ?? []
  }

  @Test("bindings in members, nested members and escapes evaluate as Beagle's")
  func bindingsEvaluate() throws {
    let root = try #require(try decode(Self.payload).root)
    let children = texts(render(root))
    try #require(children.count == 6)
    // The text's binding; the style's display, a member of a member (docs/spec.md §2.1).
    #expect(children[0]["text"] == "Hi Ana")
    #expect(children[0]["alignment"] == "CENTER")
    #expect(children[0]["style"] == ["display": "NONE", "flex": ["grow": 1]])
    // JSON escapes are read before Beagle looks for `@{`: `\u0040{` is a binding.
    #expect(children[1]["text"] == "Ana")
    // A plain text in an expression field has its escapes collapsed (`\\` → `\`).
    #expect(children[2]["text"] == "a\\b")
    #expect(children[2]["textColor"] == "#000")
    // An image path is evaluated deeply: the binding inside the object is.
    #expect(children[3]["path"] == ["_beagleImagePath_": "remote", "url": "Ana.png"])
    // A binding whose value is not the field's type leaves the field absent (iOS
    // fails to decode `Expression<Bool>` from a text).
    #expect(children[4]["enabled"] == nil)
    #expect(children[4].keys == ["text"])
    #expect(children[5] == ["text": "plain", "alignment": "LEFT"])
  }

  @Test("properties in the document render as the same properties materialised")
  func sameAsMaterialised() throws {
    let root = try #require(try decode(Self.payload).root)
    let fromDocument = render(root)
    let fromValues = render(materialised(root))
    #expect(fromDocument == fromValues)
    #expect(texts(fromDocument) == texts(fromValues))
    for (lazy, object) in zip(fromDocument.children[0].children, fromValues.children[0].children) {
      #expect(lazy.properties.object == object.properties.object)
      #expect(lazy.properties.keys == object.properties.keys)
      #expect(lazy.properties.count == object.properties.count)
    }
  }

  @Test("members without bindings stay in the document; evaluated ones replace themselves")
  func unchangedMembersStay() throws {
    let root = try #require(try decode(Self.payload).root)
    let rendered = render(root).children[0]
    // Nothing to evaluate: the rendered component keeps its properties in the document.
    #expect(rendered.properties.source != nil)
    #expect(rendered.children[5].properties.source != nil)
    // The first text: `text` and `style` evaluated, `alignment` still in the document.
    var stored: [String: Bool] = [:]
    rendered.children[0].properties.forEachStoredMember { key, value in
      if case .document = value { stored[key] = true } else { stored[key] = false }
    }
    #expect(stored == ["text": false, "alignment": true, "style": false])
    // The button's `enabled` was removed: only `text` is left, still in the document.
    var buttonKeys: [String] = []
    rendered.children[4].properties.forEachStoredMember { key, value in
      if case .document(let node) = value, node.stringValue == "Go" { buttonKeys.append(key) }
    }
    #expect(buttonKeys == ["text"])
  }

  /// Whether any component of `node`'s tree keeps its properties materialised in its
  /// document storage.
  func keepsMaterialised(_ node: ComponentNode) -> Bool {
    node.properties.keepsMaterialisedObject || node.children.contains(where: keepsMaterialised)
  }

  @Test("explaining reads each member as held: every binding, and no object kept materialised")
  func explainKeepsNothing() throws {
    let root = try #require(try decode(Self.payload).root)
    let screen = Screen(route: "/", root: root)
    var handed: [ScreenEvaluator.BindingExplanation] = []
    ScreenEvaluator().explain(screen, global: .null) { handed.append($0) }
    // Every binding of a field that takes expressions, in tree order, as the whole list
    // gives them: a member, `style.display` (which rendering evaluates), an escaped `@{`,
    // an object's member and a boolean field given a text (absent).
    #expect(
      handed.map(\.pointer.description) == [
        "/children/0/text", "/children/0/style/display", "/children/1/text",
        "/children/3/path/url", "/children/4/enabled",
      ])
    #expect(handed.map(\.result) == ["Hi Ana", "NONE", "Ana", "Ana.png", nil])
    #expect(handed == ScreenEvaluator().explain(screen, global: .null))
    // Members read one at a time: the screen keeps no materialised copy of its
    // components' properties (a 10 MB screen's were 26 MB at `--explain`'s peak).
    let keeps = keepsMaterialised(root)
    #expect(!keeps)
    _ = root.children[0].properties.object
    let keepsNow = keepsMaterialised(root)
    #expect(keepsNow)
  }
}
