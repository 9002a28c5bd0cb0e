import BeagleJSON
import Foundation
import Testing

@testable import BeagleRuntime

/// A decoded context declaration keeps its value in the document until something
/// reads it (``LazyJSONValue``): `check` never does. Read, it must be exactly the
/// value as written, materialised once for every copy.
@Suite struct LazyJSONValueTests {
  /// Context values of every JSON kind, escapes and expressions included.
  static let values = [
    #"{"name": "Ana", "cart": {"items": [1, 2.5, -3e2], "coupon": null}, "ok": true}"#,
    #"["é", "\u0041\n", {"k": "@{x}"}, [], {}]"#,
    #""@{global.user}""#, "12", "-0.5", "false", "null", "{}", "[]",
    "123456789012345678901234567890",
  ]

  @Test("a decoded declaration's value is left in the document, and reads as written")
  func readsAsWritten() throws {
    for text in Self.values {
      let root = try #require(
        try decode(
          #"{"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": "#
            + text + "}}"
        ).root)
      let context = try #require(root.context)
      #expect(!context.storedValue.isMaterialised, "\(text)")
      // A copy made before the first read shares what that read materialises.
      let copy = context
      let expected = try JSONValue(parsing: Array(text.utf8))
      #expect(context.value == expected, "\(text)")
      #expect(context.storedValue.isMaterialised && copy.storedValue.isMaterialised)
      #expect(copy.value == expected)
      #expect(context.id == "c")
    }
  }

  @Test("a declaration read lazily equals one built from the value; setting replaces it")
  func equalityAndSetting() throws {
    let root = try #require(
      try decode(
        #"{"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": {"n": [1]}}}"#
      ).root)
    let decoded = try #require(root.context)
    let built = ContextDeclaration(id: "c", value: ["n": [1]], location: decoded.location)
    #expect(decoded == built)
    #expect(built.storedValue.isMaterialised)
    var changed = decoded
    changed.value = ["n": [2]]
    #expect(changed != decoded && changed.value == ["n": [2]])
    // The original is unchanged, still in its document.
    #expect(decoded.value == ["n": [1]])
    #expect(ContextDeclaration(id: "d", value: ["n": [1]], location: decoded.location) != decoded)
  }

  @Test("a lazy value is one word, and a declaration five (out of line in a node's extras)")
  func sizes() {
    #expect(MemoryLayout<LazyJSONValue>.size == 8)
    #expect(MemoryLayout<ContextDeclaration>.stride == 40)
  }

  @Test("reads from many threads at once all see the one value")
  func concurrentReads() async throws {
    let root = try #require(
      try decode(
        #"{"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": {"a": [1, "b"]}}}"#
      ).root)
    let context = try #require(root.context)
    let values = await withTaskGroup(of: JSONValue.self) { group in
      for _ in 0..<16 { group.addTask { context.value } }
      var values: [JSONValue] = []
      for await value in group { values.append(value) }
      return values
    }
    #expect(values.count == 16 && values.allSatisfy { $0 == ["a": [1, "b"]] })
  }
}
