import BeagleTestSupport
import Testing

@testable import BeagleJSON

/// ``CompactWriter`` copies the source bytes of tokens already in printed form and
/// prints the others: either way the text must be the printer's for the materialised
/// value (``JSONPrinter``'s documented forms: `-0` is 0, a double keeps `.0` and prints
/// its shortest digits, `\/` and `\u` escapes are decoded, DEL and C1 controls are
/// escaped unless kept). Each case is checked against the slow path and, where the
/// printed form is documented, against the literal text.
@Suite struct CompactWriterTests {
  /// Source number → printed text (Swift's `Double.description`, `.0` kept, integers
  /// as written).
  static let numbers: [(String, String)] = [
    ("0", "0"), ("-0", "0"), ("7", "7"), ("-42", "-42"),
    ("9223372036854775807", "9223372036854775807"),
    ("-9223372036854775808", "-9223372036854775808"),
    ("9223372036854775808", "9223372036854775808"),
    ("123456789012345678901234567890", "123456789012345678901234567890"),
    ("1.0", "1.0"), ("-0.0", "-0.0"), ("0.0", "0.0"), ("129.9", "129.9"), ("-12.5", "-12.5"),
    ("0.016", "0.016"), ("0.0001", "0.0001"), ("0.00001", "1e-05"), ("1.50", "1.5"),
    ("10.0", "10.0"), ("1e5", "100000.0"), ("1E+2", "100.0"), ("2e3", "2000.0"),
    ("1E-7", "1e-07"), ("1e999", "1e999"), ("-1e999", "-1e999"),
    ("999999999999999.0", "999999999999999.0"), ("123456789012345.5", "123456789012345.5"),
    ("1234567890123456.0", "1234567890123456.0"), ("12345678901234567.0", "1.2345678901234568e+16"),
    ("0.123456789012345", "0.123456789012345"), ("0.1234567890123456", "0.1234567890123456"),
    ("0.30000000000000004", "0.30000000000000004"), ("0.1000000000000000055", "0.1"),
    ("5e-324", "5e-324"), ("1.7976931348623157e308", "1.7976931348623157e+308"),
  ]

  /// Source string (JSON text) → printed text with DEL and C1 escaped, and kept.
  static let strings: [(String, String, String)] = [
    (#""plain""#, #""plain""#, #""plain""#),
    (#""\"q\" \\ \n\r\t\b\f""#, #""\"q\" \\ \n\r\t\b\f""#, #""\"q\" \\ \n\r\t\b\f""#),
    (#""a\/b""#, #""a/b""#, #""a/b""#),
    (#""caf\u00e9""#, #""café""#, #""café""#),
    (#""\u0041\u001F\u0001""#, #""A\u001f\u0001""#, #""A\u001f\u0001""#),
    (#""\u007f \u0085""#, #""\u007f \u0085""#, "\"\u{7F} \u{85}\""),
    (#""\ud83d\ude80""#, "\"🚀\"", "\"🚀\""),
    ("\"del \u{7F}\"", #""del \u007f""#, "\"del \u{7F}\""),
    (
      "\"c1 \u{85}\u{9F} nbsp \u{A0}\"", "\"c1 \\u0085\\u009f nbsp \u{A0}\"",
      "\"c1 \u{85}\u{9F} nbsp \u{A0}\""
    ),
    ("\"\u{7F}\"", #""\u007f""#, "\"\u{7F}\""),
    ("\"0123456\u{7F}89abcdef\"", #""0123456\u007f89abcdef""#, "\"0123456\u{7F}89abcdef\""),
    ("\"é 中文 😀 \u{2028}\"", "\"é 中文 😀 \u{2028}\"", "\"é 中文 😀 \u{2028}\""),
    ("\"tab\\t and DEL \u{7F}\"", #""tab\t and DEL \u007f""#, "\"tab\\t and DEL \u{7F}\""),
  ]

  func printed(_ text: String, escapingControlCharacters: Bool = true) throws -> String {
    let document = try JSONDocument(parsing: Array(text.utf8))
    var bytes: [UInt8] = []
    document.writeCompact(
      from: 0, escapingControlCharacters: escapingControlCharacters, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("a number prints as its value does", arguments: numbers)
  func number(source: String, expected: String) throws {
    #expect(try printed(source) == expected)
    #expect(try printed(source) == JSONPrinter().print(try JSONValue(parsing: source)))
    // Inside containers, as the first, a middle and the last token, next to copied ones.
    let array = "[1,\(source),\"x\",\(source)]"
    #expect(try printed(array) == "[1,\(expected),\"x\",\(expected)]")
    #expect(
      try printed(#"{"a":\#(source),"b":[\#(source)]}"#)
        == #"{"a":\#(expected),"b":[\#(expected)]}"#)
  }

  @Test("a string prints as its value does", arguments: strings)
  func string(source: String, escaped: String, kept: String) throws {
    #expect(try printed(source) == escaped)
    #expect(try printed(source, escapingControlCharacters: false) == kept)
    let value = try JSONValue(parsing: source)
    #expect(try printed(source) == JSONPrinter().print(value))
    #expect(
      try printed(source, escapingControlCharacters: false)
        == JSONPrinter(escapesControlCharacters: false).print(value))
    #expect(
      try printed(#"{"k":\#(source),\#(source):[\#(source)]}"#)
        == #"{"k":\#(escaped),\#(escaped):[\#(escaped)]}"#)
  }

  /// Whitespace anywhere between tokens is left out; the tokens print as they do
  /// without it.
  @Test(
    "whitespace between tokens is left out",
    arguments: [
      (
        #" { "a" : [ 1 , 2.50 , { } , [ ] , "x" ] , "b" : { "c" : null } } "#,
        #"{"a":[1,2.5,{},[],"x"],"b":{"c":null}}"#
      ),
      ("[\n  [\n    [\n      1\n    ]\n  ]\n]\n", "[[[1]]]"),
      ("{\"a\":{\"b\":{\"c\":[true,false]}\t}\r\n}", #"{"a":{"b":{"c":[true,false]}}}"#),
      (#"[ {"a":1,"a":2} , {"b" : {"c":1, "c" : [ 3 ] } } ]"#, #"[{"a":2},{"b":{"c":[3]}}]"#),
      (#"{"d":{"k":1,"k":[ 1 , 2 ]} }"#, #"{"d":{"k":[1,2]}}"#),
      (#"{"x":[ ],"y":{ }}"#, #"{"x":[],"y":{}}"#),
    ] as [(String, String)])
  func whitespace(source: String, expected: String) throws {
    #expect(try printed(source) == expected)
    #expect(try printed(source) == JSONPrinter().print(try JSONValue(parsing: source)))
  }

  /// The fast test of a decimal never accepts one the printer writes otherwise: checked
  /// on every decimal of up to 17 digits in a few shapes and sizes.
  @Test("a decimal taken as printed is the text its double prints")
  func decimals() {
    var generator = SplitMix(seed: 20)
    var accepted = 0
    for _ in 0..<20_000 {
      let integerDigits = Int(generator.next() % 18)
      let fractionDigits = 1 + Int(generator.next() % 18)
      var text = generator.next() % 2 == 0 ? "-" : ""
      if integerDigits == 0 {
        text += "0"
      } else {
        text += String(1 + generator.next() % 9)
        for _ in 1..<integerDigits { text += String(generator.next() % 10) }
      }
      text += "."
      let zeros = generator.next() % 3 == 0 ? Int(generator.next() % 6) : 0
      text += String(repeating: "0", count: min(zeros, fractionDigits))
      for _ in zeros..<max(zeros, fractionDigits) { text += String(generator.next() % 10) }
      let bytes = Array(text.utf8)
      let isTaken = bytes.withUnsafeBufferPointer { CompactWriter.printsAsWritten(decimal: $0) }
      if isTaken {
        accepted += 1
        #expect(Double(text)?.description == text, "\(text)")
      }
    }
    // The test would prove nothing if (nearly) no decimal were taken as written.
    #expect(accepted > 2_000)
  }
}
