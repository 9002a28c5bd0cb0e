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
  package static func between(
    _ a: String, _ b: String, limit: Int? = nil, countsTranspositions: Bool = true
  ) -> Int {
    let a = Array(a)
    let b = Array(b)
    if let limit, abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    var previousMinimum = 0
    for i in 1...a.count {
      current[0] = i
      var minimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if countsTranspositions, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
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
