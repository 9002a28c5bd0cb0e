import BeagleExpressions
import BeagleTestSupport
import Testing

@testable import BeagleRuntime

/// ``Suggestion/closest(to:among:within:)`` skips candidates by a bound from their
/// letters and stops each distance past the closest so far; these check that it
/// still answers as comparing every whole distance does
/// (``closestByFullDistances(to:among:within:)`` below), ties included.
@Suite struct SuggestionShortcutTests {
  /// ``Suggestion/closest(to:among:within:)`` without its shortcuts: every candidate's
  /// whole distance, compared, the closest and among ties the first in sorted order
  /// (what the shortcuts must agree with).
  private static func closestByFullDistances(
    to word: String, among candidates: [String], within limit: Int? = nil
  ) -> String? {
    let target = word.lowercased()
    let bound = limit ?? min(3, max(1, target.count / 3))
    // The smallest (distance, candidate) pair: the closest, and among ties the first
    // in sorted order.
    let best =
      candidates
      .map { (distance: EditDistance.betweenIgnoringCase(target, $0), candidate: $0) }
      .filter { $0.distance <= bound }
      .min { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }
    guard let best, best.candidate != word else { return nil }
    return best.candidate
  }

  /// Routes and names from few characters, so that many are close and many tie;
  /// some with capitals, non-ASCII letters or a `\r\n`.
  private static func word(_ random: inout SplitMix) -> String {
    let alphabet: [String] = [
      "/", "/", "a", "b", "c", "d", "e", "1", "2", "-", "A", "B", "é", "ß", "ü", "\r\n",
    ]
    let length = 1 + random.below(12)
    // Three words in four are plain ASCII, as routes mostly are.
    let letters = random.below(4) == 0 ? alphabet.count : 11
    return (0..<length).map { _ in alphabet[random.below(letters)] }.joined()
  }

  /// `word` with up to four random edits: inserted, deleted, substituted or swapped.
  private static func edited(_ word: String, _ random: inout SplitMix) -> String {
    var characters = Array(word)
    for _ in 0..<random.below(5) {
      let position = characters.isEmpty ? 0 : random.below(characters.count)
      switch random.below(4) {
      case 0: characters.insert(Array("/abcB1é")[random.below(7)], at: position)
      case 1: if !characters.isEmpty { characters.remove(at: position) }
      case 2: if !characters.isEmpty { characters[position] = Array("abcdE2-")[random.below(7)] }
      default:
        if position + 1 < characters.count { characters.swapAt(position, position + 1) }
      }
    }
    return String(characters)
  }

  @Test("the shortcuts find what comparing every whole distance finds (seeded)")
  func sameAsFullDistances() {
    var random = SplitMix(seed: 20_2611_27)
    var found = 0
    for round in 0..<3000 {
      let candidates = (0..<(1 + random.below(30))).map { _ in Self.word(&random) }
      let word =
        random.below(5) == 0
        ? Self.word(&random) : Self.edited(candidates[random.below(candidates.count)], &random)
      let limit: Int? = random.below(3) == 0 ? random.below(5) : nil
      let fast = Suggestion.closest(to: word, among: candidates, within: limit)
      let full = Self.closestByFullDistances(to: word, among: candidates, within: limit)
      #expect(fast == full, "round \(round): \(word.debugDescription) among \(candidates)")
      // Prepared once, looked up many times: the same answers.
      let prepared = Suggestion.Candidates(candidates)
      for other in [word, Self.edited(word, &random), Self.word(&random)] {
        #expect(
          prepared.closest(to: other, within: limit)
            == Self.closestByFullDistances(to: other, among: candidates, within: limit))
      }
      if full != nil { found += 1 }
    }
    // Most rounds have an answer, so the comparison is not of nils.
    #expect(found > 1000)
  }

  @Test("among candidates at the same distance, the first in sorted order, in any order given")
  func tiesGoToTheFirstSorted() {
    // `/prodcts` is one insertion from each (docs: "the first in sorted order wins").
    let routes = ["/products", "/prodcuts", "/prodxcts"]
    for order in [routes, routes.reversed(), [routes[1], routes[0], routes[2]]] {
      #expect(Suggestion.closest(to: "/prodcts", among: order) == "/prodcuts")
    }
    // One edit from each: the first sorted. A closer one after them still wins.
    #expect(Suggestion.closest(to: "/cart", among: ["/carts", "/cars", "/cart2"]) == "/cars")
    #expect(Suggestion.closest(to: "/cart", among: ["/cars", "/carts", "/CART"]) == "/CART")
    #expect(Suggestion.closest(to: "/Cart", among: ["/caart", "/CART"]) == "/CART")
  }

  @Test("the letters' bound is never above the distance (seeded)")
  func letterBoundIsALowerBound() {
    var random = SplitMix(seed: 7)
    var bounded = 0
    for _ in 0..<5000 {
      let first = Self.word(&random)
      let second = random.below(2) == 0 ? Self.edited(first, &random) : Self.word(&random)
      guard var letters = LetterCounts(first.lowercased()) else { continue }
      let distance = EditDistance.betweenIgnoringCase(first.lowercased(), second)
      guard let other = LetterCounts.folded(second) else { continue }
      let bound = letters.fewestEdits(toFolded: other)
      #expect(bound <= distance, "\(first.debugDescription) → \(second.debugDescription)")
      bounded += 1
      // The counts are put back: the same bound again.
      #expect(letters.fewestEdits(toFolded: other) == bound)
    }
    #expect(bounded > 2000)
  }

  @Test("the letters' bound on routes that differ")
  func letterBoundExamples() {
    var cart = LetterCounts("/cart")
    let bound = { (other: String) in
      LetterCounts.folded(other).flatMap { cart?.fewestEdits(toFolded: $0) }
    }
    // `/serve` has s, e, v, e beyond `/cart`'s letters; `/cart` has c, a, t beyond.
    #expect(bound("/serve") == 4)
    #expect(bound("/TRAC") == 0)
    #expect(bound("/carts") == 1)
    #expect(LetterCounts.folded("/CaRt") == Array("/cart".utf8))
    #expect(LetterCounts.folded("/café") == nil)
    #expect(LetterCounts("/café") == nil)
    #expect(LetterCounts("a\r\nb") == nil)
  }
}
