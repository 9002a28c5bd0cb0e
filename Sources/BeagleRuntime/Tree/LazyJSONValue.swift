import BeagleJSON
import Foundation

/// A JSON value that may still be in the document it was decoded from: a context
/// declaration's value, which `check` never reads and a run reads when the context
/// is first needed. Materialised held in every declaration, a large screen's
/// contexts took as much memory as all its components' plain data.
///
/// The first read materialises the value once for every copy of this one (the
/// result is kept, under the lock shared by the decoded document's objects, as a
/// ``LazyJSONObject`` keeps what it materialised). One word: a value given in
/// memory is held the same way, already read. Equality is the values'.
struct LazyJSONValue: Sendable, Equatable {
  private let source: Source

  /// The value, or where it is in a document until first read. Five words: the value
  /// once read is out of line (inline, it made each source three words larger).
  // Unchecked: it changes what it materialised only under its store's lock, and a
  // source without a store is given its value when made and never changes.
  final class Source: @unchecked Sendable {
    /// The document and its lock; nil for a value given in memory.
    private let store: LazyJSONObject.Store?
    /// 32-bit, as on the tape (inputs are at most ``InputLimit/bytes``).
    private let tapeIndex: UInt32
    /// The value once materialised (from the start without a store), written under
    /// the store's lock.
    private var cached: Indirect<JSONValue>?

    init(store: LazyJSONObject.Store, tapeIndex: Int) {
      self.store = store
      self.tapeIndex = UInt32(truncatingIfNeeded: tapeIndex)
    }

    init(_ value: JSONValue) {
      store = nil
      tapeIndex = 0
      cached = Indirect(value)
    }

    var value: JSONValue {
      // Set when made, never changed: read without the lock.
      guard let store else { return cached?.value ?? .null }
      store.lock.lock()
      defer { store.lock.unlock() }
      if let cached { return cached.value }
      let value = store.document.node(atTapeIndex: Int(tapeIndex)).value
      cached = Indirect(value)
      return value
    }

    /// Whether the value was materialised (read under the lock).
    var isMaterialised: Bool {
      guard let store else { return true }
      store.lock.lock()
      defer { store.lock.unlock() }
      return cached != nil
    }
  }

  /// A value already in memory.
  init(_ value: JSONValue) { source = Source(value) }

  /// The value of `node`, a node of `store`'s document, left there until read.
  init(_ node: JSONNode, store: LazyJSONObject.Store) {
    source = Source(store: store, tapeIndex: node.tapeIndex)
  }

  /// The value, materialised on the first read of any copy.
  var value: JSONValue { source.value }

  /// Whether reading ``value`` needs no materialising: it was given, or read before.
  var isMaterialised: Bool { source.isMaterialised }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.source === rhs.source || lhs.value == rhs.value
  }
}
