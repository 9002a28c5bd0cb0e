import BeagleJSON
import Foundation

/// A JSON value that may still be in the document it was decoded from: a context
/// declaration's value, which `check` never reads and a run reads when the context
/// is first needed. Materialised held in every declaration, a large screen's
/// contexts took as much memory as all its components' plain data.
///
/// The first read materialises the value once for every copy of this one (the
/// result is kept, under the lock shared by the decoded document's objects, as a
/// ``LazyJSONObject`` keeps what it materialised). Equality is the values'.
struct LazyJSONValue: Sendable, Equatable {
  private var storage: Storage

  // Unchecked: a ``Source`` changes what it materialised only under its store's lock.
  private enum Storage: @unchecked Sendable {
    case value(JSONValue)
    case source(Source)
  }

  /// The value in `node`'s document, read from there on first use.
  final class Source {
    let store: LazyJSONObject.Store
    let tapeIndex: Int
    /// The value once materialised, written under the store's lock.
    private var cached: JSONValue?

    init(store: LazyJSONObject.Store, tapeIndex: Int) {
      self.store = store
      self.tapeIndex = tapeIndex
    }

    var value: JSONValue {
      store.lock.lock()
      defer { store.lock.unlock() }
      if let cached { return cached }
      let value = store.document.node(atTapeIndex: tapeIndex).value
      cached = value
      return value
    }

    /// Whether the value was materialised (read under the lock).
    var isMaterialised: Bool {
      store.lock.lock()
      defer { store.lock.unlock() }
      return cached != nil
    }
  }

  /// A value already in memory.
  init(_ value: JSONValue) { storage = .value(value) }

  /// The value of `node`, a node of `store`'s document, left there until read.
  init(_ node: JSONNode, store: LazyJSONObject.Store) {
    storage = .source(Source(store: store, tapeIndex: node.tapeIndex))
  }

  /// The value, materialised on the first read of any copy.
  var value: JSONValue {
    switch storage {
    case .value(let value): value
    case .source(let source): source.value
    }
  }

  /// Whether reading ``value`` needs no materialising: it was given, or read before.
  var isMaterialised: Bool {
    switch storage {
    case .value: true
    case .source(let source): source.isMaterialised
    }
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
}
