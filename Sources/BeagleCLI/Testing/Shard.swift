/// `test --shard K/N`: the part K (1-based) of N that this run tests, so a CI matrix
/// of N machines runs each scenario exactly once.
///
/// A scenario belongs to the shard its path picks: the FNV-1a hash of the path as
/// found (`Examples/shop/cart.scenario`, relative to where the run starts), modulo N.
/// So a scenario stays in its shard when others are added, removed or renamed
/// anywhere (numbering the sorted list would move every scenario after a new one);
/// the price is that shards are only about even, not exactly.
///
/// ```swift
/// let shard = try Shard(parsing: "2/3")
/// shard.contains("Examples/shop/cart.scenario")
/// ```
struct Shard: Sendable, Equatable {
  /// 1-based.
  var index: Int
  var count: Int

  /// The most shards a suite may be split into.
  static let maximumCount = 10_000

  init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Reads `K/N`, with 1 ≤ K ≤ N ≤ ``maximumCount``.
  init(parsing text: String) throws(UsageError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      count >= 1, count <= Self.maximumCount, index >= 1, index <= count
    else {
      throw UsageError(
        message: "'--shard' takes K/N, the part K of N with 1 ≤ K ≤ N ≤ \(Self.maximumCount),"
          + " as in --shard 2/4, not '\(text)'")
    }
    self.index = index
    self.count = count
  }

  /// Whether the scenario at `path` (as found) is in this shard.
  func contains(_ path: String) -> Bool {
    Int(Self.hash(path) % UInt64(count)) == index - 1
  }

  /// FNV-1a (64 bits) of the path's UTF-8 bytes: the same on every machine and run.
  static func hash(_ path: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
