import BeagleTestSupport
import Testing

@testable import BeagleJSON

/// The parse on two threads (``JSONParser/parse(_:inTwoParts:)``) gives the serial
/// parse's document, token for token and side table for side table, and its errors,
/// wherever the input is cut. The second part runs on the calling thread here (the
/// hook only decides where the job runs); the CLI's tests run it on a second thread.
@Suite struct TwoPartParseTests {
  /// Runs the job at once, on this thread.
  static func inline(
    _ job: @escaping @Sendable () -> JSONParser.SecondPart
  ) -> () -> JSONParser.SecondPart {
    let part = job()
    return { part }
  }

  /// Parses `bytes` serially and cut at `cut`; expects the same outcome; returns
  /// whether the parts were joined.
  @discardableResult
  static func expectSameParse(
    _ bytes: [UInt8], cut: Int?, options: JSONParser.Options = JSONParser.Options(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let parser = JSONParser(options: options)
    let serial = Result { () throws(JSONSyntaxError) in try parser.parse(bytes) }
    let split = Result { () throws(JSONSyntaxError) in
      try parser.parse(bytes, cutAt: cut, inTwoParts: inline)
    }
    switch (serial, split) {
    case (.success(let expected), .success(let found)):
      expectIdentical(found.document, expected, cut: cut, sourceLocation: sourceLocation)
      return found.isJoined
    case (.failure(let expected), .failure(let found)):
      #expect(found == expected, "cut at \(cut ?? -1)", sourceLocation: sourceLocation)
      #expect(found.description == expected.description, sourceLocation: sourceLocation)
    default:
      Issue.record(
        "cut at \(cut ?? -1): serial \(serial), two parts \(split.map(\.isJoined))",
        sourceLocation: sourceLocation)
    }
    return false
  }

  /// Every token and every side table of the two documents are equal.
  static func expectIdentical(
    _ found: JSONDocument, _ expected: JSONDocument, cut: Int?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(found.bytes == expected.bytes, sourceLocation: sourceLocation)
    #expect(
      found.tape.packed == expected.tape.packed, "cut \(cut ?? -1)", sourceLocation: sourceLocation)
    #expect(
      found.tape.containers == expected.tape.containers, "cut \(cut ?? -1)",
      sourceLocation: sourceLocation)
    #expect(
      found.flaggedObjects == expected.flaggedObjects, "cut \(cut ?? -1)",
      sourceLocation: sourceLocation)
    #expect(
      found.markedStrings == expected.markedStrings, "cut \(cut ?? -1)",
      sourceLocation: sourceLocation)
  }

  /// The offsets just past each comma: every cut the parse can join at, and many
  /// where it cannot (commas in objects and in strings).
  static func commaCuts(_ bytes: [UInt8]) -> [Int] {
    bytes.indices.filter { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: ",") }
  }

  @Test("a screen cut after each comma parses to the serial document, joined where it can be")
  func screenCutEverywhere() {
    let text = #"""
      {"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:container",
      "context":{"id":"c","value":{"a":[1,-2.5e3,true,null],"a":"dup"}},"children":[
      {"_beagleComponent_":"beagle:text","text":"@{c.a}"},{"_beagleComponent_":"beagle:text",
      "text":"a,{\"_beagleComponent_\":\"x\"} \\\" é \u0040{y}"},{"_beagleComponent_":"beagle:button",
      "text":"go","onPress":[{"_beagleAction_":"beagle:alert","message":"@{c}"}]},[[[],[{}]]],
      {"_beagleComponent_":"beagle:text","text":"last","k":1,"k":2}]},"tail":[0,{"x":"@{z}"}]}
      """#
    let bytes = Array(text.utf8)
    var joined = 0
    for cut in Self.commaCuts(bytes) where Self.expectSameParse(bytes, cut: cut) {
      joined += 1
    }
    // The commas between array elements, outside strings: `,-2.5e3` `,true`
    // `,null`; three before a child component and one before `[[[`; `,[{}]`;
    // `,{"x"`. Not the `,{\"_be…` inside a string, nor the objects' commas.
    #expect(joined == 9)
    #expect(Self.expectSameParse(bytes, cut: bytes.withUnsafeBufferPointer(SecondPartCut.find)))
  }

  @Test("seeded generated documents parse the same at every comma and at random cuts")
  func generatedDocuments() {
    var random = SplitMix(seed: 0x5EC0_4D9A_47)
    var joined = 0
    var cuts = 0
    var sizes = 0
    for _ in 0..<40 {
      var generator = DocumentGenerator(random: random)
      let bytes = Array(generator.document().utf8)
      random = generator.random
      sizes += bytes.count
      // Every comma of the smaller documents, 60 of each larger one.
      var positions = Self.commaCuts(bytes)
      while positions.count > 60 { positions.remove(at: random.below(positions.count)) }
      for _ in 0..<8 { positions.append(random.below(bytes.count + 2) - 1) }
      for cut in positions {
        cuts += 1
        if Self.expectSameParse(bytes, cut: cut) { joined += 1 }
      }
    }
    // Most commas are between array elements or object members; a join must have
    // happened often enough to have been tested.
    #expect(joined > 400, "\(joined) of \(cuts) cuts joined, \(sizes) bytes")
    #expect(cuts > joined)
  }

  @Test("a nesting limit reached in the second part, or only counting the first's depth")
  func nestingAcrossTheCut() {
    // Depth 4 at the cut (root object, array, object, array), 3 more after it.
    let text = #"{"a":[{"b":[1,[[[2]]]]}]}"#
    let bytes = Array(text.utf8)
    let cut = bytes.firstIndex(of: UInt8(ascii: ","))! + 1  // safe: the text has one
    for limit in 1...9 {
      let joined = Self.expectSameParse(
        bytes, cut: cut, options: JSONParser.Options(maximumDepth: limit))
      // Joined exactly when the whole document fits the limit (depth 7).
      #expect(joined == (limit >= 7), "limit \(limit)")
    }
  }

  @Test("malformed input before, after and at the cut gives the serial error")
  func malformedInput() {
    var random = SplitMix(seed: 0xBAD_1D)
    let insertions: [UInt8] = Array(#",]}"\{:[x 0-"#.utf8) + [0x01, 0xFF, 0xC3]
    var failures = 0
    for _ in 0..<60 {
      var generator = DocumentGenerator(random: random)
      let valid = Array(generator.document().utf8)
      random = generator.random
      let cuts = Self.commaCuts(valid)
      guard !cuts.isEmpty else { continue }
      for _ in 0..<30 {
        let cut = cuts[random.below(cuts.count)]
        // Before, after or next to the cut.
        let position =
          switch random.below(3) {
          case 0: random.below(cut)
          case 1: cut + random.below(valid.count - cut)
          default: max(0, min(valid.count - 1, cut - 2 + random.below(4)))
          }
        var bytes = valid
        switch random.below(3) {
        case 0: bytes.remove(at: position)
        case 1: bytes.insert(insertions[random.below(insertions.count)], at: position)
        default: bytes[position] = insertions[random.below(insertions.count)]
        }
        if (try? JSONParser().parse(bytes)) == nil { failures += 1 }
        Self.expectSameParse(bytes, cut: cut)
      }
    }
    #expect(failures > 500)
  }

  @Test("the cut is found just past a comma before an object, not inside a string")
  func cutFinding() {
    func cut(_ text: String) -> Int? {
      Array(text.utf8).withUnsafeBufferPointer(SecondPartCut.find)
    }
    // The middle is byte 20; the first pattern from there on.
    #expect(cut(#"[{"a":1},{"b":2},{"c":3},{"d":4},{"e":5}]"#) == 25)
    // A quote after `,{` that ends a string there (`"q,{"` is followed by `,`).
    #expect(cut(#"{"a":[1,2,3,4,5], "x,{":0,"y":"q,{", "z" : [9,{"q":1}]}"#) == 46)
    #expect(cut(#"[1,2,3,4,5,6,7,8,9,10,11,12]"#) == nil)
    #expect(cut("[\n  {\"a\": 1},\n  {\"b\": 2},\n  {\n    \"c\": 3\n  }\n]") == 25)
  }
}

/// Random JSON texts with what a cut must survive: strings holding `,{"_beagle…`,
/// runs of escaped quotes and backslashes, `\u` escapes, non-ASCII text and `@{`;
/// repeated keys; deep nesting; numbers of every shape; some whitespace.
struct DocumentGenerator {
  var random: SplitMix
  private var depth = 0

  init(random: SplitMix) { self.random = random }

  static let stringPieces = [
    "text", #",{\"_beagleComponent_\":\"beagle:text\"}"#, #"\\\""#, #"\\\\"#, #"\\\\\""#,
    #"\u00e9"#, "é", "日本", "😀", "@{ctx.a}", #"\u0040{x}"#, #"@\u007b"#, #"\n\t"#, ",{",
    #"\""#, "]}", #"\ud83d\ude00"#, "",
  ]
  static let keys = [
    "_beagleComponent_", "text", "a", "b", "children", "a", "k\\u0061", "é", "@{k}", "longer-key-1",
    "longer-key-2",
  ]

  mutating func document() -> String {
    depth = 0
    return random.below(4) == 0 ? value() : components()
  }

  private mutating func whitespace() -> String {
    random.below(8) == 0 ? [" ", "\n  ", "\t", "\r\n"][random.below(4)] : ""
  }

  private mutating func string() -> String {
    var text = "\""
    for _ in 0..<random.below(4) {
      text += Self.stringPieces[random.below(Self.stringPieces.count)]
    }
    return text + "\""
  }

  private mutating func number() -> String {
    ["0", "-0", "7", "-12", "3.25", "-0.5e10", "1E-3", "123456789012", "2e+8"][random.below(9)]
  }

  /// An array of components, what screens are made of.
  private mutating func components() -> String {
    depth += 1
    defer { depth -= 1 }
    var parts: [String] = []
    for _ in 0..<(1 + random.below(5)) {
      var members = [#""_beagleComponent_":"beagle:text""#]
      for _ in 0..<random.below(4) { members.append(member()) }
      if depth < 4, random.below(3) == 0 { members.append(#""children":"# + components()) }
      parts.append("{" + members.joined(separator: "," + whitespace()) + "}")
    }
    return "[" + whitespace() + parts.joined(separator: "," + whitespace()) + "]"
  }

  private mutating func member() -> String {
    Self.keyString(Self.keys[random.below(Self.keys.count)]) + whitespace() + ":" + whitespace()
      + value()
  }

  private static func keyString(_ key: String) -> String { "\"" + key + "\"" }

  private mutating func value() -> String {
    depth += 1
    defer { depth -= 1 }
    let choice = depth > 7 ? 4 + random.below(5) : random.below(10)
    switch choice {
    case 0:
      return components()
    case 1, 2:
      // Large objects too: more keys than the parser compares pairwise.
      let count = random.below(4) == 0 ? 18 : random.below(5)
      var members: [String] = []
      for _ in 0..<count { members.append(member()) }
      return "{" + whitespace() + members.joined(separator: ",") + "}"
    case 3:
      var elements: [String] = []
      for _ in 0..<random.below(5) { elements.append(value()) }
      return "[" + elements.joined(separator: "," + whitespace()) + whitespace() + "]"
    case 4, 5:
      return string()
    case 6:
      return number()
    case 7:
      return ["true", "false", "null"][random.below(3)]
    default:
      // A deep run of arrays and objects.
      let levels = 1 + random.below(12)
      var text = ""
      for level in 0..<levels { text += level % 2 == 0 ? "[" : #"{"d":"# }
      text += number()
      for level in (0..<levels).reversed() { text += level % 2 == 0 ? ",0]" : "}" }
      return text
    }
  }
}
