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

  @Test("a definition's JSON name is its name as the printer quotes it, in a copy and a twin")
  func jsonName() throws {
    let names = ["beagle:text", "custom:Ca\"rd", "custom:é\u{1}", ""]
    for name in names {
      let definition = ComponentDefinition(name, fields: [FieldSpec("title", .string)])
      var expected: [UInt8] = []
      JSONPrinter.writeString(name, into: &expected)
      for written in [definition, definition.twin()] {
        var output: [UInt8] = Array("x".utf8)
        written.writeJSONName(into: &output)
        #expect(output == Array("x".utf8) + expected)
      }
      // A copy renamed writes its new name; the original its own.
      var renamed = definition
      renamed.name = name + "2"
      var output: [UInt8] = []
      renamed.writeJSONName(into: &output)
      definition.writeJSONName(into: &output)
      var both: [UInt8] = []
      JSONPrinter.writeString(name + "2", into: &both)
      #expect(output == both + expected)
    }
    // A node writes its registered name (in place); an unknown type writes nothing.
    let document = try JSONDocument(
      parsing: Array(
        #"{"_beagleComponent_": "beagle:container", "children": [{"_beagleComponent_": "x:y"}]}"#
          .utf8))
    let root = try #require(Decoder().decode(document).root)
    var output: [UInt8] = []
    #expect(withUnsafePointer(to: root) { ComponentNode.writeJSONTypeName(of: $0, into: &output) })
    #expect(output == Array(#""beagle:container""#.utf8))
    let unknown = try #require(root.children.first)
    #expect(
      !withUnsafePointer(to: unknown) { ComponentNode.writeJSONTypeName(of: $0, into: &output) })
    #expect(output == Array(#""beagle:container""#.utf8))
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

  @Test("a component node stays small: fields few nodes set are stored out of line")
  func nodeSize() {
    // With the definition (four fields), the context and the navigation bar inline
    // a node took 352 bytes on 64-bit Linux, 152 without; every node of a decoded
    // and of an evaluated screen pays it. The type as written and the definition share
    // one reference (NodeType), and a location is three words (SourceLocation).
    #expect(MemoryLayout<ComponentNode>.stride <= 128)
    #expect(MemoryLayout<ActionNode>.stride <= 80)
  }
}
