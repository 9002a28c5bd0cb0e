import Testing

@testable import BeagleJSON

/// An array element's pointer appended after its field's key is one link holding both
/// tokens (`children/3`); it must read, print, compare and hash exactly as the same
/// tokens held one a link (RFC 6901: a pointer is its sequence of tokens, however built).
@Suite struct JSONPointerPairTests {
  /// Pointers to the same tokens built three ways: appending a key then an index (one
  /// link for both), from the token list, and parsed from the string form.
  func shapes(_ base: [String], key: String, index: Int) -> [JSONPointer] {
    let built = JSONPointer(base).appending(key).appending(index)
    let listed = JSONPointer(base + [key, String(index)])
    let parsed = JSONPointer(parsing: listed.description)
    return [built, listed, parsed].compactMap { $0 }
  }

  @Test(
    "a key and an index as one link equal, hash and print as the same tokens apart",
    arguments: [
      (["child"], "children", 3, "/child/children/3"),
      ([], "children", 0, "/children/0"),
      (["a~b", "c/d"], "x~y/z", 12, "/a~0b/c~1d/x~0y~1z/12"),
      (["é"], "限时 🌱", 256, "/é/限时 🌱/256"),
      (["child"], "", 1_000_000, "/child//1000000"),
      (["templates", "0"], "view", 7, "/templates/0/view/7"),
    ])
  func shapesAgree(base: [String], key: String, index: Int, printed: String) throws {
    let pointers = shapes(base, key: key, index: index)
    try #require(pointers.count == 3)
    let expectedTokens = base + [key, String(index)]
    for pointer in pointers {
      #expect(pointer.tokens == expectedTokens)
      #expect(pointer.count == expectedTokens.count)
      #expect(pointer.description == printed)
      #expect(pointer.lastToken == String(index))
      #expect(pointer == pointers[0])
      #expect(pointers[0] == pointer)
    }
    #expect(Set(pointers).count == 1)
    #expect(pointers[0] != JSONPointer(base + [key, String(index + 1)]))
    #expect(pointers[0] != JSONPointer(base + [key + "x", String(index)]))
    #expect(JSONPointer(parsing: printed) == pointers[0])
  }

  @Test("parent, prefix and the tokens after a prefix that ends inside a key-and-index link")
  func splitPair() {
    let pointer = JSONPointer(["child"]).appending("children").appending(3).appending("onPress")
      .appending(0)
    #expect(pointer.tokens == ["child", "children", "3", "onPress", "0"])
    #expect(pointer.parent == JSONPointer(["child", "children", "3", "onPress"]))
    #expect(pointer.parent?.lastToken == "onPress")
    #expect(pointer.parent?.parent == JSONPointer(["child", "children", "3"]))
    #expect(pointer.prefix(2) == JSONPointer(["child", "children"]))
    #expect(pointer.prefix(2).lastToken == "children")
    #expect(pointer.prefix(3) == JSONPointer(["child", "children", "3"]))
    #expect(pointer.prefix(4) == JSONPointer(["child", "children", "3", "onPress"]))
    #expect(pointer.prefix(1) == JSONPointer(["child"]))
    for count in 0...6 {
      #expect(pointer.tokens(droppingFirst: count) == Array(pointer.tokens.dropFirst(count)))
      #expect(pointer.prefix(count).tokens == Array(pointer.tokens.prefix(count)))
    }
  }

  @Test("the token before the last, read without building the parent, whatever the links")
  func tokenBeforeLast() {
    let pair = JSONPointer(["child"]).appending("children").appending(3)
    let afterPair = pair.appending("onPress")
    for pointer in shapes(["child"], key: "children", index: 3) {
      #expect(pointer.tokenBeforeLast == "children")
    }
    #expect(pair.tokenBeforeLast == "children")
    #expect(afterPair.tokenBeforeLast == "3")
    #expect(JSONPointer(["child", "children", "3", "onPress"]).tokenBeforeLast == "3")
    #expect(JSONPointer(["only"]).tokenBeforeLast == nil)
    #expect(JSONPointer().tokenBeforeLast == nil)
    #expect(JSONPointer().appending("items").appending(0).tokenBeforeLast == "items")
    #expect(JSONPointer().appending(5).tokenBeforeLast == nil)
  }

  @Test("replacingFirst at a count inside a key-and-index link builds the right tokens")
  func replacingInsidePair() {
    let parent = JSONPointer(["child"])
    let element = parent.appending("children").appending(4)
    let base = JSONPointer(["x"])
    // After the first two tokens ("child", "children") comes "4" alone.
    #expect(element.replacingFirst(2, with: base).tokens == ["x", "4"])
    // Under the parent it was appended to, it is itself.
    #expect(element.replacingFirst(1, with: parent) == element)
    #expect(element.replacingFirst(1, with: parent).isBuilt(on: parent))
    // The prefix the link starts after, given as the base, is not mistaken for a split.
    let keyPointer = parent.appending("children")
    #expect(element.replacingFirst(2, with: keyPointer).tokens == ["child", "children", "4"])
  }

  @Test("a list element's pointer is one link on its parent's, not two")
  func storage() {
    let parent = JSONPointer(["child"])
    let key = parent.appending("children")
    let element = key.appending(5)
    #expect(element.isBuilt(on: parent))
    // The key's own link is not kept: the element holds both tokens.
    #expect(!element.isBuilt(on: key))
    // An index after an index, or at the root, is a link of its own.
    let nested = element.appending(2)
    #expect(nested.isBuilt(on: element))
    #expect(nested.tokens == ["child", "children", "5", "2"])
    #expect(JSONPointer().appending(7).tokens == ["7"])
    #expect(JSONPointer().appending(7).appending(8).description == "/7/8")
  }

  @Test("deep chains of key-and-index links (condition onTrue/0 …) print and compare")
  func deepChains() {
    var pointer = JSONPointer()
    var tokens: [String] = []
    for depth in 0..<500 {
      pointer = pointer.appending(depth % 2 == 0 ? "onTrue" : "a/~b").appending(depth)
      tokens += [depth % 2 == 0 ? "onTrue" : "a/~b", String(depth)]
    }
    #expect(pointer.count == 1_000)
    #expect(pointer.tokens == tokens)
    #expect(pointer == JSONPointer(tokens))
    #expect(pointer.hashValue == JSONPointer(tokens).hashValue)
    #expect(pointer.description == JSONPointer(tokens).description)
    #expect(JSONPointer(parsing: pointer.description) == pointer)
  }

  /// `appending(lastTwoTokensOf:)` must be the two appends it replaces
  /// (ScreenEvaluator's rendered paths): the same tokens, count, string form, equality
  /// and hash; a key and an index stay one link.
  @Test(
    "appending another pointer's last two tokens is appending them one by one",
    arguments: [
      JSONPointer(["child"]).appending("children").appending(3),
      JSONPointer().appending("children").appending(0),
      JSONPointer(["child", "children", "3"]),
      JSONPointer(["a~b"]).appending("c/d").appending("child"),
      JSONPointer(["x"]).appending("onPress").appending(1_000_000).appending("child"),
      JSONPointer().appending("items").appending(7),
      JSONPointer(["é", "限时 🌱"]),
      JSONPointer().appending(7).appending(8),
    ])
  func lastTwoTokens(of other: JSONPointer) throws {
    let bases = [
      JSONPointer(), JSONPointer(["list"]).appending("items").appending(5).appending("view"),
      JSONPointer(["a/b", "~"]),
    ]
    for base in bases {
      let appended = try #require(base.appending(lastTwoTokensOf: other))
      let tokens = base.tokens + other.tokens.suffix(2)
      #expect(appended.tokens == tokens)
      #expect(appended.count == tokens.count)
      #expect(appended.description == JSONPointer(tokens).description)
      #expect(appended == JSONPointer(tokens))
      #expect(JSONPointer(tokens) == appended)
      #expect(Set([appended, JSONPointer(tokens)]).count == 1)
      #expect(appended.lastToken == other.lastToken)
      #expect(appended.tokenBeforeLast == other.tokenBeforeLast)
      #expect(appended.isBuilt(on: base))
      let oneByOne = try base.appending(#require(other.tokenBeforeLast)).appending(
        #require(other.lastToken))
      #expect(appended == oneByOne)
      #expect(appended.parent == oneByOne.parent)
    }
  }

  @Test("another pointer's last two tokens need two of them")
  func lastTwoTokensNeedTwo() {
    #expect(JSONPointer().appending(lastTwoTokensOf: JSONPointer(["only"])) == nil)
    #expect(JSONPointer().appending(lastTwoTokensOf: JSONPointer()) == nil)
    #expect(JSONPointer().appending(lastTwoTokensOf: JSONPointer().appending(3)) == nil)
  }
}
