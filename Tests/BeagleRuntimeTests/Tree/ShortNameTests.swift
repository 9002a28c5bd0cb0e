import BeagleJSON
import BeagleRuntime
import Testing

/// A type's short name drops the `beagle:` namespace, matched case-insensitively as
/// every platform matches type names (docs/spec.md, the `namespace:name` rules), and
/// keeps any other name whole.
@Suite struct ShortNameTests {
  @Test(
    "the beagle namespace is dropped, whatever its case; other names stay whole",
    arguments: [
      ("beagle:listView", "listView"),
      ("BEAGLE:Text", "Text"),
      ("Beagle:pushView", "pushView"),
      ("beagle:", ""),
      ("beagle", "beagle"),
      ("custom:card", "custom:card"),
      ("beagles:text", "beagles:text"),
      ("beagle:é", "é"),
      ("é:beagle", "é:beagle"),
      // The combining accent joins the colon: the name does not start with `beagle:`.
      ("beagle:\u{301}x", "beagle:\u{301}x"),
    ])
  func shortName(type: String, expected: String) {
    let component = ComponentNode(
      type: type, definition: ComponentDefinition(type, fields: []),
      location: SourceLocation(pointer: JSONPointer(), offset: 0))
    #expect(component.shortName == expected)
    let action = ActionNode(
      type: type, definition: ActionDefinition(type, fields: []),
      location: SourceLocation(pointer: JSONPointer(), offset: 0))
    #expect(action.shortName == expected)
  }
}
