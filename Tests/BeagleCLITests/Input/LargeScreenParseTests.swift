import Testing

/// A screen of at least 256 KiB (ScreenLoader.defaultParallelThreshold) is parsed
/// on two threads, cut near its middle: what `check` reports about it, where, is
/// what the one-thread parse finds (RFC 8259 errors at their line:column; a
/// repeated key, whose last value counts, warned at the repeat).
@Suite struct LargeScreenParseTests {
  /// Line `number` of the screen: one text component per line, lines 2 to 4001.
  static func item(_ number: Int) -> String {
    #"{"_beagleComponent_":"beagle:text","text":"item \#(number) with some padding text"}"#
  }

  /// The screen, with line `line` replaced by `replacement`.
  static func screen(replacing line: Int? = nil, with replacement: String = "") -> [UInt8] {
    var lines = [
      #"{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:container","children":["#
    ]
    for number in 2...4001 {
      let text = number == line ? replacement : item(number)
      lines.append(text + (number < 4001 ? "," : ""))
    }
    lines.append("]}}")
    return Array(lines.joined(separator: "\n").utf8)
  }

  @Test("a large valid screen checks clean")
  func validScreen() throws {
    let bytes = Self.screen()
    #expect(bytes.count > 256 << 10)
    let outcome = beagleRun("check", try temporaryFile(bytes))
    #expect(outcome.code == 0)
    #expect(!outcome.errors.contains("error:"))
  }

  @Test(
    "a syntax error in the second half is at its line:column", arguments: [1_500, 3_000, 4_001])
  func syntaxErrorInSecondHalf(line: Int) throws {
    // A `]` where the component's `}` belongs.
    let broken = String(Self.item(line).dropLast()) + "]"
    let path = try temporaryFile(Self.screen(replacing: line, with: broken))
    let outcome = beagleRun("check", path)
    #expect(outcome.code == 1)
    let column = broken.utf8.count
    #expect(
      outcome.errors.hasPrefix(
        "\(path):\(line):\(column): error: unexpected character ']'; expected ',' or '}' [invalid-json]\n"
      ))
  }

  @Test("a repeated key in the second half is warned at the repeat")
  func duplicateKeyInSecondHalf() throws {
    let line = 3_500
    let repeated = #"{"_beagleComponent_":"beagle:text","text":"a","text":"b"}"#
    let path = try temporaryFile(Self.screen(replacing: line, with: repeated))
    let outcome = beagleRun("check", path)
    // The second `"text"` starts at column 47.
    #expect(
      outcome.errors.contains(
        "\(path):\(line):47: warning: duplicate key 'text'; the last value is used [duplicate-key]"
      ))
  }
}
