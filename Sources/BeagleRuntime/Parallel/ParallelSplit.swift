/// Where a large screen is cut in two, so that its decoding and its checks use a
/// second core: at one array of components that holds at least half of the
/// document, between the two elements closest to its middle.
///
/// The two halves are worked on by separate threads, each with its own state, and
/// their results are put back in document order: the output is the same, byte for
/// byte, as when one thread does all of it. Sizes are counted in tape tokens (a
/// value, a key), which is what decoding and checking walk.
///
/// ```swift
/// let split = ParallelSplit(tokens: 1_000)
/// split.secondHalf(starts: [10, 300, 520, 900], end: 1_000)  // 2: 10..<520 and 520..<1000
/// ```
struct ParallelSplit: Sendable, Equatable {
  /// The fewest tokens an array must span to be split: half the document's.
  let minimumSpan: Int

  /// The split of a document of `tokens` tape tokens.
  init(tokens: Int) {
    minimumSpan = max(2, tokens / 2)
  }

  /// Whether an array spanning `span` tokens may be split (checked before its
  /// elements are measured).
  func isLarge(span: Int) -> Bool {
    span >= minimumSpan
  }

  /// The index of the first element of the second half of an array whose elements
  /// start at the tape indices `starts` (ascending) and end before `end`; nil when
  /// the array is too small, or when no cut leaves each half a quarter of it (one
  /// element holds most of it: an array inside that element may be cut instead).
  func secondHalf(starts: [Int], end: Int) -> Int? {
    guard starts.count >= 2, let first = starts.first, isLarge(span: end - first) else {
      return nil
    }
    let middle = first + (end - first) / 2
    var best = 1
    for index in 2..<starts.count where abs(starts[index] - middle) < abs(starts[best] - middle) {
      best = index
    }
    let smaller = min(starts[best] - first, end - starts[best])
    return smaller * 4 >= end - first ? best : nil
  }
}
