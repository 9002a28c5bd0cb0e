import BeagleTestSupport
import Testing

@testable import BeagleJSON

/// The expression-marker index (``JSONDocument/markedStrings``): the string values
/// whose decoded text holds `@{` — Beagle reads a string as an expression when it
/// holds `@{` (spec/beagle.md §5.1: "a string that contains no `@{` is a plain string"),
/// however the JSON spells those two characters.
@Suite struct MarkedStringsTests {
  /// One string value (JSON text, quotes included) and whether it is marked.
  static let strings: [(json: String, isMarked: Bool)] = [
    (#""@{a}""#, true),
    (#""@{""#, true),
    (#""x @{""#, true),
    (#""@""#, false),
    (#""{@""#, false),
    (#""@ {""#, false),
    (#""a@""#, false),
    (#""plain text""#, false),
    // Across the parser's 8-byte words, and long strings.
    (#""1234567@{a}""#, true),
    (#""12345678@{a}""#, true),
    (#""123456789012345@{ctx.value} and more text after it""#, true),
    (#""user@example.com {not one}""#, false),
    (#""@@{a}""#, true),
    (#""@@@@@@@@{""#, true),
    (#""@@@@@@@@ {""#, false),
    // Escapes spelling `@` or `{`.
    (#""\u0040{a}""#, true),
    (#""@\u007b""#, true),
    (#""@\u007B""#, true),
    (#""\u0040\u007b""#, true),
    (#""x\u0040""#, false),
    (#""\u0040 {""#, false),
    (#""\u0041{""#, false),
    (#""\u00400{""#, false),
    // Other escapes: a backslash before `@{` is text; an escape between breaks it.
    (#""\\@{a}""#, true),
    (#""@\n{""#, false),
    (#""@\\{""#, false),
    (#""@\/{""#, false),
    (#""\"@{\"""#, true),
    // Non-ASCII text around it.
    (#""é@{a}""#, true),
    (#""😀@{a}😀""#, true),
    (#""\uD83D\uDE00@{a}""#, true),
    (#""@\uD83D\uDE00{""#, false),
    (#""\u00e9\u0040{""#, true),
    (#""é@é{""#, false),
  ]

  @Test("a string value is marked when its decoded text holds '@{'", arguments: strings)
  func string(json: String, isMarked: Bool) throws {
    // Alone (the parser's last bytes are read one at a time), in an array, and as
    // an object's value with text after it (read eight bytes at a time).
    for (text, index) in [
      (json, 0), ("[\(json)]", 1), (#"{"k": \#(json), "padding": "0123456789abcdef"}"#, 2),
    ] {
      let document = try JSONDocument(parsing: Array(text.utf8))
      #expect(document.markedStrings == (isMarked ? [UInt32(index)] : []), "\(text)")
      let decoded = try #require(document.node(atTapeIndex: index).stringValue)
      #expect(decoded.contains("@{") == isMarked, "\(text) decodes to \(decoded)")
    }
  }

  @Test("keys holding '@{' are not marked; their values are only if they hold it")
  func keys() throws {
    let text = #"{"@{k}": "v", "\u0040{k}": ["@{x}"], "k": {"@{inner}": 1, "m": "@{y}"}}"#
    let document = try JSONDocument(parsing: Array(text.utf8))
    // Tape: 0 {, 1 key, 2 "v", 3 key, 4 [, 5 "@{x}", 6 key "k", 7 {, 8 key, 9 1, 10 key "m", 11 "@{y}".
    #expect(document.markedStrings == [5, 11])
    #expect(Array(document.markedStrings(inValueAt: 0)) == [5, 11])
    #expect(Array(document.markedStrings(inValueAt: 4)) == [5])
    #expect(Array(document.markedStrings(inValueAt: 7)) == [11])
    #expect(document.markedStrings(inValueAt: 2).isEmpty)
    #expect(document.markedStrings(inValueAt: 9).isEmpty)
    #expect(Array(document.markedStrings(inValueAt: 11)) == [11])
    #expect(document.hasMarkedStrings(inValueAt: 7))
    #expect(!document.hasMarkedStrings(inValueAt: 2))
    #expect(document.root["k"]?.markedStrings.map(\.stringValue) == ["@{y}"])
  }

  @Test("objects where a key may repeat are found inside a value")
  func repeatedKeys() throws {
    let text = #"[{"a": 1}, {"b": {"c": 1, "c": "@{x}"}}, {"d": "@{y}"}]"#
    let document = try JSONDocument(parsing: Array(text.utf8))
    let outer = try #require(document.root[1])
    let inner = try #require(outer["b"])
    #expect(document.mayRepeatKeys(inValueAt: 0))
    #expect(document.mayRepeatKeys(inValueAt: outer.tapeIndex))
    #expect(document.mayRepeatKeys(inValueAt: inner.tapeIndex))
    #expect(!document.mayRepeatKeys(inValueAt: try #require(document.root[0]).tapeIndex))
    #expect(!document.mayRepeatKeys(inValueAt: try #require(document.root[2]).tapeIndex))
    // The tape keeps both of the repeats; the walk gives up on such a value.
    #expect(inner.markedStrings.map(\.stringValue) == ["@{x}"])
    #expect(!inner.forEachExpressionString { _ in })
    var found: [String?] = []
    #expect(try #require(document.root[2]).forEachExpressionString { found.append($0.stringValue) })
    #expect(found == ["@{y}"])
  }

  @Test("the index agrees with a scan of every decoded string, in generated documents")
  func generated() throws {
    var generator = Generator(state: 20)
    var markedTotal = 0
    for _ in 0..<1_000 {
      let text = generator.document()
      let document = try JSONDocument(parsing: Array(text.utf8))
      var expected: [Int] = []
      var values: [JSONNode] = []
      Self.scan(document.root, marked: &expected, values: &values)
      #expect(document.markedStrings.map { Int($0) } == expected, "\(text)")
      markedTotal += expected.count
      // Every value's range: the marked strings inside it, in order.
      for value in values {
        var inside: [Int] = []
        var ignored: [JSONNode] = []
        Self.scan(value, marked: &inside, values: &ignored)
        #expect(
          document.markedStrings(inValueAt: value.tapeIndex).map { Int($0) } == inside,
          "\(text) at \(value.tapeIndex)")
        #expect(document.hasMarkedStrings(inValueAt: value.tapeIndex) == !inside.isEmpty)
      }
    }
    // The generator does produce marked strings (and unmarked ones).
    #expect(markedTotal > 200)
  }

  /// `forEachValueHoldingMarkedStrings` (the binding check's walk over a component's
  /// members) against `markedStrings(inValueAt:)` for each value: in document order
  /// (one search, then a cursor moving forward), out of order (a new search), and
  /// with values that hold none between ones that do. Values are a container's
  /// children, which do not overlap (as the members a component keeps).
  @Test("each value's marked strings are found whatever the order of the values")
  func forEachValue() throws {
    var generator = Generator(state: 33)
    var calls = 0
    for round in 0..<3_000 {
      let document = try JSONDocument(parsing: Array(generator.document().utf8))
      var ignored: [Int] = []
      var nodes: [JSONNode] = []
      Self.scan(document.root, marked: &ignored, values: &nodes)
      // The children of one container (values that do not overlap, as an object's
      // members): in order, or some of them in a random order.
      let containers = nodes.filter { $0.kind == .object || $0.kind == .array }
      guard !containers.isEmpty else { continue }
      let container = containers[generator.below(containers.count)]
      var values =
        container.kind == .object
        ? container.members.map { UInt32($0.value.tapeIndex) }
        : container.elements.map { UInt32($0.tapeIndex) }
      if round % 2 == 1 {
        var shuffled: [UInt32] = []
        while !values.isEmpty {
          let value = values.remove(at: generator.below(values.count))
          if generator.below(3) > 0 { shuffled.append(value) }
        }
        values = shuffled
      }
      var found: [Int: [UInt32]] = [:]
      document.forEachValueHoldingMarkedStrings(values) { position, marked in
        #expect(found[position] == nil)
        found[position] = Array(marked)
        calls += 1
      }
      for (position, value) in values.enumerated() {
        let expected = Array(document.markedStrings(inValueAt: Int(value)))
        #expect(found[position] ?? [] == expected, "value \(value) of \(values)")
      }
    }
    #expect(calls > 100)
  }

  /// Brute force: every string value under `node` (keys excluded, repeated keys'
  /// values included), decoded and searched.
  private static func scan(_ node: JSONNode, marked: inout [Int], values: inout [JSONNode]) {
    values.append(node)
    switch node.kind {
    case .string:
      if let text = node.stringValue, text.contains("@{") { marked.append(node.tapeIndex) }
    case .array:
      for element in node.elements { scan(element, marked: &marked, values: &values) }
    case .object:
      for (_, member) in node.members { scan(member, marked: &marked, values: &values) }
    default:
      break
    }
  }
}

/// Random JSON documents built from pieces that spell or nearly spell `@{`
/// (SplitMix64, so every run tests the same documents).
private struct Generator {
  var random: SplitMix

  init(state: UInt64) { random = SplitMix(seed: state) }

  mutating func below(_ bound: Int) -> Int { random.below(bound) }

  static let pieces = [
    "@", "{", "}", "@{", "a", "x.y", " ", "0123456789", "\\u0040", "\\u007b", "\\u007B",
    "\\u0041", "\\n", "\\\\", "\\\"", "\\/", "é", "😀", "\\uD83D\\uDE00", "\\u00e9", "@@",
    "abcdefgh",
  ]

  mutating func string() -> String {
    var text = "\""
    for _ in 0..<below(7) { text += Self.pieces[below(Self.pieces.count)] }
    return text + "\""
  }

  mutating func value(depth: Int) -> String {
    switch depth > 3 ? below(3) : below(6) {
    case 0, 1: return string()
    case 2: return ["1", "-2.5", "true", "null"][below(4)]
    case 3, 4:
      let members = (0..<below(5)).map { _ in
        // Keys are drawn from a few, so some repeat.
        (below(3) == 0 ? ["\"k\"", "\"@{k}\""][below(2)] : string()) + ":"
          + value(depth: depth + 1)
      }
      return "{" + members.joined(separator: ",") + "}"
    default:
      return "[" + (0..<below(5)).map { _ in value(depth: depth + 1) }.joined(separator: ",") + "]"
    }
  }

  mutating func document() -> String { value(depth: 0) }
}
