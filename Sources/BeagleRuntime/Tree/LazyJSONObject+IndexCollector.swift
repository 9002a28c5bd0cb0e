import BeagleJSON
import Foundation

extension LazyJSONObject {
  /// The value indices of one component's or action's plain data, as the decoder finds
  /// them: written straight into the object that keeps them (a ``Source``, sized when
  /// the decoder knows how many there will be), not collected in an array and copied,
  /// so that each object takes one allocation and nothing is freed.
  struct IndexCollector: RandomAccessCollection {
    /// Where the indices go; nil before the first room is made.
    private var source: Source?
    /// What the objects of the decoding share (the decoder's); nil until given.
    private var store: Store?
    /// The indices ``source`` has room for.
    private var capacity = 0
    /// The indices collected.
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> UInt32 {
      // Positions come from this collection's own indices (firstIndex(where:)): the
      // check keeps a bug from touching memory past the indices; input never reaches it.
      precondition(position >= 0 && position < count, "index position")  // safe: see above
      // A position below `count` has a source (`append` wrote it).
      guard let source else { return 0 }
      return source.withUnsafeMutablePointerToElements { $0[position] }
    }

    /// Makes room for `additional` more indices of the objects of `store`.
    mutating func reserve(_ additional: Int, store: Store) {
      if self.store == nil { self.store = store }
      if count + additional > capacity { grow(to: count + additional, in: store.document) }
    }

    /// Appends `index`, a tape index in `document`.
    mutating func append(_ index: UInt32, in document: JSONDocument) {
      if count == capacity { grow(to: Swift.max(4, capacity * 2), in: document) }
      guard let source else { return }
      source.withUnsafeMutablePointerToElements { ($0 + count).initialize(to: index) }
      count += 1
    }

    /// Removes the index at `position`, moving the ones after it down.
    mutating func remove(at position: Int) {
      // Positions come from this collection's own indices (firstIndex(where:)): the
      // check keeps a bug from touching memory past the indices; input never reaches it.
      precondition(position >= 0 && position < count, "index position")  // safe: see above
      source?.withUnsafeMutablePointerToElements { elements in
        (elements + position).update(from: elements + position + 1, count: count - position - 1)
      }
      count -= 1
    }

    /// Calls `body` with the indices collected (in the memory of the object that will
    /// hold them).
    func withIndices<Result>(_ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
      guard let source else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
      return withExtendedLifetime(source) {
        body(
          UnsafeBufferPointer(
            start: UnsafePointer(source.withUnsafeMutablePointerToElements { $0 }), count: count))
      }
    }

    /// The object of the members collected, left in their document. The collector is
    /// done: the object holds its indices.
    func object() -> LazyJSONObject {
      guard let source, count > 0 else { return LazyJSONObject() }
      source.withUnsafeMutablePointerToHeader {
        $0.pointee.count = UInt32(truncatingIfNeeded: count)
      }
      return LazyJSONObject(source: source)
    }

    /// Moves the indices into a source with room for `newCapacity`.
    private mutating func grow(to newCapacity: Int, in document: JSONDocument) {
      let store = store ?? Store(document: document, lock: NSLock())
      self.store = store
      let grown = Source.make(store: store, capacity: newCapacity)
      if let source {
        let count = count
        grown.withUnsafeMutablePointerToElements { target in
          source.withUnsafeMutablePointerToElements { target.initialize(from: $0, count: count) }
        }
      }
      source = grown
      capacity = newCapacity
    }
  }
}
