import BeagleJSON
import Testing

@testable import BeagleRuntime

/// Definitions and nodes keep value semantics although parts of them are stored
/// out of line (shared by copies, to keep decoded screens small).
@Suite struct DefinitionValueTests {
  @Test("a component definition is a value: a copy's changes leave the original as it was")
  func componentDefinition() {
    let original = ComponentDefinition(
      "custom:Card", fields: [FieldSpec("title", .string)], deprecation: nil)
    var copy = original
    copy.name = "custom:Other"
    copy.fields.append(FieldSpec("body", .component))
    copy.deprecation = "use custom:New"
    #expect(original.name == "custom:Card")
    #expect(original.lowercasedName == "custom:card")
    #expect(original.fields.map(\.name) == ["title"])
    #expect(original.deprecation == nil)
    #expect(copy.lowercasedName == "custom:other")
    #expect(copy.fields.map(\.name) == ["title", "body"])
    #expect(copy.deprecation == "use custom:New")
    #expect(original != copy)
    #expect(
      original == ComponentDefinition("custom:Card", fields: [FieldSpec("title", .string)]))
  }

  @Test("an action definition is a value: a copy's changes leave the original as it was")
  func actionDefinition() {
    let original = ActionDefinition("custom:Track", fields: [FieldSpec("event", .string)])
    var copy = original
    copy.name = "custom:Log"
    #expect(original.name == "custom:Track")
    #expect(original.lowercasedName == "custom:track")
    #expect(copy.lowercasedName == "custom:log")
    #expect(original != copy)
    #expect(original == ActionDefinition("custom:Track", fields: [FieldSpec("event", .string)]))
  }

  @Test("a node's context and navigation bar read, change and compare as stored fields")
  func nodeFields() throws {
    let root = try #require(
      try decode(
        """
        {"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "Home"},
         "child": {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": 1}}}
        """
      ).root)
    let container = try #require(root.children.first)
    #expect(container.context?.id == "c")
    #expect(container.context?.value == 1)
    #expect(root.navigationBar?.title == "Home")
    var changed = container
    changed.context?.value = 2
    #expect(container.context?.value == 1)
    #expect(changed.context?.value == 2)
    #expect(changed != container)
    changed.context?.value = 1
    #expect(changed == container)
    changed.context = nil
    #expect(changed.context == nil)
    #expect(changed != container)
    var bar = root
    bar.navigationBar?.title = "Other"
    #expect(root.navigationBar?.title == "Home")
    #expect(bar.navigationBar?.title == "Other")
  }

  @Test("a node's context, templates and navigation bar, kept in one box, change apart")
  func rareFieldsApart() throws {
    let root = try #require(
      try decode(
        """
        {"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "Home"},
         "child": {"_beagleComponent_": "beagle:listView", "context": {"id": "c", "value": 1},
          "dataSource": [1, 2],
          "templates": [{"case": true, "view": {"_beagleComponent_": "beagle:text", "text": "a"}},
                        {"view": {"_beagleComponent_": "beagle:text", "text": "b"}}]}}
        """
      ).root)
    let list = try #require(root.children.first)
    #expect(list.templates.count == 2)
    #expect(
      list.templates.map(\.view.location.pointer.description) == [
        "/child/templates/0/view", "/child/templates/1/view",
      ])
    #expect(list.context?.id == "c")
    #expect(list.navigationBar == nil)
    #expect(root.templates.isEmpty)
    #expect(root.context == nil)
    // Each part changes alone, in the copy alone.
    var changed = list
    changed.templates.removeLast()
    #expect(changed.templates.count == 1)
    #expect(changed.context?.id == "c")
    #expect(list.templates.count == 2)
    #expect(changed != list)
    changed.context = nil
    #expect(changed.templates.count == 1)
    #expect(list.context?.id == "c")
    changed.templates = []
    #expect(changed.templates.isEmpty && changed.context == nil && changed.navigationBar == nil)
    changed.navigationBar = root.navigationBar
    #expect(changed.navigationBar?.title == "Home")
    #expect(changed.templates.isEmpty)
    // Back to the original parts: equal again (compared by value, not by box).
    changed.navigationBar = nil
    changed.templates = list.templates
    changed.context = list.context
    #expect(changed == list)
    // Built field by field, as the decoder builds it: the same node.
    let rebuilt = ComponentNode(
      type: list.type, definition: list.definition, id: list.id, properties: list.properties,
      children: list.children, events: list.events, context: list.context,
      templates: list.templates, navigationBar: list.navigationBar, slot: list.slot,
      location: list.location)
    #expect(rebuilt == list)
  }

  @Test("a component node stays small: fields few nodes set are stored out of line")
  func nodeSize() {
    // With the definition (four fields), the context and the navigation bar inline
    // a node took 352 bytes on 64-bit Linux, 152 without; every node of a decoded
    // and of an evaluated screen pays it. The type as written and the definition share
    // one reference (NodeType), and a location is three words (SourceLocation). The
    // context, the templates and the navigation bar share one box (RareParts): 112.
    #expect(MemoryLayout<ComponentNode>.stride <= 112)
    #expect(MemoryLayout<ActionNode>.stride <= 80)
  }
}
