import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

/// A large screen is decoded and checked on two threads, cut at the array of
/// components holding half of it (ParallelSplit): the tree and the diagnostics must
/// be those one thread finds, in the same order. The thresholds are forced down so
/// that a small generated screen takes the two-thread path.
@Suite struct ParallelCheckTests {
  /// A screen whose root container declares the context `page` and holds `count`
  /// sections; sections 3 and `count - 9` name an unknown component, 5 and
  /// `count - 4` bind to contexts nothing declares, `count - 7` holds an expression
  /// that does not parse, and every other section reads `page` (in scope: docs/spec.md
  /// §4.4). With 40 sections: 3, 31, 5, 36 and 33.
  static func screen(count: Int = 40) -> String {
    var sections: [String] = []
    for index in 0..<count {
      let text: String
      switch index {
      case 3, count - 9: text = #"{"_beagleComponent_": "beagle:txet", "text": "x"}"#
      case 5, count - 4:
        text = #"{"_beagleComponent_": "beagle:text", "text": "@{missing\#(index).a}"}"#
      case count - 7: text = #"{"_beagleComponent_": "beagle:text", "text": "@{sum(1,}"}"#
      default: text = #"{"_beagleComponent_": "beagle:text", "text": "@{page.title} \#(index)"}"#
      }
      sections.append(
        #"{"_beagleComponent_": "beagle:container", "id": "s\#(index)", "children": [\#(text)]}"#)
    }
    return #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:container",
        "context": {"id": "page", "value": {"title": "t"}},
        "children": [\#(sections.joined(separator: ",\n"))]}}
      """#
  }

  func diagnostics(
    of text: String, threshold: Int?
  ) throws -> (
    tree: ComponentNode?, found: [Diagnostic]
  ) {
    let document = try JSONDocument(parsing: Array(text.utf8))
    let result = Decoder(parallelThreshold: threshold).decode(document)
    let root = try #require(result.root)
    let checked = ScreenChecker(
      operations: .standard, profile: .ios, styles: nil, parallelThreshold: threshold
    ).check(root, in: document)
    return (root, result.diagnostics + checked)
  }

  @Test("two threads find the same tree and diagnostics, in the same order, as one")
  func sameAsOneThread() throws {
    let text = Self.screen()
    let one = try diagnostics(of: text, threshold: nil)
    let two = try diagnostics(of: text, threshold: 0)
    #expect(two.tree == one.tree)
    #expect(two.found == one.found)
    // Document order, both halves: decoding's warnings, then the bindings'.
    #expect(
      two.found.map { $0.pointer?.description ?? "" } == [
        "/child/children/3/children/0/_beagleComponent_",
        "/child/children/31/children/0/_beagleComponent_",
        "/child/children/5/children/0/text",
        "/child/children/33/children/0/text",
        "/child/children/36/children/0/text",
      ])
    #expect(two.found[0].message == "unknown component 'beagle:txet'; did you mean 'beagle:text'?")
    #expect(two.found[2].message == "no enclosing component declares context 'missing5'")
    #expect(two.found[4].message == "no enclosing component declares context 'missing36'")
  }

  @Test("the generated screen is cut in its sections' array, between its halves")
  func screenIsCut() throws {
    let document = try JSONDocument(parsing: Array(Self.screen().utf8))
    let sections = try #require(document.root["child"]?["children"])
    let starts = sections.enumeratedElements.map { $0.element.tapeIndex }
    let cut = try #require(
      ParallelSplit(tokens: document.tokenCount).secondHalf(starts: starts, end: sections.tapeEnd))
    #expect(cut > 3 && cut <= 31)
  }

  @Test("the second half is decoded through a twin of the document, and reads the same")
  func secondHalfReadsTwin() throws {
    let text = Self.screen()
    let document = try JSONDocument(parsing: Array(text.utf8))
    let sections = try #require(document.root["child"]?["children"])
    let cut = try #require(
      ParallelSplit(tokens: document.tokenCount).secondHalf(
        starts: sections.enumeratedElements.map { $0.element.tapeIndex }, end: sections.tapeEnd))
    let one = try #require(Decoder().decode(document).root)
    let two = try #require(Decoder(parallelThreshold: 0).decode(document).root)
    #expect(two == one)
    let decoded = try #require(two.children.first?.children)
    #expect(decoded.count == 40)
    // Each known section's text, still in a document: the first half's in the one
    // parsed, the second half's in one twin of it (the same for all of them).
    let documents = decoded.map { $0.children.first?.properties.source?.document }
    // Sections 3 and 31 name an unknown component.
    #expect(documents.indices.filter { documents[$0] == nil } == [3, 31])
    let twin = try #require(documents[cut])
    #expect(twin !== document)
    #expect(twin.bytes == document.bytes)
    for (index, found) in documents.enumerated() {
      guard let found else { continue }
      #expect(found === (index < cut ? document : twin))
    }
    #expect(decoded[cut].children.first?.properties["text"] == .string("@{page.title} \(cut)"))
    // And with twins of the registry's definitions, under type names of its own: equal
    // to the first half's, in other objects (a field table of their own).
    let first = try #require(decoded[0].children.first)
    let second = try #require(decoded[cut].children.first)
    #expect(first.definition == second.definition)
    #expect(first.definition?.fields == second.definition?.fields)
    #expect(first.nodeType !== second.nodeType)
    #expect(decoded[1].children.first?.nodeType === first.nodeType)
    #expect(decoded[cut + 1].children.first?.nodeType === second.nodeType)
    func table(_ node: ComponentNode) -> UnsafePointer<FieldSpec>? {
      node.definition?.fields.withUnsafeBufferPointer { $0.baseAddress }
    }
    #expect(table(first) != table(second))
    #expect(
      table(first)
        == Registry.builtIn.component(named: "beagle:text").flatMap { definition in
          definition.fields.withUnsafeBufferPointer { $0.baseAddress }
        })
  }

  @Test("the second half has one twin of a definition, however many ways its type is spelled")
  func oneTwinPerDefinition() throws {
    // Escaped type names are not kept by the type-name cache: each is looked up again.
    let sections = (0..<40).map { index in
      #"{"_beagleComponent_": "beagle:te\u0078t", "text": "\#(index)"}"#
    }
    let text = #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:container",
        "children": [\#(sections.joined(separator: ",\n"))]}}
      """#
    let document = try JSONDocument(parsing: Array(text.utf8))
    let root = try #require(Decoder(parallelThreshold: 0).decode(document).root)
    let texts = try #require(root.children.first?.children)
    #expect(texts.count == 40)
    #expect(texts.allSatisfy { $0.typeName == "beagle:text" })
    func table(_ node: ComponentNode) -> UnsafePointer<FieldSpec>? {
      node.definition?.fields.withUnsafeBufferPointer { $0.baseAddress }
    }
    let tables = texts.map(table)
    let registry = Registry.builtIn.component(named: "beagle:text").flatMap { definition in
      definition.fields.withUnsafeBufferPointer { $0.baseAddress }
    }
    // The first half reads the registry's table; the second, one twin's, for all of it.
    #expect(tables.first == registry)
    let twin = try #require(tables.last)
    #expect(twin != registry)
    #expect(tables.filter { $0 == twin }.count + tables.filter { $0 == registry }.count == 40)
    #expect(tables.filter { $0 == twin }.count >= 10)
  }

  @Test(
    "an array is cut between the elements closest to its middle, if each half holds a quarter",
    arguments: [
      ([10, 300, 520, 900], 1_000, 2 as Int?),
      ([0, 100, 200, 300, 400], 500, 2),
      // One element holds most of it: an array inside that one may be cut instead.
      ([0, 900], 1_000, nil),
      // Less than half the document.
      ([0, 200], 400, nil),
      ([0], 1_000, nil),
    ])
  func cutPoint(starts: [Int], end: Int, expected: Int?) {
    #expect(ParallelSplit(tokens: 1_000).secondHalf(starts: starts, end: end) == expected)
  }

  @Test("the cut is the same whatever the thread timing: many runs, one result")
  func repeatable() throws {
    let text = Self.screen(count: 200)
    let one = try diagnostics(of: text, threshold: nil).found
    for _ in 0..<20 {
      #expect(try diagnostics(of: text, threshold: 0).found == one)
    }
  }
}
