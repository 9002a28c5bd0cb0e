/// Tape indices (of an object's members' values, as `LazyJSONObject` keeps them) in
/// memory that `owner` holds and keeps alive: read like an array of `UInt32`, without
/// an array of their own (a decoded object keeps its indices in its own allocation).
package struct TapeIndices: RandomAccessCollection {
  /// What holds the indices; kept alive as long as this collection is.
  @usableFromInline let owner: AnyObject
  @usableFromInline let base: UnsafePointer<UInt32>
  /// The number of indices.
  package let count: Int

  /// The `count` indices at `base`, memory that `owner` holds (and does not change
  /// while it is alive).
  @inlinable
  package init(owner: AnyObject, base: UnsafePointer<UInt32>, count: Int) {
    self.owner = owner
    self.base = base
    self.count = count
  }

  @inlinable package var startIndex: Int { 0 }

  @inlinable package var endIndex: Int { count }

  @inlinable
  package subscript(position: Int) -> UInt32 {
    // As an array's subscript: a position out of bounds is a programming error.
    precondition(position >= 0 && position < count, "tape index position out of range")
    return base[position]
  }

  /// Calls `body` with the indices as a buffer, `owner` kept alive while it runs.
  @inlinable
  package func withUnsafeBufferPointer<Result>(
    _ body: (UnsafeBufferPointer<UInt32>) throws -> Result
  ) rethrows -> Result {
    try withExtendedLifetime(owner) { try body(UnsafeBufferPointer(start: base, count: count)) }
  }
}
