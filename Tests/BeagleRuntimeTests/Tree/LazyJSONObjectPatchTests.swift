import BeagleJSON
import BeagleTestSupport
import Foundation
import Testing

@testable import BeagleRuntime

/// Members of an object still in its document replaced or removed one by one
/// (``LazyJSONObject/replacingMembers(_:)``): the object reads, compares and changes
/// exactly as the materialised object with those members set does.
@Suite struct LazyJSONObjectPatchTests {
  func properties() throws -> LazyJSONObject {
    try #require(try decode(LazyJSONObjectTests.text).root).properties
  }

  /// The members `text` (position 0) replaced and `alignment` (1) removed.
  func patched() throws -> LazyJSONObject {
    try properties().replacingMembers([
      MemberPatch(position: 0, value: "Ana"), MemberPatch(position: 1, value: nil),
    ])
  }

  var expected: JSONObject {
    var object = LazyJSONObjectTests.expected
    object["text"] = "Ana"
    object["alignment"] = nil
    return object
  }

  @Test("reads give the materialised object with the members set")
  func reads() throws {
    let lazy = try patched()
    #expect(lazy.object == expected)
    #expect(lazy.keys == ["text", "style", "custom"])
    #expect(lazy.count == 3)
    #expect(lazy["text"] == "Ana")
    #expect(lazy["alignment"] == nil)
    #expect(lazy["style"]?["backgroundColor"] == "#fff")
    #expect(lazy.value(forKey: "style", member: "backgroundColor") == "#fff")
    #expect(lazy.value(forKey: "alignment", member: "x") == nil)
    #expect(lazy.position(of: "custom") == 2)
    #expect(lazy.source == nil)
    #expect(lazy == LazyJSONObject(expected))
    #expect(lazy.hashValue == LazyJSONObject(expected).hashValue)
    #expect(lazy != (try properties()))
  }

  /// The patches are copied into the object's own allocation, with its source: they
  /// live as long as the object (not as the array they came from), and go with it.
  @Test("patched members outlive the patches given, copies compare equal, many come and go")
  func patchLifetime() throws {
    let long = String(repeating: "é 中文 ", count: 200)
    func made(_ index: Int) throws -> LazyJSONObject {
      var patches = [MemberPatch(position: 0, value: .string(long + String(index)))]
      patches.append(MemberPatch(position: 2, value: ["n": .int(index), "s": .string(long)]))
      let object = try properties().replacingMembers(patches)
      patches.removeAll()
      return object
    }
    let kept = try made(7)
    #expect(kept["text"] == .string(long + "7"))
    #expect(kept["style"] == ["n": 7, "s": .string(long)])
    #expect(kept["alignment"] != nil)
    #expect(kept == (try made(7)))
    #expect(kept != (try made(8)))
    for index in 0..<2_000 {
      let object = try made(index)
      #expect(object.count == 4)
      if index.isMultiple(of: 500) { #expect(object["text"] == .string(long + String(index))) }
    }
    #expect(kept.object["text"] == .string(long + "7"))
  }

  @Test("the members not replaced stay in the document, in order")
  func storedMembers() throws {
    var members: [(String, Bool)] = []
    try patched().forEachStoredMember { key, value in
      if case .document = value {
        members.append((key, true))
      } else {
        members.append((key, false))
      }
    }
    #expect(members.map(\.0) == ["text", "style", "custom"])
    #expect(members.map(\.1) == [false, true, true])
  }

  @Test("setting a member afterwards materialises it with the patches applied")
  func setAfterPatch() throws {
    var lazy = try patched()
    lazy["extra"] = 1
    var object = expected
    object["extra"] = 1
    #expect(lazy.object == object)
    #expect(lazy.keys == ["text", "style", "custom", "extra"])
  }

  @Test("patching an object not in a document sets its members")
  func materialisedPatch() throws {
    let lazy = LazyJSONObject(LazyJSONObjectTests.expected).replacingMembers([
      MemberPatch(position: 0, value: "Ana"), MemberPatch(position: 1, value: nil),
    ])
    #expect(lazy.object == expected)
    #expect(try properties().replacingMembers([]).source != nil)
  }

  @Test("one member is read as held: replaced ones as values, removed ones absent")
  func member() throws {
    let lazy = try patched()
    guard case .value(let text) = lazy.member("text") else {
      Issue.record("text was replaced")
      return
    }
    #expect(text == "Ana")
    #expect(lazy.member("alignment") == nil)
    guard case .document(let style) = lazy.member("style") else {
      Issue.record("style is still in the document")
      return
    }
    #expect(style.value == LazyJSONObjectTests.expected["style"])
    #expect(lazy.member("missing") == nil)
    guard case .document(let custom) = try properties().member("custom") else {
      Issue.record("custom is still in the document")
      return
    }
    #expect(custom.count == 7)
  }

  @Test("printing a patched object from its document gives the materialised object's text")
  func printing() throws {
    for printer in [
      JSONPrinter(), JSONPrinter(escapesNonASCII: true), JSONPrinter(style: .pretty),
    ] {
      for lazy in [try patched(), try properties()] {
        var printed: [UInt8] = []
        lazy.write(with: printer, into: &printed)
        #expect(String(decoding: printed, as: UTF8.self) == printer.print(.object(lazy.object)))
      }
    }
  }
}

extension LazyJSONObjectPatchTests {
  /// An object of many members, whitespace and every kind of token among them: members
  /// that follow each other in the document print as one run of its tokens
  /// (``CompactWriter/appendMembers(valuesAt:)``), the others one by one.
  static let wide = """
    { "a" : 1 , "b":-0,"c":[1.50, {"d":"e\\u0001"}], "f" : {"g":"x","g":"y"},
      "h":"caf\\u00e9\\/","i":true, "j" :null ,"k":"\u{7F}\u{85}é","l":{},"m":[[],[{}]],
      "n":1e5,"o":"plain"}
    """

  @Test("any members of a document, any of them patched, print as the materialised object")
  func seededRuns() throws {
    let document = try JSONDocument(parsing: Array(Self.wide.utf8))
    let root = document.root
    let all = root.uniqueTapeMembers.map { UInt32(root.value(of: $0).tapeIndex) }
    let values: [JSONValue] = [.null, 7, "new \"v\"\n", ["x": [1, 2]], .string("\u{85}")]
    var random = SplitMix(seed: 0x5EED_0003)
    for _ in 0..<400 {
      // Some members, in order; now and then all of them.
      let chosen = random.below(4) == 0 ? all : all.filter { _ in random.below(3) > 0 }
      let lazy = LazyJSONObject(document: document, values: chosen, lock: NSLock())
      var patches: [MemberPatch] = []
      for position in chosen.indices where random.below(4) == 0 {
        let value = random.below(3) == 0 ? nil : values[random.below(values.count)]
        patches.append(MemberPatch(position: position, value: value))
      }
      for printer in [JSONPrinter(), JSONPrinter(escapesControlCharacters: false)] {
        for object in [lazy, lazy.replacingMembers(patches)] {
          var printed: [UInt8] = []
          object.write(with: printer, into: &printed)
          #expect(
            String(decoding: printed, as: UTF8.self) == printer.print(.object(object.object)),
            "\(chosen) \(patches)")
        }
      }
    }
  }
}
