import Foundation
import Testing

@testable import BeagleJSON
@testable import BeagleRuntime

/// How decoded nodes store their type and location (``NodeType``, ``SourceLocation``):
/// shared and narrowed, they must read exactly as the plain fields they replaced.
@Suite struct NodeStorageTests {
  @Test("nodes spelling a type the same way share one type; each reads its own spelling")
  func sharedTypes() throws {
    let root = try #require(
      try decode(
        """
        {"_beagleComponent_": "beagle:container", "children": [
          {"_beagleComponent_": "beagle:text", "text": "a"},
          {"_beagleComponent_": "beagle:text", "text": "b"},
          {"_beagleComponent_": "BEAGLE:TEXT", "text": "c"},
          {"_beagleComponent_": "custom:card"},
          {"_beagleComponent_": "custom:card"},
          {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
            {"_beagleAction_": "beagle:alert", "message": "1"},
            {"_beagleAction_": "beagle:alert", "message": "2"}]}]}
        """
      ).root)
    let nodes = root.children
    #expect(
      nodes.map(\.type) == [
        "beagle:text", "beagle:text", "BEAGLE:TEXT", "custom:card", "custom:card", "beagle:button",
      ])
    #expect(nodes[0].nodeType === nodes[1].nodeType)
    #expect(nodes[3].nodeType === nodes[4].nodeType)
    #expect(nodes[0].nodeType !== nodes[2].nodeType)
    // The registry matches names case-insensitively (TypeDefinition.name).
    #expect(nodes[2].definition?.name == "beagle:text")
    #expect(nodes[2].typeName == "beagle:text")
    #expect(nodes[3].definition == nil && !nodes[3].isKnown && nodes[3].typeName == "custom:card")
    let actions = try #require(nodes[5].event("onPress")).actions
    #expect(actions.map(\.type) == ["beagle:alert", "beagle:alert"])
    #expect(actions[0].nodeType === actions[1].nodeType)
    #expect(actions[0].builtIn == .alert)
  }

  @Test("a node built from its parts reads each back; rendered, it shares the others")
  func builtFromParts() {
    let at = { (token: String) in SourceLocation(pointer: JSONPointer([token]), offset: 7) }
    let context = ContextDeclaration(id: "c", value: ["n": 1], location: at("context"))
    let bar = NavigationBar(
      title: "T", showsBackButton: true, items: [], properties: [:], location: at("bar"))
    let child = ComponentNode(type: "beagle:text", definition: nil, location: at("child"))
    let template = Template(condition: true, view: child, location: at("templates"))
    let handler = EventHandler(name: "onInit", actions: [], location: at("onInit"))
    let node = ComponentNode(
      type: "custom:card", definition: nil, id: "card", properties: ["a": 1],
      children: [child], events: [handler], context: context, templates: [template],
      navigationBar: bar, slot: "child", location: at("node"))
    #expect(node.type == "custom:card" && node.definition == nil && node.id == "card")
    #expect(node.properties["a"] == 1)
    #expect(node.children == [child] && node.events == [handler])
    #expect(node.context == context && node.navigationBar == bar)
    #expect(node.templates == [template] && node.slot == "child" && node.location == at("node"))
    for keepsTemplates in [false, true] {
      let rendered = withUnsafePointer(to: node) { source in
        ComponentNode(
          rendering: source, id: "card:0", properties: ["a": 2], children: [],
          keepsTemplates: keepsTemplates, location: at("rendered"))
      }
      #expect(rendered.nodeType === node.nodeType && rendered.id == "card:0")
      #expect(rendered.properties["a"] == 2 && rendered.children.isEmpty)
      #expect(rendered.events == [handler] && rendered.context == context)
      #expect(rendered.navigationBar == bar)
      #expect(rendered.templates == (keepsTemplates ? [template] : []))
      #expect(rendered.slot == "child" && rendered.location == at("rendered"))
    }
    // The source's templates alone: dropped, nothing is left out of line.
    let list = ComponentNode(
      type: "beagle:listView", definition: nil, templates: [template], slot: "children",
      location: at("list"))
    let items = withUnsafePointer(to: list) { source in
      ComponentNode(
        rendering: source, id: nil, properties: [:], children: [], keepsTemplates: false,
        location: at("list"))
    }
    #expect(items.extras == nil && items.templates.isEmpty && items.slot == "children")
  }

  @Test(
    "a slot reads back as set, common or not, and equal nodes store the same fields",
    arguments: [
      "", "child", "children", "items", "template", "templates", "tabBar", "route.screen",
    ])
  func slots(slot: String) {
    let location = SourceLocation(pointer: JSONPointer(["s"]), offset: 1)
    let plain = ComponentNode(type: "beagle:text", definition: nil, location: location)
    var node = plain
    node.slot = slot
    #expect(node.slot == slot)
    #expect((node.slot == "") == (node == plain))
    let built = ComponentNode(type: "beagle:text", definition: nil, slot: slot, location: location)
    #expect(built == node && built.slot == slot)
    // A common slot takes no box; another does, until the node is back in a common one.
    #expect((node.extras == nil) == (ComponentNode.Slot(slot) != nil))
    node.slot = "child"
    #expect(node.slot == "child" && node.extras == nil)
    node.slot = ""
    #expect(node == plain)
  }

  @Test("the fields few nodes have are set and cleared one by one, out of line")
  func extras() throws {
    let at = { (token: String) in SourceLocation(pointer: JSONPointer([token]), offset: 7) }
    let plain = ComponentNode(type: "beagle:container", definition: nil, location: at("n"))
    let context = ContextDeclaration(id: "c", value: 1, location: at("context"))
    let bar = NavigationBar(
      title: "T", showsBackButton: false, items: [], properties: [:], location: at("bar"))
    let template = Template(condition: nil, view: plain, location: at("templates"))
    var node = plain
    node.context = context
    node.navigationBar = bar
    node.templates = [template]
    node.slot = "custom"
    let copy = node
    #expect(node.context == context && node.navigationBar == bar)
    #expect(node.templates == [template] && node.slot == "custom")
    node.context = nil
    // A copy keeps what it had: boxes are replaced, not changed.
    #expect(node.context == nil && copy.context == context && node.navigationBar == bar)
    node.navigationBar = nil
    node.templates = []
    #expect(node.extras != nil && node.slot == "custom")
    node.slot = "child"
    #expect(node.extras == nil && node.slot == "child")
    node.slot = ""
    #expect(node == plain && copy != plain)
    // Setting the slot a node has keeps its box: a rendered list item's is set to
    // `items` whatever its template's was.
    var boxed = copy
    let box = try #require(boxed.extras)
    boxed.slot = "custom"
    #expect(boxed.extras === box && boxed == copy)
    boxed.slot = "items"
    #expect(boxed.extras !== box && boxed.slot == "items" && boxed.context == context)
    let itemBox = try #require(boxed.extras)
    boxed.slot = "items"
    #expect(boxed.extras === itemBox)
  }

  @Test("a node is ten words, an action six: rare fields out of line, objects one word")
  func nodeSizes() {
    // Every decoded and every rendered component is one; 34 256 of them in the 10 MB
    // benchmark screen (54 259 rendered), and 17 230 actions. A patched object is one
    // reference too (its source and patches in one allocation): with a source and an
    // array it was two words, and a node 88 bytes.
    #expect(MemoryLayout<LazyJSONObject>.size == 8)
    #expect(MemoryLayout<ComponentNode>.stride == 80)
    #expect(MemoryLayout<ActionNode>.stride == 48)
  }

  @Test("a style checked without a problem keeps no pointers; one with a problem says where")
  func structurePointers() throws {
    let text = { (style: String) in
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:text", "text": "a", "style": \(style)},
        {"_beagleComponent_": "beagle:button", "text": "b", "onPress": []}]}
      """
    }
    let plain = try decodedArena(text(#"{"backgroundColor": "red"}"#))
    let nested = try decodedArena(
      text(#"{"padding": {"all": {"value": 2, "type": "REAL"}}, "flex": {"grow": 1}}"#))
    // As many entries as with a style of plain data alone: the nested ones were dropped.
    #expect(nested.entries == plain.entries)
    #expect(nested.result.diagnostics.isEmpty)
    // The nodes after the style have their own pointers, read as written.
    let children = try #require(nested.result.root).children
    #expect(children.map(\.location.pointer.description) == ["/children/0", "/children/1"])
    #expect(children[1].events.map(\.location.pointer.description) == ["/children/1/onPress"])
    // A problem inside keeps the pointers it needs, and says where it is.
    let wrong = try decodedArena(text(#"{"padding": {"all": {"value": "2", "type": "REAL"}}}"#))
    #expect(
      wrong.result.diagnostics.map { $0.pointer?.description }
        == ["/children/0/style/padding/all/value"])
    #expect(wrong.entries > plain.entries)
    #expect(
      try #require(wrong.result.root).children.map(\.location.pointer.description)
        == ["/children/0", "/children/1"])
  }

  /// Decodes `text` and counts the entries its arena kept (the pointer of its root's
  /// first child holds the arena).
  private func decodedArena(_ text: String) throws -> (result: Decoder.Result, entries: Int) {
    let result = try decode(text)
    let root = try #require(result.root)
    let arena = try #require(root.children.first?.location.pointer.storage as? JSONPointerArena)
    return (result, arena.entryCount)
  }

  @Test("an action's screens and components read back as decoded, set and cleared")
  func actionNested() throws {
    let root = try #require(
      try decode(
        """
        {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
          {"_beagleAction_": "beagle:pushView", "route": {"screen":
            {"_beagleComponent_": "beagle:screenComponent", "identifier": "s",
             "child": {"_beagleComponent_": "beagle:text", "text": "t"}}}},
          {"_beagleAction_": "beagle:addChildren", "componentId": "c", "value": [
            {"_beagleComponent_": "beagle:text", "text": "a"}]},
          {"_beagleAction_": "beagle:alert", "message": "m"}]}
        """
      ).root)
    let actions = try #require(root.event("onPress")).actions
    #expect(actions.count == 3)
    #expect(actions[0].screens.keys.sorted() == ["route.screen"] && actions[0].components == [])
    #expect(actions[0].screens["route.screen"]?.children.first?.properties["text"] == "t")
    #expect(actions[1].screens.isEmpty && actions[1].components.map(\.type) == ["beagle:text"])
    #expect(actions[2].nested == nil && actions[2].screens.isEmpty)
    var changed = actions[1]
    changed.components = []
    // Nothing left out of line: equal to an action built without them.
    #expect(changed.nested == nil && changed != actions[1])
    #expect(
      changed
        == ActionNode(
          type: actions[1].type, definition: actions[1].definition, fields: actions[1].fields,
          location: actions[1].location))
    changed.screens = actions[0].screens
    #expect(changed.screens == actions[0].screens && changed.components.isEmpty)
    #expect(actions[1].components.count == 1)
  }

  @Test("an object made in memory reads, compares and changes as its JSONObject does")
  func materialisedObjects() {
    let empty = LazyJSONObject()
    #expect(empty.isEmpty && empty == LazyJSONObject(JSONObject()) && empty.object == [:])
    var object = LazyJSONObject(["a": 1, "b": ["c": true]])
    let copy = object
    #expect(object.count == 2 && object.keys == ["a", "b"] && object["b"]?["c"] == true)
    #expect(object.value(forKey: "b", member: "c") == true && object.position(of: "b") == 1)
    object["a"] = nil
    object["d"] = "x"
    #expect(object.object == ["b": ["c": true], "d": "x"])
    #expect(copy.object == ["a": 1, "b": ["c": true]])
    var emptied = empty
    emptied["k"] = 2
    #expect(emptied == LazyJSONObject(["k": 2]) && empty.isEmpty)
  }

  @Test("setting a node's type or definition changes that node alone")
  func settingType() throws {
    let root = try #require(
      try decode(#"{"_beagleComponent_": "beagle:text", "text": "a"}"#).root)
    var renamed = root
    renamed.type = "Beagle:Text"
    #expect(root.type == "beagle:text")
    #expect(renamed.type == "Beagle:Text")
    #expect(renamed.definition == root.definition)
    #expect(renamed != root)
    var unknown = root
    unknown.definition = nil
    #expect(unknown.type == "beagle:text" && !unknown.isKnown && root.isKnown)
    renamed.type = "beagle:text"
    #expect(renamed == root)
  }

  @Test(
    "an offset a 32-bit location holds reads back as set",
    arguments: [0, 1, 4096, 256 << 20, Int(UInt32.max) - 1])
  func offsetsKept(offset: Int) {
    let location = SourceLocation(pointer: JSONPointer(["child"]), offset: offset)
    #expect(location.offset == offset)
    #expect(location.hasPosition)
  }

  @Test(
    "an offset outside a file's reads as unknown",
    arguments: [SourceLocation.unknownOffset, -7, Int(UInt32.max), Int.max])
  func offsetsUnknown(offset: Int) {
    var location = SourceLocation(pointer: JSONPointer(), offset: 12, source: "a.json")
    location.offset = offset
    #expect(location.offset == SourceLocation.unknownOffset)
    #expect(!location.hasPosition)
    #expect(location.source == "a.json")
  }

  @Test("a location's source reads back as set, and locations compare by what they hold")
  func sources() {
    var location = SourceLocation(pointer: JSONPointer(["a"]), offset: 3)
    #expect(location.source == nil)
    location.source = "screens/home.json"
    #expect(location.source == "screens/home.json")
    #expect(
      location
        == SourceLocation(pointer: JSONPointer(["a"]), offset: 3, source: "screens/home.json"))
    #expect(
      location != SourceLocation(pointer: JSONPointer(["a"]), offset: 3, source: "other.json"))
    #expect(
      location
        != SourceLocation(pointer: JSONPointer(["a"]), offset: 4, source: "screens/home.json"))
    location.source = nil
    #expect(location == SourceLocation(pointer: JSONPointer(["a"]), offset: 3))
  }

  @Test("a location is two words: a pointer (with its file's name) and an offset")
  func locationSize() {
    // Every component, action and event handler holds one; a pointer of 16 bytes, or
    // the file's name beside the pointer, would make each a word larger.
    #expect(MemoryLayout<JSONPointer>.size == 12)
    #expect(MemoryLayout<BeagleRuntime.SourceLocation>.stride == 16)
  }

  static let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

  /// The screens under Examples/ that parse as JSON (manifests decode as placeholders).
  static func exampleScreens() throws -> [(String, [UInt8])] {
    let files = FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil)
    var screens: [(String, [UInt8])] = []
    while let url = files?.nextObject() as? URL {
      guard url.pathExtension == "json" else { continue }
      let bytes = [UInt8](try Data(contentsOf: url))
      guard (try? JSONDocument(parsing: bytes)) != nil else { continue }
      screens.append((url.lastPathComponent, bytes))
    }
    return screens.sorted { $0.0 < $1.0 }
  }

  @Test("every node of every example screen is located where its pointer leads, in its file")
  func exampleLocations() throws {
    let screens = try Self.exampleScreens()
    #expect(screens.count > 10)
    for (name, bytes) in screens {
      let document = try JSONDocument(parsing: bytes)
      let result = Decoder(registry: .builtIn, source: name).decode(document)
      guard let root = result.root else { continue }
      root.forEachInPreOrder(throughTemplates: true) { node in
        let location = node.location
        #expect(location.source == name)
        #expect(location.hasPosition)
        // The pointer leads to the value the offset points at.
        #expect(document.node(at: location.pointer)?.offset == location.offset)
        for event in node.events {
          for action in event.actions {
            #expect(action.location.source == name)
            #expect(document.node(at: action.location.pointer)?.offset == action.location.offset)
          }
        }
      }
    }
  }
}
