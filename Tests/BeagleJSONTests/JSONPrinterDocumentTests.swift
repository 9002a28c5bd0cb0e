import Testing

@testable import BeagleJSON

/// Values still in their document print from the tape (``JSONPrinter/write(_:into:)-(JSONNode,_)``):
/// byte for byte what the printer writes for the materialised value, for every kind of
/// token: escapes, control characters, non-ASCII, `-0`, `1.0`, `1e5`, big numbers,
/// repeated keys (the last value at the first place).
@Suite struct JSONPrinterDocumentTests {
  static let documents: [String] = [
    #"{"a":[1,-0,0,-5,2e3,1.0,1.50,1e5,-0.0,0.1,129.9,1E-7,123456789012345678901234567890,-9223372036854775808,9223372036854775807,1e999]}"#,
    #"{"s":"caf\u00e9 @{a.b}","e":"\"q\" \\ \/ \b\f\n\r\t \u0001 \u001F \u007f \u0085 \u2028 \ud83d\ude80"}"#,
    "{\"raw\":\"del \u{7F} c1 \u{85}\u{9F} nbsp \u{A0} é 中文 😀\",\"k\u{7F}\":1}",
    #"{"dup":1,"x":{"a":1,"b":2,"a":3},"dup":[{"k":"v","k":"w"}]}"#,
    #"{"e":{},"f":[],"g":[[],[{}],{"h":[null,true,false]}],"":"empty key"}"#,
    #"[1,"two",{"three":3},[4,[5,[6]]],null]"#,
    #""just a string""#, "-0", "12", "1.0", "true", "null",
    #"{"\u0041\u00e9":"escaped key","plain":"0123456789abcdefghij"}"#,
    String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    // Whitespace between tokens, where the source is not the printed text.
    " { \"a\" : [ 1 , -0 , 2.50 , { } , [ ] , \"x\\/\" ] ,\n\t\"b\" : { \"c\" : null , \"c\" : [ true ] } } ",
    "[\n  {\n    \"k\": \"v\",\n    \"n\": [\n      1.0,\n      1e2\n    ]\n  }\n]\n",
  ]

  func document(_ text: String) throws -> JSONDocument {
    try JSONDocument(parsing: Array(text.utf8))
  }

  @Test("a node prints as its materialised value", arguments: documents)
  func node(text: String) throws {
    let document = try document(text)
    for printer in [
      JSONPrinter(), JSONPrinter(escapesControlCharacters: false),
      JSONPrinter(style: .pretty), JSONPrinter(escapesNonASCII: true),
    ] {
      var bytes: [UInt8] = []
      printer.write(document.root, into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == printer.print(document.root.value))
    }
    // Every value inside too.
    for index in 0..<document.tokenCount {
      let node = document.node(atTapeIndex: index)
      var bytes: [UInt8] = []
      JSONPrinter().write(node, into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == JSONPrinter().print(node.value))
      let kept = JSONPrinter(escapesControlCharacters: false)
      bytes = []
      kept.write(node, into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == kept.print(node.value))
    }
  }

  @Test("an object's chosen members print as the object made of them", arguments: documents)
  func members(text: String) throws {
    let document = try document(text)
    guard document.root.kind == .object else { return }
    let values = document.root.uniqueTapeMembers.map { UInt32($0.valueIndex) }
    var bytes: [UInt8] = []
    JSONPrinter().writeObject(in: document, valuesAt: values, into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == JSONPrinter().print(.object(document.object(ofValuesAt: values))))
    #expect(
      String(decoding: bytes, as: UTF8.self) == JSONPrinter().print(document.root.value))
  }
}
