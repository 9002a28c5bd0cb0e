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
}
