/// Edit distance for "did you mean", the one implementation every layer uses.
///
/// Insertions, deletions and substitutions each cost 1; with
/// `countsTranspositions` (the default) a swap of two adjacent characters costs 1
/// too, the optimal string alignment distance (`lenght` → `length` is 1), and
/// without it the swap costs 2 (Levenshtein distance).
package enum EditDistance {
  /// The distance between `a` and `b`; with a `limit`, a value above `limit` as soon
  /// as it is known to exceed it (the lengths alone differ by more, or two rows in a
  /// row are all above it: every later cell comes from one of them, adding 0 or more).
  ///
  /// ASCII strings (nearly every name and route) are compared byte by byte, without
  /// building arrays of characters: in ASCII a byte is a character.
  package static func between(
    _ a: String, _ b: String, limit: Int? = nil, countsTranspositions: Bool = true
  ) -> Int {
    if let distance = asciiDistance(
      a, b, limit: limit, countsTranspositions: countsTranspositions, foldingCase: false)
    {
      return distance
    }
    return distance(Array(a), Array(b), limit: limit, countsTranspositions: countsTranspositions)
  }

  /// ``between(_:_:limit:countsTranspositions:)`` of the two strings lowercased, without
  /// lowercasing an ASCII string (its letters are folded as they are compared).
  package static func betweenIgnoringCase(_ a: String, _ b: String, limit: Int? = nil) -> Int {
    if let distance = asciiDistance(
      a, b, limit: limit, countsTranspositions: true, foldingCase: true)
    {
      return distance
    }
    return between(a.lowercased(), b.lowercased(), limit: limit)
  }

  /// The distance over the UTF-8 bytes of two ASCII strings; nil when either is not
  /// ASCII (or not stored contiguously).
  private static func asciiDistance(
    _ a: String, _ b: String, limit: Int?, countsTranspositions: Bool, foldingCase: Bool
  ) -> Int? {
    let aCount = a.utf8.count
    let bCount = b.utf8.count
    // Lengths in bytes bound lengths in characters from above, so only when both are
    // ASCII does a difference in bytes mean a difference in characters.
    let result = a.utf8.withContiguousStorageIfAvailable { first in
      b.utf8.withContiguousStorageIfAvailable { second -> Int? in
        guard isASCII(first), isASCII(second) else { return nil }
        if let limit, abs(aCount - bCount) > limit { return limit + 1 }
        return distance(
          first, second, limit: limit, countsTranspositions: countsTranspositions,
          foldingCase: foldingCase) as Int
      }
    }
    return (result ?? nil) ?? nil
  }

  /// Whether each byte is a character: ASCII without a carriage return (`\r\n` is
  /// one character).
  private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    !bytes.contains { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }
  }

  /// The distance over the bytes of two ASCII strings, case folded when asked.
  private static func distance(
    _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int?,
    countsTranspositions: Bool, foldingCase: Bool
  ) -> Int {
    guard foldingCase else {
      return distance(a, b, limit: limit, countsTranspositions: countsTranspositions, same: ==)
    }
    @inline(__always) func fold(_ byte: UInt8) -> UInt8 {
      byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
    return distance(a, b, limit: limit, countsTranspositions: countsTranspositions) {
      fold($0) == fold($1)
    }
  }

  /// The distance over characters, for strings that are not both ASCII.
  private static func distance(
    _ a: [Character], _ b: [Character], limit: Int?, countsTranspositions: Bool
  ) -> Int {
    if let limit, abs(a.count - b.count) > limit { return limit + 1 }
    return distance(a, b, limit: limit, countsTranspositions: countsTranspositions, same: ==)
  }

  /// The optimal string alignment (or Levenshtein) distance between two sequences
  /// whose elements are compared with `same`, the three rows it needs kept in one
  /// temporary allocation.
  ///
  /// With a `limit`, only the band of cells within `limit` of the diagonal is worked
  /// out (Ukkonen): a cell off it is more than `limit` (each step off the diagonal
  /// costs an edit), so it is read as `limit + 1`. A distance up to `limit` comes
  /// from a path inside the band, exact; one above it stays above it.
  private static func distance<Elements: RandomAccessCollection>(
    _ a: Elements, _ b: Elements, limit: Int?, countsTranspositions: Bool,
    same: (Elements.Element, Elements.Element) -> Bool
  ) -> Int where Elements.Index == Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    if let limit, abs(a.count - b.count) > limit { return limit + 1 }
    // Without a limit, the band is every cell.
    let band = limit ?? Swift.max(a.count, b.count)
    let outside = band + 1
    let width = b.count + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
      var previousPrevious = UnsafeMutableBufferPointer(rebasing: rows[0..<width])
      var previous = UnsafeMutableBufferPointer(rebasing: rows[width..<2 * width])
      var current = UnsafeMutableBufferPointer(rebasing: rows[2 * width..<3 * width])
      for j in 0..<width {
        previousPrevious[j] = outside
        previous[j] = j <= band ? j : outside
        current[j] = outside
      }
      var previousMinimum = 0
      for i in 1...a.count {
        let aElement = a[a.startIndex + i - 1]
        let low = Swift.max(1, i - band)
        let high = Swift.min(b.count, i + band)
        // The cells either side of the band, read by this row and the next two.
        current[low - 1] = low == 1 ? i : outside
        if high < b.count { current[high + 1] = outside }
        var minimum = low == 1 ? i : outside
        for j in low...high {
          let bElement = b[b.startIndex + j - 1]
          let cost = same(aElement, bElement) ? 0 : 1
          var value = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
          if countsTranspositions, i > 1, j > 1, same(aElement, b[b.startIndex + j - 2]),
            same(a[a.startIndex + i - 2], bElement)
          {
            value = Swift.min(value, previousPrevious[j - 2] + 1)
          }
          current[j] = value
          minimum = Swift.min(minimum, value)
        }
        if let limit, minimum > limit, previousMinimum > limit { return limit + 1 }
        previousMinimum = minimum
        (previousPrevious, previous, current) = (previous, current, previousPrevious)
      }
      return previous[b.count]
    }
  }
}
