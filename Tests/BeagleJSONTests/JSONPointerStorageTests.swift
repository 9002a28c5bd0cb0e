import Testing

@testable import BeagleJSON

@Suite struct JSONPointerStorageTests {
  @Test("a pointer built by appending equals, and hashes like, one built from its tokens")
  func equality() {
    let built = JSONPointer().appending("child").appending("children").appending(0)
    let listed = JSONPointer(["child", "children", "0"])
    let parsed = JSONPointer(parsing: "/child/children/0")
    #expect(built == listed)
    #expect(built == parsed)
    #expect(Set([built, listed, parsed]).count == 1)
    #expect(built.tokens == ["child", "children", "0"])
    #expect(built.count == 3)
    #expect(built.description == "/child/children/0")
    #expect(built != JSONPointer(["child", "children", "1"]))
    #expect(built != JSONPointer(["child", "children"]))
    #expect(JSONPointer() == JSONPointer(parsing: ""))
  }

  @Test("an array index appended is its decimal token, for cached and larger indices")
  func indexTokens() {
    for index in [0, 1, 9, 10, 255, 256, 1000, 123_456] {
      let pointer = JSONPointer().appending("children").appending(index)
      #expect(pointer.lastToken == String(index))
      #expect(pointer == JSONPointer(["children", String(index)]))
      #expect(pointer.description == "/children/\(index)")
    }
  }

  @Test("escaping in the string form: ~ as ~0 and / as ~1")
  func escaping() {
    let pointer = JSONPointer(["a/b", "c~d", "é", ""])
    #expect(pointer.description == "/a~1b/c~0d/é/")
    #expect(JSONPointer(parsing: pointer.description) == pointer)
  }

  @Test("the string form of deep pointers, with and without tokens to escape")
  func deepDescription() {
    var pointer = JSONPointer()
    var expected = ""
    for index in 0..<40 {
      let token = ["child", "children", String(index), "限时 🌱", ""][index % 5]
      pointer = pointer.appending(token)
      expected += "/" + token
    }
    #expect(pointer.description == expected)
    #expect(JSONPointer().description == "")
    #expect(JSONPointer([""]).description == "/")
    #expect(pointer.appending("a/b").description == expected + "/a~1b")
    #expect(JSONPointer(["~"]).appending("x").description == "/~0/x")
  }

  @Test("parent, prefix and the tokens after a prefix")
  func parts() {
    let pointer = JSONPointer(["a", "b", "c", "d"])
    #expect(pointer.parent == JSONPointer(["a", "b", "c"]))
    #expect(JSONPointer().parent == nil)
    #expect(pointer.prefix(2) == JSONPointer(["a", "b"]))
    #expect(pointer.prefix(0).isRoot)
    #expect(pointer.prefix(9) == pointer)
    #expect(pointer.tokens(droppingFirst: 1) == ["b", "c", "d"])
    #expect(pointer.tokens(droppingFirst: 4) == [])
    #expect(pointer.tokens(droppingFirst: 0) == pointer.tokens)
  }

  @Test("replacingFirst puts another pointer in place of the first tokens")
  func replacingFirst() {
    let parent = JSONPointer(["child", "children", "1"])
    let child = parent.appending("children").appending(0)
    let item = JSONPointer(["child", "children", "1", "items", "2"])
    #expect(child.replacingFirst(3, with: item).tokens == item.tokens + ["children", "0"])
    #expect(child.replacingFirst(0, with: item).tokens == item.tokens + child.tokens)
    #expect(child.replacingFirst(9, with: item) == item)
    #expect(child.replacingFirst(3, with: JSONPointer()).tokens == ["children", "0"])
    // Under the very parent it was appended to, the child's own pointer, sharing its storage.
    #expect(child.replacingFirst(3, with: parent) == child)
    #expect(child.replacingFirst(3, with: parent).isBuilt(on: parent))
    // An equal parent built apart gives an equal pointer.
    let copy = JSONPointer(["child", "children", "1"])
    #expect(child.replacingFirst(3, with: copy) == child)
    #expect(!child.replacingFirst(3, with: copy).isBuilt(on: parent))
  }

  @Test("appending shares the parent's storage: a deep tree's pointers take linear memory")
  func sharing() {
    var pointers = [JSONPointer()]
    for depth in 0..<1_000 { pointers.append(pointers[depth].appending("onTrue").appending(0)) }
    for depth in 1...1_000 {
      #expect(pointers[depth].isBuilt(on: pointers[depth - 1]))
    }
    #expect(pointers[1_000].count == 2_000)
    // An equal pointer built separately has storage of its own.
    #expect(!JSONPointer(pointers[10].tokens).isBuilt(on: pointers[9]))
  }
}
