/// A tiny seeded pseudo-random generator (SplitMix64) so that payloads are the
/// same bytes on every machine and every run.
///
/// The standard library's `random(in:using:)` may change its algorithm between
/// releases; the helpers here are written out so the output never depends on it.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<upperBound` (0 when `upperBound` is not positive).
  mutating func int(below upperBound: Int) -> Int {
    guard upperBound > 0 else { return 0 }
    return Int(next() % UInt64(upperBound))
  }

  /// A number in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + int(below: range.count)
  }

  /// True with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool {
    Double(next() >> 11) / Double(UInt64(1) << 53) < probability
  }

  /// One of the given choices.
  mutating func pick<Element>(_ choices: Choices<Element>) -> Element {
    let position = int(below: choices.rest.count + 1)
    return position == 0 ? choices.first : choices.rest[position - 1]
  }
}

/// A list of options that cannot be empty.
struct Choices<Element> {
  let first: Element
  let rest: [Element]

  init(_ first: Element, _ rest: Element...) {
    self.first = first
    self.rest = rest
  }
}
