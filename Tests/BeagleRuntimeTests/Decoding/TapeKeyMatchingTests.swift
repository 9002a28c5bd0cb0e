import BeagleJSON
import Testing

@testable import BeagleRuntime

/// The decoder matches keys and type names on their bytes as written (issue #20).
/// A key is a JSON string (RFC 8259 §7): `"\u0074ext"` is the key `text`, as iOS's
/// `JSONDecoder` and web-core's `JSON.parse` read it; these cases pin that the byte
/// comparisons give what comparing the decoded strings gives.
@Suite struct TapeKeyMatchingTests {
  private func messages(_ result: Decoder.Result) -> [String] {
    result.diagnostics.map { "\($0.severity.rawValue): \($0.message)" }
  }

  @Test("a key written with escapes is the field it spells")
  func escapedKey() throws {
    let result = try decode(#"{"_beagleComponent_": "beagle:text", "\u0074ext": "Hi"}"#)
    #expect(messages(result) == [])
    #expect(result.root?.properties["text"] == .string("Hi"))
  }

  @Test("an escaped _beagleComponent_ and _beagleAction_ still name the type")
  func escapedTypeKeys() throws {
    let result = try decode(
      #"{"_beagle\u0043omponent_": "beagle:button", "text": "Go", "onPress": [{"\u005fbeagleAction_": "beagle:popView"}]}"#
    )
    #expect(messages(result) == [])
    #expect(result.root?.builtIn == .button)
    #expect(result.root?.events.first?.actions.first?.builtIn == .popView)
  }

  @Test("a type name written with escapes and plainly resolves the same, however often")
  func typeNameSpellings() throws {
    let result = try decode(
      #"{"_beagleComponent_": "beagle:container", "children": [{"_beagleComponent_": "beagle:text", "text": "a"}, {"_beagleComponent_": "beagle:\u0074ext", "text": "b"}, {"_beagleComponent_": "BEAGLE:TEXT", "text": "c"}, {"_beagleComponent_": "beagle:text", "text": "d"}, {"_beagleComponent_": "beagle:txt", "text": "e"}, {"_beagleComponent_": "beagle:txt", "text": "f"}]}"#
    )
    let children = result.root?.children ?? []
    #expect(
      children.map(\.type) == [
        "beagle:text", "beagle:text", "BEAGLE:TEXT", "beagle:text", "beagle:txt", "beagle:txt",
      ])
    #expect(children.map(\.isKnown) == [true, true, true, true, false, false])
    // One unknown-type warning per component that names it, not one per spelling.
    #expect(
      messages(result).filter { $0.hasPrefix("warning: unknown component") }.count == 2)
  }

  @Test("a key not all ASCII is compared as a string: U+212A KELVIN SIGN + 'ind' is 'Kind'")
  func nonASCIIKey() throws {
    let registry = Registry.builtIn.registering(
      ComponentDefinition("custom:box", fields: [FieldSpec("Kind", .string, isRequired: true)]))
    // "\u{212A}ind" is canonically equivalent to "Kind": Swift's String says equal.
    let result = try decode(
      #"{"_beagleComponent_": "custom:box", "\#u{212A}ind": "x"}"#, registry: registry)
    #expect(messages(result) == [])
    #expect(result.root?.properties["Kind"] == .string("x"))
  }

  @Test("a repeated key keeps its first position and its last value")
  func repeatedKey() throws {
    let result = try decode(
      #"{"_beagleComponent_": "beagle:text", "text": "first", "styleId": "s", "text": "last"}"#)
    #expect(result.root?.properties.keys == ["text", "styleId"])
    #expect(result.root?.properties["text"] == .string("last"))
  }

  @Test("an unknown key is kept as written, escapes decoded")
  func unknownKeyKept() throws {
    let result = try decode(#"{"_beagleComponent_": "beagle:text", "text": "x", "caf\u00e9": 1}"#)
    #expect(result.root?.properties.keys == ["text", "café"])
    #expect(messages(result) == ["warning: unknown field 'café' of 'beagle:text'"])
  }

  @Test("a required field written with escapes is present")
  func escapedRequiredField() throws {
    let result = try decode(
      #"{"_beagleComponent_": "beagle:screenComponent", "\u0063hild": {"_beagleComponent_": "beagle:text", "text": "x"}}"#
    )
    #expect(messages(result) == [])
    #expect(result.root?.children.count == 1)
  }

  /// Field names of 1 to 12 bytes, so that keys are matched on their first eight bytes
  /// and on the bytes after them.
  private static let lengthNames = (1...12).map { String("abcdefghijkl".prefix($0)) }

  @Test("keys of every length up to and past eight bytes name their field, and only it")
  func keysOfEveryLength() throws {
    let registry = Registry.builtIn.registering(
      ComponentDefinition(
        "custom:box", fields: Self.lengthNames.map { FieldSpec($0, .int, isRequired: true) }))
    // Each key holds its length: a key matched to a field of another length would show.
    let members = Self.lengthNames.map { #""\#($0)": \#($0.count)"# }.joined(separator: ", ")
    let result = try decode(
      #"{"_beagleComponent_": "custom:box", \#(members)}"#, registry: registry)
    #expect(messages(result) == [])
    for name in Self.lengthNames {
      #expect(result.root?.properties[name] == .int(name.count))
    }
  }

  @Test("a key differing from a field's name only after its eighth byte is unknown")
  func keyDifferingAfterEightBytes() throws {
    let registry = Registry.builtIn.registering(
      ComponentDefinition(
        "custom:box",
        fields: [FieldSpec("abcdefghij", .int, isRequired: true), FieldSpec("abcdefgh", .int)]))
    let result = try decode(
      #"{"_beagleComponent_": "custom:box", "abcdefghiX": 1, "abcdefgh": 2}"#, registry: registry)
    #expect(
      messages(result) == [
        "warning: unknown field 'abcdefghiX' of 'custom:box'; did you mean 'abcdefghij'?",
        "error: missing required field 'abcdefghij' of 'custom:box'",
      ])
    // The field of eight bytes is matched exactly, not as a prefix of the longer names.
    #expect(result.root?.properties["abcdefgh"] == .int(2))
  }

  @Test("a short key at the very end of the document (fewer than eight bytes after it)")
  func keyAtTheEnd() throws {
    let registry = Registry.builtIn.registering(
      ComponentDefinition("custom:box", fields: [FieldSpec("ab", .int, isRequired: true)]))
    let result = try decode(#"{"_beagleComponent_":"custom:box","ab":1}"#, registry: registry)
    #expect(messages(result) == [])
    #expect(result.root?.properties["ab"] == .int(1))
  }

  @Test("a required field is present when a key names it, even after a field of its name")
  func requiredFieldOfARepeatedName() throws {
    // A table naming a field twice: a key is matched to the first, and the second,
    // required, is present all the same (its name is among the keys).
    let registry = Registry.builtIn.registering(
      ComponentDefinition(
        "custom:box",
        fields: [FieldSpec("title", .string), FieldSpec("title", .string, isRequired: true)]))
    let present = try decode(
      #"{"_beagleComponent_": "custom:box", "title": "x"}"#, registry: registry)
    #expect(messages(present) == [])
    let missing = try decode(#"{"_beagleComponent_": "custom:box"}"#, registry: registry)
    #expect(messages(missing) == ["error: missing required field 'title' of 'custom:box'"])
  }

  @Test("the type key is found last-wins, escaped or not, among many members")
  func typeKeyAmongMembers() throws {
    let result = try decode(
      #"{"text": "x", "_beagleComponent_": "beagle:container", "_beagle\u0043omponent_": "beagle:text"}"#
    )
    #expect(result.root?.builtIn == .text)
    #expect(messages(result) == [])
  }
}
