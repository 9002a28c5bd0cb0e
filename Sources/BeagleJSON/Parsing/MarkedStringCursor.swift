/// A position in a document's expression-marker index (the ascending tape indexes of
/// the strings that hold `@{`), moved to each of a list of values in turn: for values
/// in ascending order (a component's properties) the index is searched once for the
/// whole list, and again only past values it skips or back for one out of order.
struct MarkedStringCursor {
  /// The first marked string at or after the start of the value moved to last.
  var position: Int
  /// The start of the value moved to last.
  private var previous: Int

  /// The cursor at the value starting at tape index `start`.
  init(at start: Int, in marked: UnsafeBufferPointer<UInt32>) {
    position = Self.lowerBound(of: start, in: marked, from: 0)
    previous = start
  }

  /// Moves to the value starting at tape index `start`.
  mutating func move(to start: Int, in marked: UnsafeBufferPointer<UInt32>) {
    if start < previous {
      position = Self.lowerBound(of: start, in: marked, from: 0)
    } else if position < marked.count, Int(marked[position]) < start {
      position = Self.lowerBound(of: start, in: marked, from: position)
    }
    previous = start
  }

  /// The position of the first element of `indexes` (ascending) from `start` on
  /// that is not below `index` (`indexes.count` when none is). Read through the
  /// buffer: an `ArraySlice` checks each index and is retained for the search,
  /// about 240 instructions a search where this takes about 100.
  static func lowerBound(
    of index: Int, in indexes: UnsafeBufferPointer<UInt32>, from start: Int
  ) -> Int {
    var low = start
    var high = indexes.count
    while low < high {
      let middle = low &+ (high &- low) &>> 1
      if Int(indexes[middle]) < index { low = middle &+ 1 } else { high = middle }
    }
    return low
  }
}
