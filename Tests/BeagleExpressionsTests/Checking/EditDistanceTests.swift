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
}
