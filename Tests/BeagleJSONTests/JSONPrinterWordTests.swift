import Testing

@testable import BeagleJSON

/// The printer decides whether a text needs escapes eight bytes at a time, the last
/// few bytes as one padded word: every length and every position of a character that
/// needs an escape must print as the rules on ``JSONPrinter`` say.
@Suite struct JSONPrinterWordTests {
  /// The documented escaping, scalar by scalar.
  static func expected(_ text: String, escapingControlCharacters: Bool = true) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: result += "\\\""
      case 0x5C: result += "\\\\"
      case 0x0A: result += "\\n"
      case 0x0D: result += "\\r"
      case 0x09: result += "\\t"
      case 0x08: result += "\\b"
      case 0x0C: result += "\\f"
      case 0x00...0x1F: result += hex(scalar.value)
      case 0x7F...0x9F where escapingControlCharacters: result += hex(scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
  }

  @Test(
    "each length up to 20, each position of one special character",
    arguments: ["\"", "\\", "\n", "\u{1}", "\u{7F}", "\u{85}", "\u{9F}", "é", "\u{A0}", "😀", "x"])
  func positions(special: String) {
    for length in 0...20 {
      for position in 0...length {
        let text =
          String(repeating: "a", count: position) + special
          + String(repeating: "b", count: length - position)
        #expect(JSONPrinter().print(.string(text)) == Self.expected(text))
        #expect(
          JSONPrinter(escapesControlCharacters: false).print(.string(text))
            == Self.expected(text, escapingControlCharacters: false))
      }
      let plain = String(repeating: "p", count: length)
      #expect(JSONPrinter().print(.string(plain)) == "\"" + plain + "\"")
    }
  }

  @Test(
    "integers print as String(int) does",
    arguments: [0, 9, 10, -1, -9, -10, 99, 100, 48213, -48213, Int.max, Int.min, Int.min + 1])
  func integers(int: Int) {
    #expect(JSONPrinter().print(.int(int)) == String(int))
    #expect(JSONPrinter().print([.int(int), ["k": .int(int)]]) == "[\(int),{\"k\":\(int)}]")
  }
}
