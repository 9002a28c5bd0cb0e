import BeagleExpressions

/// "Did you mean" by edit distance.
package enum Suggestion {
  /// The candidate closest to `word` (case-insensitively) when it is close enough
  /// to be a likely typo: at most `limit` edits, by default a third of the word's
  /// length and at most 3. Two neighbouring letters swapped count as one edit
  /// (`tset` → `test`, `Hlep` → `Help`).
  package static func closest(
    to word: String, among candidates: [String], within limit: Int? = nil
  ) -> String? {
    Candidates(candidates).closest(to: word, within: limit)
  }

  /// Candidates read once for many look-ups (``closest(to:within:)``): a check with
  /// thousands of dead routes looks each one up among the same routes served.
  package struct Candidates: Sendable {
    private let candidates: [String]
    /// Each candidate's bytes case folded, when it is ASCII (``LetterCounts``).
    private let folded: [[UInt8]?]

    package init(_ candidates: [String]) {
      self.candidates = candidates
      folded = candidates.map(LetterCounts.folded)
    }

    /// ``Suggestion/closest(to:among:within:)`` among these candidates.
    package func closest(to word: String, within limit: Int? = nil) -> String? {
      let target = word.lowercased()
      var letters = LetterCounts(target)
      let bound = limit ?? min(3, max(1, (letters?.length ?? target.count) / 3))
      // Only a candidate within `bound` can be the answer, and once one is found only
      // a candidate as close: each distance stops past the closest so far, after the
      // lengths and then the letters alone rule most candidates out without it (two
      // ASCII words). Among the closest, the first in sorted order wins, without sorting.
      var best: (distance: Int, candidate: String)?
      for index in candidates.indices {
        let candidate = candidates[index]
        let cap = best.map { min(bound, $0.distance) } ?? bound
        if let length = letters?.length, let bytes = folded[index] {
          if abs(bytes.count - length) > cap { continue }
          if let lower = letters?.fewestEdits(toFolded: bytes), lower > cap { continue }
        }
        let distance = EditDistance.betweenIgnoringCase(target, candidate, limit: cap)
        guard distance <= cap else { continue }
        if let current = best,
          distance > current.distance
            || (distance == current.distance && candidate >= current.candidate)
        {
          continue
        }
        best = (distance, candidate)
      }
      // Distance 0 is a candidate that differs in case only (`styleid` → `styleId`).
      guard let best, best.candidate != word else { return nil }
      return best.candidate
    }
  }
  /// ``closest(to:among:)``, or a candidate with two neighbouring letters swapped,
  /// or else a candidate that is the word with one run of
  /// characters added or removed (`onTextChange` → `onChange`, `url` → `urlPath`):
  /// field names are often misremembered that way, beyond a few typos.
  package static func closestName(to word: String, among candidates: [String]) -> String? {
    if let close = closest(to: word, among: candidates) { return close }
    let letters = Array(word)
    if let swapped = candidates.sorted().first(where: { candidate in
      // Two neighbouring letters swapped: `titel` → `title`.
      let other = Array(candidate)
      guard other.count == letters.count, other != letters else { return false }
      let differing = letters.indices.filter { letters[$0] != other[$0] }
      return differing.count == 2 && differing[1] == differing[0] + 1
        && letters[differing[0]] == other[differing[1]]
        && letters[differing[1]] == other[differing[0]]
    }) {
      return swapped
    }
    return candidates.sorted().first { candidate in
      let (short, long) = candidate.count < word.count ? (candidate, word) : (word, candidate)
      guard short.count >= 4, long.count > short.count else { return false }
      let prefix = zip(short, long).prefix { $0 == $1 }.count
      let suffix = zip(short.reversed(), long.reversed()).prefix { $0 == $1 }.count
      return prefix + suffix >= short.count && prefix >= 2
    }
  }
}
