import Testing

@testable import BeagleJSON

@Suite struct JSONDocumentTests {
  let text = """
    {
      "_beagleComponent_": "beagle:container",
      "children": [
        {"_beagleComponent_": "beagle:text", "text": "Hi \\u00e9"},
        {"n": 12, "x": -1.5}
      ]
    }
    """

  @Test("nodes read lazily and agree with the materialised value")
  func nodes() throws {
    let document = try JSONDocument(parsing: Array(text.utf8))
    let root = document.root
    #expect(root.kind == .object)
    #expect(root.count == 2)
    #expect(root["_beagleComponent_"]?.stringValue == "beagle:container")
    let children = try #require(root["children"])
    #expect(children.count == 2)
    #expect(children.elements.count == 2)
    #expect(children[0]?["text"]?.stringValue == "Hi é")
    #expect(children[1]?["n"]?.value == .int(12))
    #expect(children[1]?["x"]?.typeName == "number")
    #expect(children[1]?["n"]?.typeName == "integer")
    #expect(children[2] == nil)
    #expect(root["missing"] == nil)
    #expect(root.members.map(\.key) == ["_beagleComponent_", "children"])
    #expect(root.value["children"]?[0]?["text"] == .string("Hi é"))
  }

  @Test("a twin is another object that reads exactly as its document")
  func twin() throws {
    // Marked strings, an escaped key, a repeated key (a flagged object).
    let text = #"{"a": "@{x}", "b\u0061": [1, {"c": 2, "c": "@{y} z"}], "d": null}"#
    let document = try JSONDocument(parsing: Array(text.utf8))
    let twin = document.twin()
    #expect(twin !== document)
    #expect(twin.root.document === twin)
    #expect(twin.bytes == document.bytes)
    #expect(twin.tokenCount == document.tokenCount)
    #expect(twin.root.value == document.root.value)
    #expect(twin.markedStrings == document.markedStrings)
    #expect(twin.markedStrings.count == 2)
    for index in 0..<document.tokenCount {
      #expect(twin.node(atTapeIndex: index).offset == document.node(atTapeIndex: index).offset)
      #expect(twin.node(atTapeIndex: index).kind == document.node(atTapeIndex: index).kind)
      #expect(
        twin.hasMarkedStrings(inValueAt: index) == document.hasMarkedStrings(inValueAt: index))
      #expect(twin.mayRepeatKeys(inValueAt: index) == document.mayRepeatKeys(inValueAt: index))
    }
    #expect(twin.root.members.map(\.key) == ["a", "ba", "d"])
    // The object with the repeated key: its last value is kept, in both.
    let object = try #require(twin.root["ba"]?[1])
    #expect(twin.mayRepeatKeys(inValueAt: object.tapeIndex))
    #expect(object.value == .object(["c": .string("@{y} z")]))
  }

  @Test("offsets map to 1-based line and byte column")
  func positions() throws {
    let document = try JSONDocument(parsing: Array(text.utf8))
    let lines = document.makeLineTable()
    let text = try #require(document.node(at: JSONPointer(parsing: "/children/0/text")!))
    #expect(lines.position(ofOffset: text.offset).description == "4:50")
    let x = try #require(document.node(at: JSONPointer(parsing: "/children/1/x")!))
    #expect(lines.position(ofOffset: x.offset).description == "5:20")
    #expect(document.node(at: JSONPointer(parsing: "/children/7")!) == nil)
    #expect(document.node(at: JSONPointer(parsing: "/children/01")!) == nil)
  }

  @Test("columns count UTF-8 bytes")
  func utf8Columns() throws {
    let document = try JSONDocument(parsing: Array(#"["é", 1]"#.utf8))
    let one = try #require(document.root[1])
    #expect(document.makeLineTable().position(ofOffset: one.offset).column == 8)
  }
}

@Suite struct JSONPointerTests {
  @Test(
    "round-trips escaped tokens",
    arguments: [
      ("", [String]()),
      ("/a", ["a"]),
      ("/a/0/b", ["a", "0", "b"]),
      ("/a~1b", ["a/b"]),
      ("/m~0n", ["m~n"]),
      ("/", [""]),
    ])
  func roundTrip(text: String, tokens: [String]) throws {
    let pointer = try #require(JSONPointer(parsing: text))
    #expect(pointer.tokens == tokens)
    #expect(pointer.description == text)
  }

  @Test("rejects strings that are not pointers", arguments: ["a", "/a~2", "/~"])
  func rejects(text: String) {
    #expect(JSONPointer(parsing: text) == nil)
  }
}

@Suite struct JSONPrinterTests {
  @Test(
    "prints compact JSON deterministically",
    arguments: [
      (JSONValue.null, "null"),
      (.array([1, 2.5, "a", true, .null]), #"[1,2.5,"a",true,null]"#),
      (.double(5), "5.0"),
      (.double(1e-7), "1e-07"),
      (.double(.infinity), "null"),
      (.bigNumber("1e400"), "1e400"),
      (["z": 1, "a": ["b": []]], #"{"z":1,"a":{"b":[]}}"#),
      (.string("q\"b\\n\n\t\u{1}é"), #""q\"b\\n\n\t\u0001é""#),
    ] as [(JSONValue, String)])
  func compact(value: JSONValue, text: String) {
    #expect(JSONPrinter().print(value) == text)
  }

  @Test("pretty printing indents by two spaces")
  func pretty() {
    let value: JSONValue = ["a": [1, 2], "b": [:], "c": []]
    let expected = """
      {
        "a": [
          1,
          2
        ],
        "b": {},
        "c": []
      }
      """
    #expect(JSONPrinter(style: .pretty).print(value) == expected)
  }

  @Test("escaping non-ASCII uses surrogate pairs beyond the BMP")
  func asciiOnly() {
    #expect(JSONPrinter(escapesNonASCII: true).print("é😀") == #""\u00e9\ud83d\ude00""#)
  }

  @Test(
    "print then parse gives the same value",
    arguments: [
      #"{"a":[1,-2.5,"x\u00e9",{"b":null}],"c":true,"big":123456789012345678901234567890}"#,
      #"[[[[]]],{},"",0.1,1e300,-0.0]"#,
    ])
  func roundTrip(text: String) throws {
    let value = try JSONValue(parsing: text)
    for style in [JSONPrinter.Style.compact, .pretty] {
      #expect(try JSONValue(parsing: JSONPrinter(style: style).print(value)) == value)
    }
  }

  @Test("printing a value nested 10 000 levels deep does not recurse")
  func deepPrint() {
    var value = JSONValue.int(1)
    for _ in 0..<10_000 { value = .array([value]) }
    let text = JSONPrinter().print(value)
    #expect(text.count == 20_001)
  }
}
