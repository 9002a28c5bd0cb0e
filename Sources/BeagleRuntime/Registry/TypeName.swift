/// Case-insensitive comparison of type names (`beagle:listView`), as Beagle
/// matches them, without allocating for the ASCII names every payload uses.
enum TypeName {
  /// Whether `lhs.lowercased() == rhs.lowercased()`.
  static func equal(_ lhs: String, _ rhs: String) -> Bool {
    var lhs = lhs
    var rhs = rhs
    let result: Bool? = lhs.withUTF8 { left in
      rhs.withUTF8 { right -> Bool? in
        guard left.count == right.count else {
          return isASCII(left) && isASCII(right) ? false : nil
        }
        for index in left.indices {
          let leftByte = left[index]
          let rightByte = right[index]
          // Non-ASCII: lower-casing may change lengths or map to ASCII; let
          // `lowercased()` decide.
          guard leftByte < 0x80, rightByte < 0x80 else { return nil }
          if leftByte != rightByte, folded(leftByte) != folded(rightByte) {
            return isASCII(left) && isASCII(right) ? false : nil
          }
        }
        return true
      }
    }
    return result ?? (lhs.lowercased() == rhs.lowercased())
  }

  private static func folded(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }

  private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { $0 < 0x80 }
  }
}
