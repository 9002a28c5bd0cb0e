import Testing

@testable import BeagleJSON

@Suite struct LineTableTests {
  @Test(
    "line starts are found wherever the line breaks fall, eight-byte words included",
    arguments: [
      ("", [0]),
      ("\n", [0, 1]),
      ("abc", [0]),
      ("abcdefgh\n", [0, 9]),
      ("abcdefg\nhijklmnop\n\nq", [0, 8, 18, 19]),
      ("\n\n\n\n\n\n\n\n\n", Array(0...9)),
      ("12345678123456781234567\n", [0, 24]),
      ("é\r\nx\n中", [0, 4, 6]),
    ])
  func lineStarts(text: String, expected: [Int]) {
    #expect(LineTable(Array(text.utf8)).lineStarts == expected)
    #expect(LineTable(text.utf8).lineStarts == expected)
  }

  @Test("a minified input, one long line, has a table of one line start")
  func oneLongLine() {
    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000) + [UInt8(ascii: "\n")]
    let table = LineTable(bytes)
    #expect(table.lineStarts == [0, 1_000_001])
    // Nothing reserved from the input's size (it was one Int per 32 bytes: 250 KB).
    #expect(table.lineStarts.capacity < 64)
    #expect(
      table.position(ofOffset: 999_999)
        == SourcePosition(line: 1, column: 1_000_000, offset: 999_999))
  }

  @Test("positions are 1-based lines and byte columns")
  func positions() {
    let table = LineTable(Array("ab\ncd\n".utf8))
    #expect(table.position(ofOffset: 0) == SourcePosition(line: 1, column: 1, offset: 0))
    #expect(table.position(ofOffset: 4) == SourcePosition(line: 2, column: 2, offset: 4))
    #expect(table.position(ofOffset: 6) == SourcePosition(line: 3, column: 1, offset: 6))
  }

  @Test("a byte order mark takes no column: the first line counts from the byte after it")
  func byteOrderMark() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"a\" 1}\nx".utf8)
    let table = LineTable(bytes)
    // `{` right after the mark is 1:1, as an editor shows it; the second line is as usual.
    #expect(table.position(ofOffset: 3) == SourcePosition(line: 1, column: 1, offset: 3))
    #expect(table.position(ofOffset: 8) == SourcePosition(line: 1, column: 6, offset: 8))
    #expect(table.position(ofOffset: 11) == SourcePosition(line: 2, column: 1, offset: 11))
    // The mark is not part of the first line's text (the excerpt a diagnostic quotes).
    #expect(table.range(ofLine: 1, in: bytes) == 3..<10)
    #expect(table.range(ofLine: 2, in: bytes) == 11..<12)
  }
}
