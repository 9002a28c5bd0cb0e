import BeagleJSON
import BeagleTestSupport
import Testing

@testable import BeagleRuntime

/// Every decoded node's pointer is where it is written, however the decoder holds it
/// (entries of its arena; two arenas when a large screen is decoded on two threads).
/// Each generated component's `id` and each alert's `message` is the pointer the
/// generator wrote it at, so the expected pointers come from the generator, not from
/// the decoder.
@Suite struct DecodedPointerTests {
  /// A component at `pointer` (its string form), with children and actions
  /// at random: wide lists (indices past 255) near the root, deep nesting below.
  static func component(
    at pointer: String, depth: Int, budget: inout Int, using generator: inout SplitMix
  ) -> String {
    budget -= 1
    var fields = [#""_beagleComponent_": "beagle:container""#, #""id": "\#(pointer)""#]
    if Int.random(in: 0..<3, using: &generator) == 0 {
      var actions: [String] = []
      for index in 0..<Int.random(in: 1...3, using: &generator) {
        actions.append(action(at: "\(pointer)/onInit/\(index)", depth: 0, using: &generator))
      }
      fields.append(#""onInit": [\#(actions.joined(separator: ","))]"#)
    }
    if depth < 40, budget > 0 {
      let wide = depth < 2 && Bool.random(using: &generator)
      let count =
        wide
        ? Int.random(in: 257...400, using: &generator) : Int.random(in: 0...3, using: &generator)
      var children: [String] = []
      for index in 0..<count where budget > 0 {
        children.append(
          component(
            at: "\(pointer)/children/\(index)", depth: depth + 1, budget: &budget,
            using: &generator))
      }
      fields.append(#""children": [\#(children.joined(separator: ","))]"#)
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  /// An alert (whose message is its pointer), some inside conditions.
  static func action(at pointer: String, depth: Int, using generator: inout SplitMix) -> String {
    if depth < 5, Bool.random(using: &generator) {
      let inner = action(at: "\(pointer)/onTrue/0", depth: depth + 1, using: &generator)
      return #"{"_beagleAction_": "beagle:condition", "condition": true, "onTrue": [\#(inner)]}"#
    }
    return #"{"_beagleAction_": "beagle:alert", "message": "\#(pointer)"}"#
  }

  /// Checks `node` and everything under it; returns how many pointers it checked.
  @discardableResult
  static func expectWritten(_ node: ComponentNode) -> Int {
    var checked = 1
    let pointer = node.location.pointer
    #expect(pointer.description == node.id)
    #expect(pointer == JSONPointer(parsing: node.id ?? ""))
    for handler in node.events {
      #expect(handler.location.pointer.description == "\(node.id ?? "")/\(handler.name)")
      for action in handler.actions { checked += expectWritten(action) }
    }
    for child in node.children { checked += expectWritten(child) }
    return checked
  }

  static func expectWritten(_ action: ActionNode) -> Int {
    var checked = 1
    let pointer = action.location.pointer
    if case .string(let message)? = action.fields["message"] {
      #expect(pointer.description == message)
      #expect(pointer == JSONPointer(parsing: message))
    } else {
      #expect(action.type == "beagle:condition")
    }
    for handler in action.events {
      for nested in handler.actions { checked += expectWritten(nested) }
    }
    return checked
  }

  @Test(
    "decoded pointers are where the nodes are written, on one thread and on two", arguments: 0..<4)
  func randomScreens(seed: UInt64) throws {
    var generator = SplitMix(seed: seed)
    var budget = 1_500
    let root = Self.component(at: "", depth: 0, budget: &budget, using: &generator)
    let document = try JSONDocument(parsing: Array(root.utf8))
    let one = Decoder().decode(document)
    let two = Decoder(parallelThreshold: 0).decode(document)
    #expect(one.diagnostics == [])
    #expect(two.diagnostics == [])
    let oneRoot = try #require(one.root)
    let twoRoot = try #require(two.root)
    #expect(Self.expectWritten(oneRoot) > 1_000)
    #expect(Self.expectWritten(twoRoot) > 1_000)
    #expect(oneRoot == twoRoot)
  }

  @Test("a value decoded at a given pointer: its nodes' pointers continue that one")
  func decodedAtPointer() throws {
    let base = JSONPointer(["a/b", "c~d", "value"])
    var generator = SplitMix(seed: 9)
    var budget = 200
    let prefix = base.description
    let text = Self.component(at: prefix, depth: 0, budget: &budget, using: &generator)
    let value = try JSONValue(parsing: text)
    let result = Decoder().decodeComponent(value, pointer: base)
    #expect(result.diagnostics == [])
    let root = try #require(result.root)
    #expect(root.location.pointer == base)
    // Every generated component (and each action) was checked.
    #expect(Self.expectWritten(root) >= 200 - budget)
    #expect(200 - budget > 20)
  }

  @Test("a file's nodes keep its name through a new pointer, and their pointers through a new name")
  func sourceNames() throws {
    var generator = SplitMix(seed: 5)
    var budget = 600
    let text = Self.component(at: "", depth: 0, budget: &budget, using: &generator)
    let document = try JSONDocument(parsing: Array(text.utf8))
    for threshold in [nil, 0] {
      let result = Decoder(source: "screens/a.json", parallelThreshold: threshold).decode(document)
      var nodes = [try #require(result.root)]
      var checked = 0
      while let node = nodes.popLast() {
        nodes += node.children
        var location = node.location
        #expect(location.source == "screens/a.json")
        #expect(location.pointer.description == node.id)
        location.pointer = JSONPointer(["x/y", "0"])
        #expect(location.source == "screens/a.json")
        #expect(location.pointer == JSONPointer(parsing: "/x~1y/0"))
        location.source = nil
        #expect(location.source == nil)
        #expect(location.pointer.description == "/x~1y/0")
        var renamed = node.location
        renamed.source = "other.json"
        #expect(renamed.source == "other.json")
        #expect(renamed.pointer == node.location.pointer)
        #expect(renamed != node.location)
        renamed.source = "screens/a.json"
        #expect(renamed == node.location)
        checked += 1
      }
      #expect(checked == 600 - budget)
    }
    // A location made from parts, with a decoded pointer and another file's name.
    let child =
      #"{"_beagleComponent_": "beagle:container", "children": [{"_beagleComponent_": "beagle:text", "text": "x"}]}"#
    let small = try JSONDocument(parsing: Array(child.utf8))
    let decoded = try #require(Decoder(source: "b.json").decode(small).root?.children.first)
    #expect(decoded.location.source == "b.json")
    let location = SourceLocation(pointer: decoded.location.pointer, offset: 3, source: "c.json")
    #expect(location.source == "c.json")
    #expect(location.pointer == decoded.location.pointer)
  }

  @Test("diagnostics on both threads carry the pointers of what they are about")
  func diagnosticPointers() throws {
    var children: [String] = []
    for index in 0..<300 {
      let type = index % 97 == 0 ? "beagle:txet" : "beagle:text"
      children.append(#"{"_beagleComponent_": "\#(type)", "text": "t"}"#)
    }
    let text =
      #"{"_beagleComponent_": "beagle:container", "children": [\#(children.joined(separator: ","))]}"#
    let document = try JSONDocument(parsing: Array(text.utf8))
    for threshold in [nil, 0] {
      let result = Decoder(parallelThreshold: threshold).decode(document)
      #expect(
        result.diagnostics.map { $0.pointer?.description ?? "" }
          == [0, 97, 194, 291].map {
            "/children/\($0)/_beagleComponent_"
          })
    }
  }
}
