/// Where ``JSONParser/parse(_:inTwoParts:)`` cuts a document: just past a comma
/// between two elements of an array, near the middle of the bytes.
///
/// The cut is found from the bytes alone, without scanning what comes before, so it
/// is only a guess; the parse checks it (the first part's scan stops there only if
/// the serial scan is just past an array's comma there, and the parts are joined
/// only if they fit). The guess is right in every well-formed document:
///
/// The pattern is `,` then `{`, then `"` then a byte that is none of whitespace,
/// `,`, `:`, `}`, `]` or `"` (whitespace allowed between the first three).
/// - That `"` is not inside a string: there a `"` is escaped, preceded by a
///   backslash, and this one is preceded by `{` or whitespace. So it begins or ends
///   a string. A string's closing quote is followed by whitespace, `,`, `:`, `}` or
///   `]`, never by the byte after this one: it begins a string (a key: the byte
///   before it is `{` or whitespace after one).
/// - So no string holds the bytes between the `,` and that quote (none of them is
///   a quote): the `{` opens an object, and the `,` separates two values.
/// - A comma followed by a value (not a key) separates the elements of an array.
enum SecondPartCut {
  /// The offset just past the comma of the first such pattern from the middle of
  /// `bytes` on; nil when there is none.
  static func find(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = bytes.count
    var brace = count / 2
    while brace < count {
      guard bytes[brace] == UInt8(ascii: "{") else {
        brace &+= 1
        continue
      }
      defer { brace &+= 1 }
      var before = brace &- 1
      while before > 0, isWhitespace(bytes[before]) { before &-= 1 }
      guard before > 0, bytes[before] == UInt8(ascii: ",") else { continue }
      var after = brace &+ 1
      while after < count, isWhitespace(bytes[after]) { after &+= 1 }
      guard after &+ 1 < count, bytes[after] == UInt8(ascii: "\"") else { continue }
      switch bytes[after &+ 1] {
      case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"),
        UInt8(ascii: "]"), UInt8(ascii: "\""):
        continue
      default:
        return before &+ 1
      }
    }
    return nil
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
