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
    let target = word.lowercased()
    let limit = limit ?? min(3, max(1, target.count / 3))
    var best: (distance: Int, candidate: String)?
    for candidate in candidates.sorted() {
      // Past the limit the exact distance does not matter (no such candidate is
      // suggested), so a candidate whose length alone differs too much costs nothing.
      let distance = EditDistance.between(target, candidate.lowercased(), limit: limit)
      if distance < (best?.distance ?? Int.max) { best = (distance, candidate) }
    }
    // Distance 0 is a candidate that differs in case only (`styleid` → `styleId`).
    guard let best, best.candidate != word, best.distance <= limit else {
      return nil
    }
    return best.candidate
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
