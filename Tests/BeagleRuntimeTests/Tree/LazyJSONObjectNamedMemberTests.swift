import BeagleJSON
import Testing

@testable import BeagleRuntime

/// ``LazyJSONObject/member(named:)`` compares a field name's bytes with plain keys and
/// falls back to `String` comparison for the others: it must find what
/// ``LazyJSONObject/member(_:)`` finds (`String` equality is canonical equivalence,
/// so an escaped or non-ASCII key can spell an ASCII name), wherever the members are.
@Suite struct LazyJSONObjectNamedMemberTests {
  /// Keys written plain, as a canonical equivalent of ASCII (the Kelvin sign U+212A is
  /// `K`), non-ASCII (precomposed and decomposed), empty, and a prefix of another key; in
  /// ``escapedText`` also escaped (`\u0065`), which the decoder materialises.
  static let text = """
    {"_beagleComponent_":"beagle:text","text":"plain key","\u{212A}elvin":1,"caf\u{E9}":2,
     "caf":3,"cafe\u{301}x":4,"":5,"style":{"display":"NONE"},"enabled":false,"textual":6}
    """

  static let escapedText = #"""
    {"_beagleComponent_":"beagle:text","t\u0065xt":"escaped key","\u212Aelvin":1,"caf\u00e9":2,
     "caf":3,"cafe\u0301x":4,"":5,"style":{"display":"NONE"},"enabled":false,"textual":6}
    """#

  static let names: [StaticString] = [
    "text", "Kelvin", "café", "cafe\u{301}x", "caféx", "caf", "", "style", "enabled", "textual",
    "tex", "missing", "_beagleComponent_",
  ]

  /// What a read gives, comparable: a node by its place, a value by itself.
  func described(_ member: LazyJSONObject.StoredValue?) -> String {
    switch member {
    case nil: "absent"
    case .document(let node): "node at \(node.offset)"
    case .value(let value): "value \(value)"
    }
  }

  func objects() throws -> [LazyJSONObject] {
    let properties = try #require(try decode(Self.text).root).properties
    #expect(properties.source != nil)
    let escaped = try #require(try decode(Self.escapedText).root).properties
    return [
      escaped,
      properties,
      properties.replacingMembers([
        MemberPatch(position: 0, value: "patched"), MemberPatch(position: 2, value: nil),
      ]),
      LazyJSONObject(properties.object),
    ]
  }

  @Test("a field name finds the member its string finds")
  func namedEqualsString() throws {
    for object in try objects() {
      for name in Self.names {
        #expect(
          described(object.member(named: name)) == described(object.member(name.description)),
          "\(name)")
      }
    }
  }

  @Test("escaped and equivalent keys are found by name")
  func equivalentKeys() throws {
    let properties = try objects()[1]
    #expect(properties.member(named: "text")?.stringValue == "plain key")
    #expect(try objects()[0].member(named: "text")?.stringValue == "escaped key")
    #expect(properties.member(named: "Kelvin")?.value == 1)
    #expect(properties.member(named: "café")?.value == 2)
    #expect(properties.member(named: "caféx")?.value == 4)
    #expect(properties.member(named: "")?.value == 5)
    #expect(properties.member(named: "tex") == nil)
  }
}

extension LazyJSONObjectNamedMemberTests {
  /// ``LazyJSONObject/members(named:_:_:)`` reads three names with the object's storage
  /// read once: each must be what ``LazyJSONObject/member(_:)`` finds for its string,
  /// in plain, escaped, patched and materialised objects.
  @Test("three field names find the members their strings find")
  func threeNamesEqualStrings() throws {
    for object in try objects() {
      for (index, first) in Self.names.enumerated() {
        let second = Self.names[(index + 3) % Self.names.count]
        let third = Self.names[(index + 7) % Self.names.count]
        let (a, b, c) = object.members(named: first, second, third)
        #expect(described(a) == described(object.member(first.description)), "\(first)")
        #expect(described(b) == described(object.member(second.description)), "\(second)")
        #expect(described(c) == described(object.member(third.description)), "\(third)")
      }
    }
  }
}
