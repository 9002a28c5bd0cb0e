import BeagleTestSupport
import Testing

@testable import BeagleJSON

/// Pointers a decoding appends to its arena (an entry each, not an object) must be
/// the same pointers as those built token by token (RFC 6901: a pointer is its
/// sequence of tokens, however it is held): same tokens, string form, equality, hash
/// and order, and the same answers to every question a caller asks of them.
@Suite struct JSONPointerArenaTests {
  /// Keys that escape (`~`, `/`), look like indices, are empty, long or not ASCII.
  static let keys = [
    "children", "child", "onPress", "~", "/", "a~1b", "x/y~z", "", "0", "12", "templates",
    "view", "é", "限时 🌱", "a key longer than fifteen bytes", "_beagleComponent_", "~0", "//",
  ]

  /// The string form of `tokens`, escaped as RFC 6901 says (written here, apart from
  /// the type under test).
  static func printed(_ tokens: [String]) -> String {
    var text = ""
    for token in tokens {
      text += "/"
      for scalar in token.unicodeScalars {
        switch scalar {
        case "~": text += "~0"
        case "/": text += "~1"
        default: text.unicodeScalars.append(scalar)
        }
      }
    }
    return text
  }

  /// One node of a generated tree: its pointer from the arena and its tokens.
  struct Node {
    var pointer: JSONPointer
    var tokens: [String]
  }

  /// A tree of `count` nodes, each appended to a random earlier node by `arena`:
  /// a key, an array index (some past 255, some after another index, some that
  /// 32 bits cannot hold) or a chain down a deep branch.
  static func tree(
    count: Int, arena: JSONPointerArena, base: Node = Node(pointer: JSONPointer(), tokens: []),
    using generator: inout SplitMix
  ) -> [Node] {
    var nodes = [base]
    for _ in 0..<count {
      // Half the time the last node, so that branches go deep.
      let parent =
        Bool.random(using: &generator)
        ? nodes[nodes.count - 1] : nodes[Int.random(in: 0..<nodes.count, using: &generator)]
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<5:
        let key = keys[Int.random(in: 0..<keys.count, using: &generator)]
        nodes.append(
          Node(pointer: arena.appending(key, to: parent.pointer), tokens: parent.tokens + [key]))
      case 5..<9:
        let index =
          Bool.random(using: &generator)
          ? Int.random(in: 0..<300, using: &generator)
          : Int.random(in: 0..<100_000, using: &generator)
        nodes.append(
          Node(
            pointer: arena.appending(index, to: parent.pointer),
            tokens: parent.tokens + [String(index)]))
      default:
        let index = [-1, Int(Int32.max), Int(Int32.max) + 1][
          Int.random(in: 0..<3, using: &generator)]
        nodes.append(
          Node(
            pointer: arena.appending(index, to: parent.pointer),
            tokens: parent.tokens + [String(index)]))
      }
    }
    return nodes
  }

  /// Checks `node` against pointers of its tokens built without an arena.
  static func expectSame(_ node: Node, _ other: Node, using generator: inout SplitMix) {
    let pointer = node.pointer
    let tokens = node.tokens
    let listed = JSONPointer(tokens)
    #expect(pointer.tokens == tokens)
    #expect(pointer.count == tokens.count)
    #expect(pointer.isRoot == tokens.isEmpty)
    #expect(pointer.description == printed(tokens))
    var bytes: [UInt8] = [1]
    pointer.appendDescription(to: &bytes)
    #expect(bytes == [1] + Array(printed(tokens).utf8))
    #expect(pointer == listed)
    #expect(listed == pointer)
    #expect(pointer.hashValue == listed.hashValue)
    #expect(JSONPointer(parsing: printed(tokens)) == pointer)
    #expect(pointer.lastToken == tokens.last)
    #expect(pointer.tokenBeforeLast == (tokens.count >= 2 ? tokens[tokens.count - 2] : nil))
    #expect(pointer.parent == (tokens.isEmpty ? nil : JSONPointer(Array(tokens.dropLast()))))
    #expect(pointer.parent?.tokens == (tokens.isEmpty ? nil : Array(tokens.dropLast())))
    let cut = Int.random(in: 0...(tokens.count + 1), using: &generator)
    #expect(pointer.prefix(cut).tokens == Array(tokens.prefix(cut)))
    #expect(pointer.prefix(cut) == JSONPointer(Array(tokens.prefix(cut))))
    #expect(pointer.tokens(droppingFirst: cut) == Array(tokens.dropFirst(cut)))
    let replaced = pointer.replacingFirst(cut, with: other.pointer)
    let replacedTokens = cut > tokens.count ? other.tokens : other.tokens + tokens.dropFirst(cut)
    #expect(replaced.tokens == replacedTokens)
    #expect(replaced == JSONPointer(replacedTokens))
    let underOther = other.pointer.appending(lastTwoTokensOf: pointer)
    #expect(underOther?.tokens == (tokens.count < 2 ? nil : other.tokens + tokens.suffix(2)))
    #expect((pointer == other.pointer) == (tokens == other.tokens))
    #expect((pointer < other.pointer) == (printed(tokens) < printed(other.tokens)))
    #expect(pointer.appending("k~/").tokens == tokens + ["k~/"])
    #expect(pointer.appending(7).tokens == tokens + ["7"])
    #expect(pointer.appending(7).appending(300) == JSONPointer(tokens + ["7", "300"]))
  }

  @Test("pointers appended to an arena equal their tokens built one by one", arguments: 0..<6)
  func randomTrees(seed: UInt64) {
    var generator = SplitMix(seed: seed)
    let arena = JSONPointerArena()
    let nodes = Self.tree(count: 600, arena: arena, using: &generator)
    for node in nodes {
      let other = nodes[Int.random(in: 0..<nodes.count, using: &generator)]
      Self.expectSame(node, other, using: &generator)
    }
    #expect(Set(nodes.map(\.pointer)).count == Set(nodes.map(\.tokens)).count)
  }

  @Test("ownLinks is the same pointer held by links: same tokens, keeping no arena alive")
  func ownLinks() {
    weak var released: JSONPointerArena?
    // Made and dropped inside the closure: only the copies outlive it.
    let copies = { () -> [(owned: JSONPointer, tokens: [String])] in
      var generator = SplitMix(seed: 11)
      let arena = JSONPointerArena()
      released = arena
      var copies: [(owned: JSONPointer, tokens: [String])] = []
      for node in Self.tree(count: 300, arena: arena, using: &generator) {
        // Some with links after the arena's entries, as an item's path grows.
        let pointer = node.tokens.count % 3 == 0 ? node.pointer.appending(4) : node.pointer
        let owned = pointer.ownLinks
        #expect(owned == pointer)
        #expect(owned.hashValue == pointer.hashValue)
        #expect(owned.description == Self.printed(pointer.tokens))
        #expect(!owned.isInArena)
        copies.append((owned, pointer.tokens))
      }
      #expect(copies.count { !$0.tokens.isEmpty } > 250)
      // As a render does once it is done (an arena holds the pointer it adopted last
      // until then, which may be one of its own behind links).
      arena.finish()
      return copies
    }()
    // Nothing kept the arena: only its pointers did, and their copies hold none of it.
    #expect(released == nil)
    for copy in copies { #expect(copy.owned.tokens == copy.tokens) }
    #expect(JSONPointer().ownLinks == JSONPointer())
    #expect(JSONPointer(["a", "b"]).ownLinks.tokens == ["a", "b"])
  }

  @Test("a finished arena's pointers read the same, and appending to it again still works")
  func finished() {
    var generator = SplitMix(seed: 3)
    let arena = JSONPointerArena()
    var nodes = Self.tree(count: 500, arena: arena, using: &generator)
    arena.finish()
    for node in nodes { Self.expectSame(node, nodes[0], using: &generator) }
    nodes += Self.tree(count: 100, arena: arena, base: nodes[nodes.count - 1], using: &generator)
    arena.finish()
    for node in nodes {
      Self.expectSame(
        node, nodes[Int.random(in: 0..<nodes.count, using: &generator)], using: &generator)
    }
  }

  @Test("a second arena appends under a pointer adopted from the first, as a second thread does")
  func twoArenas() {
    var generator = SplitMix(seed: 42)
    let first = JSONPointerArena()
    let firstNodes = Self.tree(count: 300, arena: first, using: &generator)
    var both = firstNodes
    for round in 0..<4 {
      let start = firstNodes[Int.random(in: 0..<firstNodes.count, using: &generator)]
      let second = JSONPointerArena()
      let adopted = second.adopting(start.pointer)
      #expect(adopted == start.pointer)
      #expect(adopted.tokens == start.tokens)
      // Adopted once: appending to it again finds the same copy.
      #expect(second.adopting(start.pointer).isBuilt(on: adopted))
      let base = Node(
        pointer: round.isMultiple(of: 2) ? adopted : start.pointer, tokens: start.tokens)
      both += Self.tree(count: 200, arena: second, base: base, using: &generator)
      // The first arena goes on growing after the second took its copy.
      both += Self.tree(count: 50, arena: first, using: &generator)
    }
    for node in both {
      let other = both[Int.random(in: 0..<both.count, using: &generator)]
      Self.expectSame(node, other, using: &generator)
    }
  }

  @Test("entries dropped by truncate are made again; the pointers before the mark read the same")
  func truncated() {
    var generator = SplitMix(seed: 11)
    let arena = JSONPointerArena()
    let kept = Self.tree(count: 300, arena: arena, using: &generator)
    let mark = arena.entryCount
    // Entries past the mark, some under a pointer adopted from another arena.
    let other = JSONPointerArena()
    let foreign = other.appending(3, to: other.appending("elsewhere", to: JSONPointer()))
    _ = Self.tree(count: 200, arena: arena, base: kept[kept.count - 1], using: &generator)
    _ = arena.appending("x", to: foreign)
    #expect(arena.entryCount > mark)
    arena.truncate(to: mark)
    #expect(arena.entryCount == mark)
    // Nothing past the mark is read again: the adopted copy is made anew.
    let again = arena.appending("y", to: foreign)
    #expect(again.tokens == ["elsewhere", "3", "y"])
    var nodes = kept
    nodes += Self.tree(count: 200, arena: arena, base: kept[17], using: &generator)
    for node in nodes {
      Self.expectSame(
        node, nodes[Int.random(in: 0..<nodes.count, using: &generator)], using: &generator)
    }
    // A mark at or past the end changes nothing.
    let count = arena.entryCount
    arena.truncate(to: count + 5)
    arena.truncate(to: -1)
    #expect(arena.entryCount == count)
  }

  @Test("a key and an index appended at once read as the two appended one after the other")
  func keyAndIndex() {
    var generator = SplitMix(seed: 23)
    let arena = JSONPointerArena()
    let other = JSONPointerArena()
    var nodes = Self.tree(count: 200, arena: arena, using: &generator)
    // Under the arena's pointers, the root, and a pointer of another arena (adopted).
    let bases = nodes + [Node(pointer: other.appending("o", to: JSONPointer()), tokens: ["o"])]
    for base in bases {
      let key = Self.keys[Int.random(in: 0..<Self.keys.count, using: &generator)]
      let index = [0, 7, 300, 99_999, -1, Int(Int32.max), Int(Int32.max) + 1][
        Int.random(in: 0..<7, using: &generator)]
      let before = arena.entryCount
      let pointer = arena.appending(key, index: index, to: base.pointer)
      // One entry, for an index an entry can hold, under one of the arena's pointers
      // (others, and their descendants, are copied in first).
      if index >= 0, index <= Int(Int32.max), base.pointer.isRoot || base.pointer.storage === arena
      {
        #expect(arena.entryCount == before + 1)
      }
      #expect(pointer == arena.appending(index, to: arena.appending(key, to: base.pointer)))
      nodes.append(Node(pointer: pointer, tokens: base.tokens + [key, String(index)]))
    }
    for node in nodes {
      Self.expectSame(
        node, nodes[Int.random(in: 0..<nodes.count, using: &generator)], using: &generator)
    }
  }

  /// A rendered list item's components take their paths from the render's arena: a
  /// child's path is its parent's and the last two tokens of the child's pointer as
  /// written, as ``JSONPointer/appending(lastTwoTokensOf:)`` makes it.
  @Test("the last two tokens of a pointer appended at once read as appended one by one")
  func lastTwoTokens() {
    var generator = SplitMix(seed: 31)
    let arena = JSONPointerArena()
    let other = JSONPointerArena()
    var nodes = Self.tree(count: 200, arena: arena, using: &generator)
    // What the tokens are taken from: pointers of another arena and of links, each
    // ending in a key and an index (one entry or link), two keys, or an index after
    // an index (two positions).
    let sources: [(pointer: JSONPointer, last: [String], isPair: Bool)] = [
      (
        other.appending("children", index: 3, to: other.appending("child", to: JSONPointer())),
        ["children", "3"], true
      ),
      (JSONPointer(["child"]).appending("children").appending(12), ["children", "12"], true),
      (
        other.appending("view", to: other.appending("items", to: JSONPointer())),
        ["items", "view"],
        false
      ),
      (JSONPointer(["a", "children", "3", "child"]), ["3", "child"], false),
      (JSONPointer(["x", "~/", "é 限"]), ["~/", "é 限"], false),
      (JSONPointer(["m"]).appending(4).appending(5), ["4", "5"], false),
    ]
    let bases = nodes + [Node(pointer: JSONPointer(["link", "base"]), tokens: ["link", "base"])]
    for base in bases {
      let source = sources[Int.random(in: 0..<sources.count, using: &generator)]
      let before = arena.entryCount
      let pointer = arena.appending(lastTwoTokensOf: source.pointer, to: base.pointer)
      #expect(pointer == base.pointer.appending(lastTwoTokensOf: source.pointer))
      if source.isPair, base.pointer.isRoot || base.pointer.storage === arena {
        #expect(arena.entryCount == before + 1)
        #expect(pointer?.storage === arena)
      }
      if let pointer { nodes.append(Node(pointer: pointer, tokens: base.tokens + source.last)) }
    }
    for node in nodes {
      Self.expectSame(
        node, nodes[Int.random(in: 0..<nodes.count, using: &generator)], using: &generator)
    }
    // Fewer than two tokens: none.
    #expect(arena.appending(lastTwoTokensOf: JSONPointer(["one"]), to: JSONPointer()) == nil)
    #expect(arena.appending(lastTwoTokensOf: JSONPointer(), to: JSONPointer(["a"])) == nil)
  }

  @Test("a pointer held by links (a decoding's base) is copied into the arena and appended to")
  func foreignBase() {
    var generator = SplitMix(seed: 7)
    let tokens = ["a/b", "c~d", "children", "3"]
    let base = JSONPointer(tokens)
    let arena = JSONPointerArena()
    let nodes = Self.tree(
      count: 200, arena: arena, base: Node(pointer: base, tokens: tokens), using: &generator)
    for node in nodes { Self.expectSame(node, nodes[0], using: &generator) }
    #expect(arena.appending(0, to: base).description == "/a~1b/c~0d/children/3/0")
  }

  @Test("a deep branch: 5000 levels of key and index, each entry built on its parent's")
  func deepBranch() {
    let arena = JSONPointerArena()
    var pointer = JSONPointer()
    var parents: [JSONPointer] = []
    for depth in 0..<5_000 {
      parents.append(pointer)
      pointer = arena.appending(depth, to: arena.appending("onTrue", to: pointer))
    }
    #expect(pointer.count == 10_000)
    #expect(pointer.description.hasSuffix("/onTrue/4998/onTrue/4999"))
    #expect(pointer.description == Self.printed(pointer.tokens))
    #expect(pointer.isBuilt(on: parents[4_000]))
    #expect(pointer.replacingFirst(8_000, with: parents[4_000]) == pointer)
    #expect(pointer.replacingFirst(8_000, with: parents[4_000]).isBuilt(on: parents[4_000]))
    #expect(!JSONPointer(pointer.tokens).isBuilt(on: parents[4_000]))
    #expect(pointer == JSONPointer(pointer.tokens))
  }

  @Test("a key and an index appended to an arena are one entry that reads as two tokens")
  func pairs() {
    let arena = JSONPointerArena()
    let list = arena.appending("children", to: arena.appending("child", to: JSONPointer()))
    let element = arena.appending(3, to: list)
    #expect(element.tokens == ["child", "children", "3"])
    #expect(element.parent == list)
    #expect(element.prefix(2) == list)
    #expect(element.prefix(2).lastToken == "children")
    #expect(element.tokenBeforeLast == "children")
    #expect(element.isBuilt(on: list.parent ?? JSONPointer()))
    #expect(JSONPointer().appending(lastTwoTokensOf: element)?.description == "/children/3")
    // An index after an index is a token of its own.
    #expect(arena.appending(300, to: element).description == "/child/children/3/300")
    #expect(arena.appending(0, to: JSONPointer()).tokens == ["0"])
  }
}
