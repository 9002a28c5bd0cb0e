import BeagleJSON
import Foundation
import Testing

@testable import BeagleRuntime

/// A component's properties and an action's fields stay in the parsed document until
/// read (``LazyJSONObject``); they must read, compare and change exactly as the
/// materialised ``JSONObject`` of the same members does.
@Suite struct LazyJSONObjectTests {
  /// The properties of the root component of `payload`, as the decoder keeps them.
  func properties(_ payload: String) throws -> LazyJSONObject {
    try #require(decode(payload).root).properties
  }

  static let text = #"""
    {"_beagleComponent_":"beagle:text","id":"t","text":"caf\u00e9 @{a.b}","alignment":"CENTER",
     "style":{"size":{"width":{"value":1.50,"type":"REAL"}},"backgroundColor":"#fff"},
     "custom":[1,-0,2e3,"x\"y",true,null,{"k":"v"}]}
    """#

  /// The same members parsed into a JSONValue tree, `id` and the type key left out
  /// as the decoder leaves them out of the properties.
  static let expected: JSONObject = [
    "text": "café @{a.b}", "alignment": "CENTER",
    "style": ["size": ["width": ["value": 1.5, "type": "REAL"]], "backgroundColor": "#fff"],
    "custom": [1, 0, 2000.0, "x\"y", true, .null, ["k": "v"]],
  ]

  @Test("a decoded component's properties are read from the document, not copied")
  func staysInTheDocument() throws {
    let lazy = try properties(Self.text)
    #expect(lazy.source != nil)
    #expect(lazy.count == 4)
    #expect(!lazy.isEmpty)
    #expect(lazy.keys == ["text", "alignment", "style", "custom"])
  }

  @Test("a member of a member reads alone as the materialised object gives it")
  func nestedMember() throws {
    // A pushView's route with a local screen: `check` reads `route.url` only. A repeated
    // key's last value wins, as when the whole value is materialised.
    let lazy = try properties(
      #"{"_beagleComponent_":"beagle:text","text":"a","route":{"url":"/a","#
        + #""screen":{"_beagleComponent_":"beagle:text","text":"s"},"url":"/b"},"n":3}"#)
    #expect(lazy.value(forKey: "route", member: "url") == "/b")
    #expect(lazy.value(forKey: "route", member: "url") == lazy.object["route"]?["url"])
    #expect(lazy.value(forKey: "route", member: "screen")?["text"] == "s")
    #expect(lazy.value(forKey: "route", member: "missing") == nil)
    #expect(lazy.value(forKey: "n", member: "url") == nil)
    #expect(lazy.value(forKey: "absent", member: "url") == nil)
    _ = lazy["route"]
    #expect(lazy.value(forKey: "route", member: "url") == "/b")
    _ = lazy.object
    #expect(lazy.value(forKey: "route", member: "url") == "/b")
  }

  @Test("transientObject is the object, built without the storage keeping it; object keeps it")
  func transientObject() throws {
    let lazy = try properties(Self.text)
    #expect(!lazy.keepsMaterialisedObject)
    #expect(lazy.transientObject == Self.expected)
    #expect(Array(lazy.transientObject.keys) == Self.expected.keys)
    _ = lazy["style"]
    #expect(!lazy.keepsMaterialisedObject)
    // A copy shares the storage: what one keeps, the other sees.
    let copy = lazy
    #expect(copy.object == Self.expected)
    #expect(lazy.keepsMaterialisedObject)
    #expect(lazy.transientObject == Self.expected)
    // A patched object builds from its source without keeping it there either.
    let patched = try properties(Self.text).replacingMembers([
      MemberPatch(position: 0, value: "done")
    ])
    var expected = Self.expected
    expected["text"] = "done"
    #expect(patched.transientObject == expected)
    #expect(!patched.keepsMaterialisedObject)
    #expect(patched.object == expected)
    #expect(patched.keepsMaterialisedObject)
  }

  @Test("reads by key, members and values are the materialised object's")
  func reads() throws {
    let lazy = try properties(Self.text)
    #expect(lazy["text"] == "café @{a.b}")
    #expect(lazy["alignment"]?.stringValue == "CENTER")
    #expect(lazy["style"]?["size"]?["width"]?["value"] == .double(1.5))
    #expect(lazy["custom"]?[1] == .int(0))
    #expect(lazy["missing"] == nil)
    #expect(lazy["id"] == nil)
    #expect(lazy.position(of: "style") == 2)
    #expect(lazy.position(of: "id") == nil)
    #expect(lazy.object == Self.expected)
    #expect(Array(lazy.members.map(\.0)) == Self.expected.keys)
    #expect(lazy.values == Self.expected.values)
    // A read of one scalar leaves the rest in the document.
    #expect(lazy.source != nil)
  }

  @Test("equal to, and hashes as, a materialised object with the same members")
  func equality() throws {
    let lazy = try properties(Self.text)
    let materialised = LazyJSONObject(Self.expected)
    #expect(lazy == materialised)
    #expect(materialised == lazy)
    #expect(lazy.hashValue == materialised.hashValue)
    var different = Self.expected
    different["alignment"] = "LEFT"
    #expect(lazy != LazyJSONObject(different))
    #expect(try lazy == properties(Self.text))
  }

  @Test("setting a member copies the object out: the original and its copies keep theirs")
  func mutation() throws {
    let original = try properties(Self.text)
    var changed = original
    changed["text"] = "evaluated"
    changed["extra"] = 1
    changed["alignment"] = nil
    #expect(changed.source == nil)
    #expect(changed["text"] == "evaluated")
    #expect(changed.keys == ["text", "style", "custom", "extra"])
    #expect(original.source != nil)
    #expect(original["text"] == "café @{a.b}")
    #expect(original.object == Self.expected)
    #expect(changed != original)
  }

  @Test("a repeated key keeps its first position and its last value, as JSONObject does")
  func repeatedKeys() throws {
    let lazy = try properties(
      #"{"_beagleComponent_":"beagle:text","text":"a","x":1,"text":"b"}"#)
    #expect(lazy.keys == ["text", "x"])
    #expect(lazy["text"] == "b")
    #expect(lazy.object == ["text": "b", "x": 1])
  }

  @Test("readers on several threads materialise one object")
  func concurrentReads() async throws {
    let lazy = try properties(Self.text)
    let objects = await withTaskGroup(of: JSONObject.self) { group in
      for _ in 0..<8 { group.addTask { lazy.object } }
      var all: [JSONObject] = []
      for await object in group { all.append(object) }
      return all
    }
    #expect(objects.count == 8)
    #expect(objects.allSatisfy { $0 == Self.expected })
  }

  @Test("an action's fields are lazy too, and read as written")
  func actionFields() throws {
    let payload = #"""
      {"_beagleComponent_":"beagle:button","text":"Go",
       "onPress":[{"_beagleAction_":"beagle:setContext","contextId":"c","value":{"n":[1,2]}}]}
      """#
    let root = try #require(try decode(payload).root)
    let action = try #require(root.events.first?.actions.first)
    #expect(action.fields.source != nil)
    #expect(action.fields["contextId"] == "c")
    #expect(action.fields.object == ["contextId": "c", "value": ["n": [1, 2]]])
  }
}

extension LazyJSONObjectTests {
  @Test("members read one by one, then the whole object, then members again, read as written")
  func readsInEveryOrder() throws {
    let lazy = try properties(Self.text)
    let copy = lazy
    #expect(lazy["style"]?["backgroundColor"] == "#fff")
    #expect(copy["custom"]?[3] == "x\"y")
    // A member read again comes from what was read (the same value).
    #expect(lazy["style"] == Self.expected["style"])
    #expect(lazy.value(forKey: "style", member: "backgroundColor") == "#fff")
    #expect(copy.object == Self.expected)
    #expect(lazy.object == Self.expected)
    // After the whole object, reads by key come from it.
    #expect(lazy["text"] == "café @{a.b}")
    #expect(lazy.value(forKey: "style", member: "size") == Self.expected["style"]?["size"])
    #expect(lazy["missing"] == nil)
  }

  @Test("readers by key on several threads each get the member as written")
  func concurrentReadsByKey() async throws {
    let lazy = try properties(Self.text)
    let keys = Self.expected.keys
    let read = await withTaskGroup(of: (String, JSONValue?).self) { group in
      for round in 0..<32 {
        let key = keys[round % keys.count]
        group.addTask { (key, lazy[key]) }
      }
      var all: [(String, JSONValue?)] = []
      for await pair in group { all.append(pair) }
      return all
    }
    #expect(read.count == 32)
    #expect(read.allSatisfy { $0.1 == Self.expected[$0.0] })
    #expect(lazy.object == Self.expected)
  }

  @Test("the objects of one document share it: every component's properties read as written")
  func sharedStore() throws {
    let payload = #"""
      {"_beagleComponent_":"beagle:container","children":[
        {"_beagleComponent_":"beagle:text","text":"a","alignment":"LEFT"},
        {"_beagleComponent_":"beagle:text","text":"b"},
        {"_beagleComponent_":"beagle:button","text":"c","onPress":[
          {"_beagleAction_":"beagle:setContext","contextId":"x","value":1}]}]}
      """#
    let root = try #require(try decode(payload).root)
    #expect(root.children.map { $0.properties["text"] } == ["a", "b", "c"])
    #expect(root.children[0].properties.object == ["text": "a", "alignment": "LEFT"])
    #expect(
      root.children[2].events.first?.actions.first?.fields.object == ["contextId": "x", "value": 1])
  }
}
