/// The characters of an ASCII word, case folded and counted: a lower bound on the
/// edit distance (``EditDistance``, transpositions counted) from the word to another
/// ASCII word, found without working the distance out.
///
/// An insertion or a deletion adds or removes one character, a substitution removes
/// one and adds one, a swap of neighbours changes none: so it takes at least as many
/// edits as the larger of the counts of characters one word has beyond the other's
/// (`/cart` and `/serve`: `c`, `a`, `t` beyond, `s`, `e`, `v`, `e` beyond, at least 4).
struct LetterCounts {
  /// The word's length: in ASCII without a carriage return, a byte is a character.
  let length: Int
  /// How many times the word has each folded byte.
  private var counts: [Int32]

  /// The counts of `word`; nil when it is not ASCII, has a carriage return (`\r\n` is
  /// one character) or is not stored contiguously: no bound then.
  init?(_ word: String) {
    guard let bytes = Self.folded(word) else { return nil }
    var counts = [Int32](repeating: 0, count: 128)
    for byte in bytes { counts[Int(byte)] += 1 }
    self.length = bytes.count
    self.counts = counts
  }

  /// The bytes of `word` with `A`–`Z` as `a`–`z`, as ``EditDistance`` folds ASCII; nil
  /// when it is not ASCII, has a carriage return or is not stored contiguously.
  static func folded(_ word: String) -> [UInt8]? {
    let folded = word.utf8.withContiguousStorageIfAvailable { bytes -> [UInt8]? in
      var folded: [UInt8] = []
      folded.reserveCapacity(bytes.count)
      for byte in bytes {
        guard byte < 0x80, byte != UInt8(ascii: "\r") else { return nil }
        folded.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
      }
      return folded
    }
    return folded ?? nil
  }

  /// At most the distance between the word and the word whose ``folded(_:)`` bytes are
  /// `other`.
  mutating func fewestEdits(toFolded other: [UInt8]) -> Int {
    let length = length
    return counts.withUnsafeMutableBufferPointer { counts in
      other.withUnsafeBufferPointer { other in
        // The other word's characters beyond the word's, counted as they are taken
        // from the word's counts; the counts are put back before returning.
        var beyond = 0
        for byte in other {
          // safe: folded bytes are below 0x80, the counts' size.
          counts[Int(byte)] -= 1
          if counts[Int(byte)] < 0 { beyond += 1 }
        }
        for byte in other { counts[Int(byte)] += 1 }
        // The word's characters the other one does not match: its length less those
        // matched (the other's length less its own beyond).
        return max(beyond, length - (other.count - beyond))
      }
    }
  }
}
