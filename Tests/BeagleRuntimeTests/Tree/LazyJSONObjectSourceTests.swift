import BeagleTestSupport
import Foundation
import Testing

@testable import BeagleJSON
@testable import BeagleRuntime

/// A decoded object's members still in their document are one allocation: the store,
/// what was materialised and the members' value indices (``LazyJSONObject/Source``),
/// not an object and an array. It must read exactly the indices it was given.
@Suite struct LazyJSONObjectSourceTests {
  /// An object of `count` members of assorted kinds (`k0`, `k1`, …).
  static func objectText(count: Int) -> String {
    let values = [#""s""#, "1", "-2.5", "true", "null", #"{"a":[1,"@{x}"]}"#, #"["é","\u0041"]"#]
    let members = (0..<count).map { #""k\#($0)":\#(values[$0 % values.count])"# }
    return "{" + members.joined(separator: ",") + "}"
  }

  /// The tape indices of the values of `document`'s root members, in order.
  static func valueIndices(_ document: JSONDocument) -> [UInt32] {
    document.root.uniqueTapeMembers.map { UInt32($0.valueIndex) }
  }

  @Test("a source reads back the value indices it was given, for every count and subset")
  func indicesReadBack() throws {
    var random = SplitMix(seed: 0x5eed_0b7e)
    for count in 1...40 {
      let document = try JSONDocument(parsing: Array(Self.objectText(count: count).utf8))
      let all = Self.valueIndices(document)
      #expect(all.count == count)
      // Every member, then a seeded subset in order (a component's plain data: its
      // children and events are left out).
      let subset = all.filter { _ in random.below(3) != 0 }
      for values in [all, subset] where !values.isEmpty {
        let lazy = LazyJSONObject(document: document, values: values, lock: NSLock())
        let source = try #require(lazy.source)
        #expect(Array(source.values) == values)
        #expect(source.values.count == values.count)
        #expect(lazy.count == values.count)
        let expected = document.object(ofValuesAt: values)
        #expect(lazy.keys == expected.keys)
        for key in expected.keys { #expect(lazy[key] == expected[key]) }
        #expect(lazy.object == expected)
        #expect(lazy.position(of: "k0") == expected.position(of: "k0"))
      }
    }
  }

  @Test("the indices are in the source's own allocation, after its header")
  func indicesInline() throws {
    for count in [1, 2, 3, 4, 7, 16] {
      let document = try JSONDocument(parsing: Array(Self.objectText(count: count).utf8))
      let values = Self.valueIndices(document)
      let source = LazyJSONObject.Source.make(
        store: LazyJSONObject.Store(document: document, lock: NSLock()), values: values)
      let object = UnsafeRawPointer(Unmanaged.passUnretained(source).toOpaque())
      let start = try #require(source.values.baseAddress)
      // The object's header (16 bytes), the store, what was materialised and the count.
      #expect(UnsafeRawPointer(start) - object == 36)
      #expect(Array(source.values) == values)
    }
  }

  @Test("a source lets go of its document with its last copy, materialised or not")
  func releasesTheStore() throws {
    weak var store: LazyJSONObject.Store?
    weak var materialised: LazyJSONObject.Store?
    do {
      let document = try JSONDocument(parsing: Array(Self.objectText(count: 5).utf8))
      let values = Self.valueIndices(document)
      let shared = LazyJSONObject.Store(document: document, lock: NSLock())
      store = shared
      let lazy = LazyJSONObject(store: shared, values: values)
      #expect(lazy["k1"] == 1)
      let other = LazyJSONObject.Store(document: document, lock: NSLock())
      materialised = other
      let whole = LazyJSONObject(store: other, values: values)
      #expect(whole.object.count == 5)
      #expect(store != nil && materialised != nil)
    }
    #expect(store == nil)
    #expect(materialised == nil)
  }

  @Test("indices collected one by one, with or without room made, removed or not, read back")
  func collected() throws {
    var random = SplitMix(seed: 0xc011_ec7)
    for count in 0...40 {
      let document = try JSONDocument(parsing: Array(Self.objectText(count: max(count, 1)).utf8))
      let all = Array(Self.valueIndices(document).prefix(count))
      let store = LazyJSONObject.Store(document: document, lock: NSLock())
      // Room for all, for some (then grown), or none made before the first index.
      for reserved in [count, count / 2, 0] {
        var collector = LazyJSONObject.IndexCollector()
        if reserved > 0 { collector.reserve(reserved, store: store) }
        var expected: [UInt32] = []
        for index in all {
          collector.append(index, in: document)
          expected.append(index)
        }
        if !expected.isEmpty, random.below(2) == 0 {
          let removed = random.below(expected.count)
          collector.remove(at: removed)
          expected.remove(at: removed)
        }
        #expect(Array(collector) == expected)
        #expect(collector.withIndices { Array($0) } == expected)
        let object = collector.object()
        #expect(object == LazyJSONObject(document.object(ofValuesAt: expected)))
        #expect(object.count == expected.count)
        if expected.isEmpty {
          #expect(object.source == nil)
        } else {
          let source = try #require(object.source)
          #expect(Array(source.values) == expected)
          #expect(object.keys == document.object(ofValuesAt: expected).keys)
        }
      }
    }
  }

  @Test("decoded components and actions keep exactly their plain data's indices")
  func decodedSources() throws {
    let result = try decode(
      ##"{"_beagleComponent_":"beagle:container","id":"c","style":{"flex":{"grow":1}},"##
        + ##""children":[{"_beagleComponent_":"beagle:text","id":"t","text":"@{a}","##
        + ##""alignment":"CENTER","textColor":"#000"},"##
        + ##"{"_beagleComponent_":"beagle:button","text":"b","onPress":{"_beagleAction_":"##
        + ##""beagle:setContext","contextId":"a","value":1,"path":"x"}}]}"##)
    let root = try #require(result.root)
    func expectExact(_ object: LazyJSONObject, _ keys: [String]) throws {
      #expect(object.keys == keys)
      let source = try #require(object.source)
      #expect(source.values.count == keys.count)
      #expect(Array(source.values) == source.values.sorted())
    }
    try expectExact(root.properties, ["style"])
    try expectExact(root.children[0].properties, ["text", "alignment", "textColor"])
    try expectExact(root.children[1].properties, ["text"])
    let onPress = try #require(root.children[1].event("onPress"))
    try expectExact(try #require(onPress.actions.first).fields, ["contextId", "value", "path"])
  }
}
