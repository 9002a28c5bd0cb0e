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
}
