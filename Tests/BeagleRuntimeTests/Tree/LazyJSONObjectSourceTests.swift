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
      let lazy = LazyJSONObject(
        document: document, values: Self.valueIndices(document), lock: NSLock())
      let values = try #require(lazy.source).values
      let object = UnsafeRawPointer(Unmanaged.passUnretained(values.owner).toOpaque())
      let start = UnsafeRawPointer(values.base)
      // The object's header (16 bytes), the store, what was materialised and the count.
      #expect(start - object == 36)
      #expect(values.count == count)
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
}
