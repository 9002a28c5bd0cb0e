import BeagleTestSupport
import Testing

@testable import BeagleExpressions

@Suite struct EditDistanceTests {
  @Test(
    "edits cost 1; a swap of neighbours costs 1 with transpositions, 2 without",
    arguments: [
      ("sum", "sum", 0, 0),
      ("sun", "sum", 1, 1),
      ("lenght", "length", 1, 2),
      ("titel", "title", 1, 2),
      ("", "abc", 3, 3),
      ("kitten", "sitting", 3, 3),
    ])
  func distance(a: String, b: String, withSwaps: Int, withoutSwaps: Int) {
    #expect(EditDistance.between(a, b) == withSwaps)
    #expect(EditDistance.between(a, b, countsTranspositions: false) == withoutSwaps)
  }

  @Test("a limit gives a value above it as soon as the lengths differ by more")
  func limit() {
    #expect(EditDistance.between("ab", "abcdef", limit: 2) == 3)
    #expect(EditDistance.between("abc", "abd", limit: 2) == 1)
  }

  @Test(
    "with a limit the distance is exact up to it and above it past it, whatever the strings",
    arguments: [
      ("kitten", "sitting"), ("lenght", "length"), ("abcdefgh", "zyxwvuts"),
      ("/missing-route-number-17", "/s017"), ("ab", "ba"), ("abcd", "badc"), ("", "x"),
      ("flaw", "lawn"), ("ca", "abc"),
    ])
  func limitAgreesWithFullDistance(a: String, b: String) {
    let full = EditDistance.between(a, b)
    for limit in 0...4 {
      let bounded = EditDistance.between(a, b, limit: limit)
      #expect(full <= limit ? bounded == full : bounded > limit, "limit \(limit)")
    }
  }

  @Test(
    "ASCII strings compared by bytes agree with non-ASCII ones compared by characters",
    arguments: [
      ("kitten", "sitting"), ("lenght", "length"), ("/missing-route-17", "/missing-route-71"),
      ("abcd", "badc"), ("a\r\nb", "a\nb"), ("ab", "a\r\n"),
    ])
  func asciiAgreesWithCharacters(a: String, b: String) {
    // The same edits on characters outside ASCII: each letter mapped to an accented one.
    func accented(_ text: String) -> String {
      String(text.map { $0 == "a" ? "á" : $0 == "e" ? "é" : $0 == "i" ? "í" : $0 })
    }
    let wide = EditDistance.between("ç" + accented(a), "ç" + accented(b))
    #expect(EditDistance.between(a, b) == wide)
    for limit in 0...3 {
      let bounded = EditDistance.between(a, b, limit: limit)
      #expect(wide <= limit ? bounded == wide : bounded > limit, "limit \(limit)")
    }
  }

  @Test("ignoring case folds ASCII letters only, as lowercasing both strings does")
  func ignoringCase() {
    #expect(EditDistance.betweenIgnoringCase("Detials", "/DETAILS".dropFirst().description) == 1)
    #expect(EditDistance.betweenIgnoringCase("styleId", "styleid") == 0)
    #expect(EditDistance.betweenIgnoringCase("[a]", "{a}") == 2)
    #expect(EditDistance.betweenIgnoringCase("ÉCOLE", "école") == 0)
    #expect(EditDistance.betweenIgnoringCase("ab", "abcdef", limit: 2) == 3)
  }

  @Test("with a limit, only the band near the diagonal is worked out: the same as the full table")
  func bandAgreesWithFullTable() {
    // Seeded, so every run compares the same strings; a small alphabet makes near
    // misses, swaps and repeats common.
    var random = SplitMix(seed: 2026)
    func next(_ bound: Int) -> Int { random.below(bound) }
    let alphabet = Array("abc/")
    for _ in 0..<400 {
      let a = String((0..<next(9)).map { _ in alphabet[next(alphabet.count)] })
      var b = Array(a)
      for _ in 0..<next(5) {
        switch next(4) {
        case 0: b.insert(alphabet[next(alphabet.count)], at: next(b.count + 1))
        case 1 where !b.isEmpty: b.remove(at: next(b.count))
        case 2 where b.count >= 2:
          let at = next(b.count - 1)
          b.swapAt(at, at + 1)
        default: if !b.isEmpty { b[next(b.count)] = alphabet[next(alphabet.count)] }
        }
      }
      let other = String(b)
      let expected = Self.fullTable(Array(a), b)
      #expect(EditDistance.between(a, other) == expected, "\(a) \(other)")
      for limit in 0...5 {
        let bounded = EditDistance.between(a, other, limit: limit)
        #expect(
          expected <= limit ? bounded == expected : bounded > limit, "\(a) \(other) \(limit)")
      }
    }
  }

  /// The optimal string alignment distance by its definition's whole table, no band
  /// and no early stop: what the bounded distance must agree with.
  private static func fullTable(_ a: [Character], _ b: [Character]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
