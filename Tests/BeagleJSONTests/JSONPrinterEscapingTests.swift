import BeagleTestSupport
import Testing

@testable import BeagleJSON

/// The printer's escaping rules (RFC 8259 §7 minimum, as documented on
/// ``JSONPrinter``): `"`, `\`, U+0000–U+001F, DEL and the C1 controls are escaped,
/// short forms where JSON has them, lower-case `\u00XX` otherwise; everything else is
/// written as is.
@Suite struct JSONPrinterEscapingTests {
  @Test(
    "escapes quotes, backslashes and control characters only",
    arguments: [
      ("\"", #""\"""#),
      ("\\", #""\\""#),
      ("\u{08}\u{0C}\n\r\t", #""\b\f\n\r\t""#),
      ("\u{0}", #""\u0000""#),
      ("\u{1}\u{1F}", #""\u0001\u001f""#),
      ("\u{0B}", #""\u000b""#),
      ("a/b", #""a/b""#),
      ("\u{7F}", #""\u007f""#),
      ("c1\u{80}\u{85}\u{9F}\u{A0}", "\"c1\\u0080\\u0085\\u009f\u{A0}\""),
      ("line\u{2028}para\u{2029}", "\"line\u{2028}para\u{2029}\""),
      ("😀 é 中文", "\"😀 é 中文\""),
      ("e\u{301}", "\"e\u{301}\""),
      ("", #""""#),
      ("plain ascii @{x}", #""plain ascii @{x}""#),
      ("\u{1}😀\"é\n", "\"\\u0001😀\\\"é\\n\""),
    ] as [(String, String)])
  func escaping(string: String, expected: String) {
    #expect(JSONPrinter().print(.string(string)) == expected)
  }

  /// Texts are scanned eight bytes at a time: a character that needs an escape must be
  /// found at any position of a word, in the last bytes after the words, and across
  /// two words (a C1 control's two bytes), with or without control escapes.
  @Test(
    "a character that needs an escape is escaped at any position of a long text",
    arguments: [
      ("\"", #"\""#, #"\""#), ("\\", #"\\"#, #"\\"#), ("\n", #"\n"#, #"\n"#),
      ("\u{1}", #"\u0001"#, #"\u0001"#), ("\u{1F}", #"\u001f"#, #"\u001f"#),
      ("\u{7F}", #"\u007f"#, "\u{7F}"), ("\u{85}", #"\u0085"#, "\u{85}"),
      ("\u{9F}", #"\u009f"#, "\u{9F}"), ("\u{A0}", "\u{A0}", "\u{A0}"),
      ("é", "é", "é"), ("~", "~", "~"),
    ] as [(String, String, String)])
  func escapingAtEveryPosition(character: String, escaped: String, keptControl: String) {
    for before in 0...17 {
      let head = String(repeating: "a", count: before)
      let tail = String(repeating: "z", count: 17 - before)
      let text = head + character + tail
      #expect(JSONPrinter().print(.string(text)) == "\"" + head + escaped + tail + "\"")
      #expect(
        JSONPrinter(escapesControlCharacters: false).print(.string(text))
          == "\"" + head + keptControl + tail + "\"")
    }
  }

  /// The last bytes after the words are read as one padded word: a character that
  /// needs an escape is found among them whatever their number (0 to 7).
  @Test(
    "a character that needs an escape is escaped at any position of a text of any length",
    arguments: [
      ("\"", #"\""#, #"\""#), ("\\", #"\\"#, #"\\"#), ("\u{1}", #"\u0001"#, #"\u0001"#),
      ("\u{7F}", #"\u007f"#, "\u{7F}"), ("\u{85}", #"\u0085"#, "\u{85}"),
    ] as [(String, String, String)])
  func escapingInTheLastBytes(character: String, escaped: String, keptControl: String) {
    for length in 0...17 {
      for before in 0...length {
        let head = String(repeating: "a", count: before)
        let tail = String(repeating: "z", count: length - before)
        let text = head + character + tail
        #expect(JSONPrinter().print(.string(text)) == "\"" + head + escaped + tail + "\"")
        #expect(
          JSONPrinter(escapesControlCharacters: false).print(.string(text))
            == "\"" + head + keptControl + tail + "\"")
      }
      let plain = String(repeating: "p", count: length)
      #expect(JSONPrinter().print(.string(plain)) == "\"" + plain + "\"")
    }
  }

  @Test("a value made into a text keeps DEL and the C1 controls as they are")
  func controlCharactersKept() {
    let printer = JSONPrinter(escapesControlCharacters: false)
    #expect(printer.print(.string("d\u{7F}c\u{85}")) == "\"d\u{7F}c\u{85}\"")
    #expect(printer.print(.string("\u{1}")) == #""\u0001""#)
  }

  @Test("decomposed characters keep their exact bytes")
  func decomposedBytes() {
    let printed = JSONPrinter().print(.string("e\u{301}"))
    #expect(Array(printed.utf8) == [0x22, 0x65, 0xCC, 0x81, 0x22])
  }

  @Test(
    "escaping non-ASCII writes every scalar above U+007E as lower-case \\u escapes",
    arguments: [
      ("é", #""\u00e9""#),
      ("\u{7F}", #""\u007f""#),
      ("~", #""~""#),
      ("\u{2028}", #""\u2028""#),
      ("😀", #""\ud83d\ude00""#),
      ("\u{10FFFF}", #""\udbff\udfff""#),
      ("a\"\n\u{1}/", #""a\"\n\u0001/""#),
    ] as [(String, String)])
  func asciiEscaping(string: String, expected: String) {
    #expect(JSONPrinter(escapesNonASCII: true).print(.string(string)) == expected)
  }

  @Test("object keys are escaped like strings")
  func keys() {
    let value: JSONValue = ["a\"b": 1, "\u{1}": 2, "é": 3]
    #expect(JSONPrinter().print(value) == #"{"a\"b":1,"\u0001":2,"é":3}"#)
    #expect(JSONPrinter(escapesNonASCII: true).print(value) == #"{"a\"b":1,"\u0001":2,"\u00e9":3}"#)
  }

  @Test(
    "integers print as their decimal digits",
    arguments: [
      (0, "0"), (7, "7"), (-1, "-1"), (10, "10"), (-120, "-120"),
      (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
    ])
  func integers(int: Int, expected: String) {
    #expect(JSONPrinter().print(.int(int)) == expected)
  }

  @Test("pretty printing nests empty containers and escaped keys")
  func prettyNested() {
    let value: JSONValue = ["k\n": [[], [:], ["x": [1]]], "z": .null]
    let expected = """
      {
        "k\\n": [
          [],
          {},
          {
            "x": [
              1
            ]
          }
        ],
        "z": null
      }
      """
    #expect(JSONPrinter(style: .pretty).print(value) == expected)
  }

  @Test("writing into a string appends the same text")
  func writeIntoString() {
    var output = "prefix "
    JSONPrinter().write(["a": [true, false, 1.5]], into: &output)
    #expect(output == #"prefix {"a":[true,false,1.5]}"#)
    var quoted = "> "
    JSONPrinter.writeString("q\"\u{2028}", into: &quoted)
    #expect(quoted == "> \"q\\\"\u{2028}\"")
  }

  @Test("a large array prints every element once, in order")
  func largeArray() {
    let value = JSONValue.array((0..<100_000).map { .string("item \($0)") })
    let printed = JSONPrinter().print(value)
    #expect(printed.hasPrefix(#"["item 0","item 1","#))
    #expect(printed.hasSuffix(#""item 99999"]"#))
    #expect(printed.utf8.count == (0..<100_000).reduce(1) { $0 + "item \($1)".utf8.count + 3 })
  }
}

extension JSONPrinterEscapingTests {
  @Test("a terminator is appended after the text")
  func terminator() {
    #expect(JSONPrinter().print(["a": 1], terminator: "\n") == "{\"a\":1}\n")
    #expect(JSONPrinter(style: .pretty).print([1], terminator: "") == "[\n  1\n]")
  }
}

extension JSONPrinterEscapingTests {
  /// ``JSONPrinter/escape(from:in:escapingControlCharacters:)`` escapes a string's
  /// content written in place (an action's summary): it must leave the bytes
  /// ``JSONPrinter/writeString(_:escapingNonASCII:escapingControlCharacters:into:)-(_,_,_,[UInt8])``
  /// writes between the quotes, and the bytes before it as they were.
  @Test(
    "a text escaped in place is the text writeString writes",
    arguments: [
      "", "plain ascii @{x}", "\"", "\\", "\u{08}\u{0C}\n\r\t", "\u{0}\u{1F}", "\u{7F}",
      "c1\u{80}\u{85}\u{9F}\u{A0}", "😀 é 中文 e\u{301}", "\u{1}😀\"é\n",
      String(repeating: "setContext c.x = \"v\" ", count: 5), "Â\u{C2}",
    ])
  func escapedInPlace(text: String) {
    for escapesControls in [true, false] {
      var expected = Array("{\"summary\":".utf8)
      JSONPrinter.writeString(
        text, escapingControlCharacters: escapesControls, into: &expected)
      var output = Array("{\"summary\":\"".utf8)
      let start = output.count
      output.append(contentsOf: text.utf8)
      JSONPrinter.escape(from: start, in: &output, escapingControlCharacters: escapesControls)
      output.append(UInt8(ascii: "\""))
      #expect(output == expected, "\(text)")
    }
  }

  /// The same on seeded texts: each character that needs an escape (or may: 0xC2 leads
  /// both C1 controls and Latin-1 letters) at every place in the eight-byte words and
  /// the shorter last word the text is read in, after every length of plain text.
  @Test("a text escaped in place is the text writeString writes, wherever its escapes are")
  func escapedInPlaceSeeded() {
    let pieces = [
      "a", "Z", " ", "~", "\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}",
      "\u{9F}", "\u{A0}", "é", "Â", "中", "😀", "/", "@{x}",
    ]
    var random = SplitMix(seed: 0x5EED_E5C4)
    var texts = (0..<24).flatMap { length in
      ["\"", "\u{1}", "\u{7F}", "\u{85}", "Â"].map { String(repeating: "p", count: length) + $0 }
    }
    for _ in 0..<600 {
      texts.append((0..<random.below(24)).map { _ in pieces[random.below(pieces.count)] }.joined())
    }
    for text in texts {
      escapedInPlace(text: text)
    }
  }
}
