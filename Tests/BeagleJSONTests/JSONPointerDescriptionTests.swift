import BeagleTestSupport
import Testing

@testable import BeagleJSON

/// ``JSONPointer/description`` and ``JSONPointer/appendDescription(to:)`` write a
/// pointer's bytes back to front from its last link; they must print exactly RFC 6901's
/// string form (section 5: `/` before each token, `~` escaped as `~0`, then `/` as
/// `~1`), here built token by token as the reference.
@Suite struct JSONPointerDescriptionTests {
  /// RFC 6901's string form of `tokens`, escaped in the RFC's order.
  func reference(_ tokens: [String]) -> String {
    var text = ""
    for token in tokens {
      text += "/"
      for character in token {
        switch character {
        case "~": text += "~0"
        case "/": text += "~1"
        default: text.append(character)
        }
      }
    }
    return text
  }

  static let pieces = ["a", "~", "/", "~1", "~0", "é", "限时", "🌱", "children", "0", "", " ", "%2F"]

  func token(_ random: inout SplitMix) -> String {
    let length = Int.random(in: 0...4, using: &random)
    return (0..<length).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
  }

  /// A pointer built as the decoder builds them: keys, indices (a key and its index
  /// make one link), and index tokens of every size.
  func pointer(_ random: inout SplitMix) -> (JSONPointer, [String]) {
    var pointer = JSONPointer()
    var tokens: [String] = []
    for _ in 0..<Int.random(in: 0...40, using: &random) {
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        let index =
          [0, 9, 10, 255, 256, 99_999, Int(Int32.max), Int(Int32.max) + 1, -1]
          .randomElement(using: &random) ?? 0
        pointer = pointer.appending(index)
        tokens.append(String(index))
      default:
        let key = token(&random)
        pointer = pointer.appending(key)
        tokens.append(key)
      }
    }
    return (pointer, tokens)
  }

  @Test("the printed form is RFC 6901's for seeded pointers", arguments: 0..<8)
  func seeded(seed: UInt64) {
    var random = SplitMix(seed: seed)
    for _ in 0..<250 {
      let (pointer, tokens) = pointer(&random)
      let expected = reference(tokens)
      #expect(pointer.tokens == tokens)
      #expect(pointer.description == expected, "seed \(seed)")
      var bytes: [UInt8] = Array("prefix".utf8)
      pointer.appendDescription(to: &bytes)
      #expect(bytes == Array(("prefix" + expected).utf8), "seed \(seed)")
      #expect(JSONPointer(parsing: expected) == pointer)
      #expect(JSONPointer(parsing: expected)?.description == expected)
    }
  }

  @Test(
    "escapes and indices print as RFC 6901 says",
    arguments: [
      ([], ""),
      ([""], "/"),
      (["", ""], "//"),
      (["a/b", "m~n"], "/a~1b/m~0n"),
      (["~1"], "/~01"),
      (["/~"], "/~1~0"),
      (["é", "限时 🌱"], "/é/限时 🌱"),
      (["children", "0", "x", "1000000"], "/children/0/x/1000000"),
    ])
  func examples(tokens: [String], printed: String) {
    #expect(JSONPointer(tokens).description == printed)
    var bytes: [UInt8] = []
    JSONPointer(tokens).appendDescription(to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == printed)
  }

  @Test("an index after a key prints as its own token")
  func pairs() {
    let pointer = JSONPointer(["a~b"]).appending("c/d").appending(1234).appending("").appending(0)
    #expect(pointer.description == "/a~0b/c~1d/1234//0")
  }
}
