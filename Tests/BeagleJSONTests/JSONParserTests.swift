import Testing

@testable import BeagleJSON

@Suite struct JSONParserTests {
  // MARK: Accepted documents (y_)

  @Test(
    "accepts every grammar rule",
    arguments: [
      ("[]", JSONValue.array([])),
      ("{}", .object([:])),
      ("  [ ]  ", .array([])),
      ("\t\r\n{\n}\n", .object([:])),
      ("null", .null),
      ("true", .bool(true)),
      ("false", .bool(false)),
      ("0", .int(0)),
      ("-0", .int(0)),
      ("42", .int(42)),
      ("-17", .int(-17)),
      ("9223372036854775807", .int(Int.max)),
      ("-9223372036854775808", .int(Int.min)),
      ("9223372036854775808", .bigNumber("9223372036854775808")),
      ("123456789012345678901234567890", .bigNumber("123456789012345678901234567890")),
      ("1.5", .double(1.5)),
      ("-0.25", .double(-0.25)),
      ("2.0", .double(2.0)),
      ("1e2", .double(100)),
      ("1E+2", .double(100)),
      ("1e-2", .double(0.01)),
      ("1e400", .bigNumber("1e400")),
      (#""""#, .string("")),
      (#""abc""#, .string("abc")),
      (#""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{08}\u{0C}\n\r\t")),
      (#""\u0041\u00e9\u4e2d""#, .string("Aé中")),
      (#""\ud83d\ude00""#, .string("😀")),
      (#""\uD83D\uDE00x""#, .string("😀x")),
      ("\"é中😀\"", .string("é中😀")),
      (#""\u0000""#, .string("\u{0}")),
      ("\u{FEFF}[1]", .array([.int(1)])),
      (#"[1,"a",true,null,{"k":[]}]"#, .array([1, "a", true, .null, ["k": []]])),
      (#"{"a":1,"b":{"c":[1,2]}}"#, ["a": 1, "b": ["c": [1, 2]]]),
      (#"{"":0}"#, ["": 0]),
      (
        #""a long string with more than eight bytes and no escapes at all""#,
        .string("a long string with more than eight bytes and no escapes at all")
      ),
    ] as [(String, JSONValue)])
  func accepts(text: String, expected: JSONValue) throws {
    #expect(try JSONValue(parsing: text) == expected)
  }

  @Test("a repeated key keeps its first position and its last value")
  func duplicateKeys() throws {
    let text = #"{"a": 1, "b": 2, "a": 3}"#
    let document = try JSONDocument(parsing: Array(text.utf8))
    let value = document.root.value
    #expect(value.objectValue?.keys == ["a", "b"])
    #expect(value["a"] == .int(3))
    #expect(document.root["a"]?.value == .int(3))
    let duplicates = document.duplicateKeys()
    #expect(duplicates.count == 1)
    #expect(duplicates.first?.pointer.description == "/a")
    #expect(duplicates.first?.offset == 17)
    #expect(duplicates.first?.firstOffset == 1)
  }

  @Test("object key order is preserved")
  func keyOrder() throws {
    let value = try JSONValue(parsing: #"{"z":1,"a":2,"m":3}"#)
    #expect(value.objectValue?.keys == ["z", "a", "m"])
  }

  // MARK: Rejected documents (n_)

  @Test(
    "rejects what RFC 8259 forbids, saying what and where",
    arguments: [
      ("", "1:1", "the input is empty; expected a JSON value"),
      ("   ", "1:4", "the input is empty; expected a JSON value"),
      ("[", "1:2", "unexpected end of input; expected a value"),
      ("[1", "1:3", "unexpected end of input; expected ',' or ']'"),
      ("[1,]", "1:4", "unexpected character ']'; expected a value (JSON allows no trailing comma)"),
      (
        #"{"a":1,}"#, "1:8",
        "unexpected character '}'; expected a string key (JSON allows no trailing comma)"
      ),
      ("{1:2}", "1:2", "unexpected character '1'; expected a string key or '}'"),
      (#"{"a" 1}"#, "1:6", "unexpected character '1'; expected ':' after the key"),
      (#"{"a":}"#, "1:6", "unexpected character '}'; expected a value"),
      (#"{"a":1 "b":2}"#, "1:8", "unexpected character '\"'; expected ',' or '}'"),
      ("[1 2]", "1:4", "unexpected character '2'; expected ',' or ']'"),
      ("01", "1:1", "invalid number: leading zeros are not allowed"),
      ("-", "1:2", "invalid number: expected a digit after '-'"),
      ("-a", "1:2", "invalid number: expected a digit after '-'"),
      ("1.", "1:3", "invalid number: expected a digit after the decimal point"),
      (".5", "1:1", "unexpected character '.'; expected a value"),
      ("1e", "1:3", "invalid number: expected a digit in the exponent"),
      ("+1", "1:1", "unexpected character '+'; expected a value"),
      (
        "0x10", "1:2",
        "unexpected character 'x' after the JSON value; a document holds exactly one value"
      ),
      ("NaN", "1:1", "unexpected character 'N'; expected a value"),
      ("tru", "1:4", "unexpected end of input; expected 'true'"),
      ("trUe", "1:3", "unexpected character 'U'; expected 'true'"),
      ("nul", "1:4", "unexpected end of input; expected 'null'"),
      ("'a'", "1:1", "unexpected character '''; expected a value"),
      (#""abc"#, "1:5", "unexpected end of input; expected '\"' to close the string"),
      (#""\x""#, "1:2", "invalid escape sequence '\\x' in string"),
      (#""\u12""#, "1:2", "invalid escape sequence '\\u12\"' in string"),
      (
        #""\ud800""#, "1:2",
        "lone surrogate '\\ud800' in string; a UTF-16 surrogate must come in a high-low pair"
      ),
      (
        #""\udc00\ud800""#, "1:2",
        "lone surrogate '\\udc00' in string; a UTF-16 surrogate must come in a high-low pair"
      ),
      (
        #""\ud800\u0041""#, "1:2",
        "lone surrogate '\\ud800' in string; a UTF-16 surrogate must come in a high-low pair"
      ),
      (
        "\"a\tb\"", "1:3",
        "unescaped control character U+0009 in string; write it as an escape"
      ),
      ("\"\n\"", "1:2", "unescaped control character U+000A in string; write it as an escape"),
      (
        "[1]\n[2]", "2:1",
        "unexpected character '[' after the JSON value; a document holds exactly one value"
      ),
      ("{\n  \"a\": [1,\n    2,,\n  ]\n}", "3:7", "unexpected character ','; expected a value"),
      (
        "[1] x", "1:5",
        "unexpected character 'x' after the JSON value; a document holds exactly one value"
      ),
      ("/* c */ 1", "1:1", "unexpected character '/'; expected a value"),
      ("[é]", "1:2", "unexpected character 'é'; expected a value"),
    ] as [(String, String, String)])
  func rejects(text: String, position: String, message: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: text) }
    do {
      _ = try JSONValue(parsing: text)
    } catch {
      #expect(error.position.description == position)
      #expect(error.description == message)
    }
  }

  @Test(
    "rejects malformed UTF-8",
    arguments: [
      [0x22, 0xFF, 0x22],  // never valid
      [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
      [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong
      [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // beyond U+10FFFF
      [0x22, 0xE4, 0xB8, 0x22],  // truncated sequence
      [0x22, 0x80, 0x22],  // lone continuation byte
      [0x5B, 0xFE, 0x5D],  // outside a string
      [0x31, 0x20, 0xFF],  // after the value
    ] as [[UInt8]])
  func rejectsInvalidUTF8(bytes: [UInt8]) {
    do {
      _ = try JSONDocument(parsing: bytes)
      Issue.record("accepted invalid UTF-8")
    } catch {
      #expect(error.description == "invalid UTF-8 byte sequence")
    }
  }

  // MARK: Limits (i_)

  @Test("nesting up to the limit is accepted, one more level is an error")
  func nestingLimit() throws {
    let options = JSONParser.Options(maximumDepth: 16)
    let ok = String(repeating: "[", count: 16) + String(repeating: "]", count: 16)
    #expect(throws: Never.self) { try JSONValue(parsing: ok, options: options) }
    let deep = String(repeating: "[", count: 17) + String(repeating: "]", count: 17)
    do {
      _ = try JSONValue(parsing: deep, options: options)
      Issue.record("accepted 17 levels with a limit of 16")
    } catch {
      #expect(
        error == .nestingTooDeep(limit: 16, at: SourcePosition(line: 1, column: 17, offset: 16)))
      #expect(error.description == "arrays and objects are nested more than 16 levels deep")
    }
  }

  @Test("100 000 levels of nesting give an error, not a crash")
  func veryDeepNesting() {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: deep) }
    let deepObjects = String(repeating: #"{"a":"#, count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: deepObjects) }
  }

  @Test("the default limit is 512 and the largest accepted limit is 10 000")
  func limitBounds() {
    #expect(JSONParser.Options().maximumDepth == 512)
    #expect(JSONParser.Options(maximumDepth: 1_000_000).maximumDepth == 10_000)
    #expect(JSONParser.Options(maximumDepth: 0).maximumDepth == 1)
  }

  @Test("every prefix of a document is rejected without a crash")
  func truncations() throws {
    let text = #"{"a": [1, 2.5e3, "x\u00e9\ud83d\ude00", true, null], "b": {"c": false}}"#
    let bytes = Array(text.utf8)
    #expect(throws: Never.self) { try JSONDocument(parsing: bytes) }
    for length in 0..<bytes.count {
      #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: Array(bytes[0..<length])) }
    }
  }
}
