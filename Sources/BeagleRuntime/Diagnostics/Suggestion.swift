/// "Did you mean" by edit distance.
package enum Suggestion {
  /// The candidate closest to `word` (case-insensitively) when it is close enough
  /// to be a likely typo: at most a third of the word's length, and at most 3 edits.
  package static func closest(to word: String, among candidates: [String]) -> String? {
    let target = Array(word.lowercased())
    var best: (distance: Int, candidate: String)?
    for candidate in candidates.sorted() {
      let distance = editDistance(target, Array(candidate.lowercased()))
      if distance < (best?.distance ?? Int.max) { best = (distance, candidate) }
    }
    guard let best, best.distance > 0, best.distance <= min(3, max(1, target.count / 3)) else {
      return nil
    }
    return best.candidate
  }

  /// ``closest(to:among:)``, or else a candidate that is the word with one run of
  /// characters added or removed (`onTextChange` → `onChange`, `url` → `urlPath`):
  /// field names are often misremembered that way, beyond a few typos.
  package static func closestName(to word: String, among candidates: [String]) -> String? {
    if let close = closest(to: word, among: candidates) { return close }
    return candidates.sorted().first { candidate in
      let (short, long) = candidate.count < word.count ? (candidate, word) : (word, candidate)
      guard short.count >= 4, long.count > short.count else { return false }
      let prefix = zip(short, long).prefix { $0 == $1 }.count
      let suffix = zip(short.reversed(), long.reversed()).prefix { $0 == $1 }.count
      return prefix + suffix >= short.count && prefix >= 2
    }
  }

  static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
    if lhs.isEmpty { return rhs.count }
    if rhs.isEmpty { return lhs.count }
    var previous = Array(0...rhs.count)
    var current = [Int](repeating: 0, count: rhs.count + 1)
    for i in 1...lhs.count {
      current[0] = i
      for j in 1...rhs.count {
        let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[rhs.count]
  }
}
