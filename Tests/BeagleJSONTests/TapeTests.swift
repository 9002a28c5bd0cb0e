import Testing

@testable import BeagleJSON

/// The packed tape: what a token reads back as, and where a string's scan stops.
@Suite struct TapeTests {
  @Test("a token takes 8 bytes, and a container's end and count 8 more")
  func packedSize() {
    #expect(MemoryLayout<Tape.Packed>.stride == 8)
    #expect(MemoryLayout<Tape.Container>.stride == 8)
  }

  @Test("every token reads back with its kind, flag, offset, extent and count")
  func entriesReadBack() throws {
    // Byte offsets: { 0, "a" 1, [ 5, 1 6, -2.5 8, "xé" 13 (é is 2 bytes), "\n" 19,
    // true 24, false 29, null 35, "b" 41, {} 45.
    let text = #"{"a":[1,-2.5,"xé","\n",true,false,null],"b":{}}"#
    let document = try JSONDocument(parsing: Array(text.utf8))
    let expected: [(TapeEntry.Kind, Bool, UInt32, UInt32, UInt32)] = [
      (.object, false, 0, 12, 2),  // the root: 2 members, ends past the last token
      (.string, true, 1, 1, 0),  // "a"
      (.array, false, 5, 10, 7),  // 7 elements
      (.integer, false, 6, 1, 0),
      (.float, false, 8, 4, 0),
      (.string, false, 13, 3, 0),  // "xé": 3 bytes, not all ASCII
      (.escapedString, true, 19, 2, 0),  // "\n"
      (.bool, true, 24, 0, 0),
      (.bool, false, 29, 0, 0),
      (.null, false, 35, 0, 0),
      (.string, true, 41, 1, 0),  // "b"
      (.object, false, 45, 12, 0),  // {}
    ]
    #expect(document.tokenCount == 12)
    for (index, (kind, flag, offset, extent, count)) in expected.enumerated() {
      let entry = document.tape[index]
      #expect(entry.kind == kind, "token \(index)")
      #expect(entry.flag == flag, "token \(index)")
      #expect(entry.offset == offset, "token \(index)")
      #expect(entry.extent == extent, "token \(index)")
      #expect(entry.count == count, "token \(index)")
    }
    document.tape.withUnsafeBufferPointer { view in
      #expect(view.count == 12)
      #expect(view[2].count == 7)
      #expect(view[2].extent == 10)
    }
  }

  @Test("an appended tape's tokens read back moved past the first's, every kind and flag")
  func appendMovesContainers() throws {
    // Every kind, flagged and not, containers nested and empty, and an object whose
    // key repeats (flagged: the flag bit is above the kind's).
    let first = try JSONDocument(parsing: Array(#"[{"a":[1]},"x"]"#.utf8))
    let second = try JSONDocument(
      parsing: Array(#"{"a":[1,-2.5,"xé","\n",true,false,null],"b":{},"c":[[]],"a":{"b":1}}"#.utf8))
    var tape = first.tape
    tape.append(second.tape)
    #expect(tape.count == first.tokenCount + second.tokenCount)
    for index in 0..<first.tokenCount {
      let found = tape[index]
      let expected = first.tape[index]
      #expect(found.kind == expected.kind && found.flag == expected.flag, "token \(index)")
      #expect(found.offset == expected.offset && found.count == expected.count, "token \(index)")
      #expect(found.extent == expected.extent, "token \(index)")
    }
    var containers = 0
    for index in 0..<second.tokenCount {
      let found = tape[first.tokenCount + index]
      let expected = second.tape[index]
      let isContainer = expected.kind == .array || expected.kind == .object
      if isContainer { containers += 1 }
      #expect(found.kind == expected.kind && found.flag == expected.flag, "token \(index)")
      #expect(found.offset == expected.offset && found.count == expected.count, "token \(index)")
      // A container's end is a tape index: moved; a scalar's extent is a length: kept.
      let moved = isContainer ? UInt32(first.tokenCount) : 0
      #expect(found.extent == expected.extent + moved, "token \(index)")
    }
    #expect(containers == 6)
    #expect(second.tape[0].flag)  // the root object: its key "a" repeats
  }

  @Test("an object whose key repeats is flagged on the tape")
  func repeatedKeyFlag() throws {
    let document = try JSONDocument(parsing: Array(#"[{"a":1,"a":2},{"a":1,"b":2}]"#.utf8))
    #expect(document.tape[1].kind == .object)
    #expect(document.tape[1].flag)
    #expect(document.tape[1].count == 2)
    #expect(document.tape[6].kind == .object)
    #expect(!document.tape[6].flag)
  }

  // Keys are compared on their first eight bytes first, then on the rest.
  @Test(
    "a repeated key flags its object however long it is and wherever it ends",
    arguments: [
      (#"{"abcdefghX":1,"abcdefghY":2}"#, false),
      (#"{"abcdefghij":1,"abcdefghij":2}"#, true),
      (#"{"abcdefgh":1,"abcdefgh":2}"#, true),
      (#"{"ab":1,"ac":2,"abc":3}"#, false),
      (#"{"ab":1,"b":0,"ab":2}"#, true),
      // The last key ends less than eight bytes before the end of the input.
      (#"{"x":1,"x":2}"#, true),
      (#"{"x":1,"y":2}"#, false),
    ] as [(String, Bool)])
  func repeatedKeys(text: String, repeats: Bool) throws {
    let document = try JSONDocument(parsing: Array(text.utf8))
    #expect(document.tape[0].flag == repeats)
    #expect(document.duplicateKeys().isEmpty == !repeats)
  }

  // Strings are scanned eight bytes at a time: the scan must stop at the exact byte
  // of a quote, backslash, control character or non-ASCII byte wherever it is in
  // the word, and report errors there (RFC 8259 section 7: control characters must
  // be escaped; section 8.1: text is UTF-8).
  @Test(
    "an error inside a long string is reported at its own byte",
    arguments: [
      ("\"abcdefghijk\tl\"", "1:13"),
      ("\"abcdefgh\u{1}\"", "1:10"),
      ("[\"abcdefghijklmno\",\"abcdefg\n\"]", "1:28"),
      ("\"abcdefghijklmnopqrstu\\q\"", "1:23"),
    ] as [(String, String)])
  func errorPositionInLongString(text: String, position: String) {
    do {
      _ = try JSONDocument(parsing: Array(text.utf8))
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.position.description == position)
    }
  }

  @Test("invalid UTF-8 after eight plain bytes is found at its byte")
  func invalidUTF8InLongString() {
    let bytes = Array("\"abcdefghij".utf8) + [0xC3, 0x28] + Array("\"".utf8)
    do {
      _ = try JSONDocument(parsing: bytes)
      Issue.record("accepted invalid UTF-8")
    } catch {
      #expect(error == .invalidUTF8(at: SourcePosition(line: 1, column: 12, offset: 11)))
    }
  }

  @Test("strings end at their quote wherever it falls in a word", arguments: 0..<20)
  func stringLengths(length: Int) throws {
    let content = String(repeating: "x", count: length)
    let text = "[\"" + content + "\",\"é" + content + "\",1]"
    let value = try JSONValue(parsing: text)
    #expect(value == .array([.string(content), .string("é" + content), .int(1)]))
  }
}
