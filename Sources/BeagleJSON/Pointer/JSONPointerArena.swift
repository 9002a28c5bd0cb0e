#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What holds a ``JSONPointer``'s last tokens: a link of its own or an arena.
package class JSONPointerStorage: @unchecked Sendable {
  // @unchecked Sendable: see the subclasses (a link is immutable; an arena is
  // appended to by one decoding on one thread, before its pointers are shared).
  init() {}
}

/// The pointers of one decoding, held as small entries in one buffer: appending a
/// token to a pointer of the arena adds an entry (16 bytes), not an object.
///
/// ```swift
/// let arena = JSONPointerArena()
/// let children = arena.appending("children", to: JSONPointer())
/// arena.appending(3, to: children).description  // "/children/3"
/// ```
///
/// The pointers it makes are ordinary ``JSONPointer`` values: equal, hashed, ordered
/// and printed by their tokens, whatever holds them. Only the decoding that owns the
/// arena appends to it, on one thread; its pointers may be read anywhere once that
/// decoding has handed them on (entries are never changed once written).
package final class JSONPointerArena: JSONPointerStorage, @unchecked Sendable {
  // @unchecked Sendable: the state is mutated only by `appending` and `adopting`,
  // which the owning decoding calls on its own thread before its pointers are shared
  // (a decoding that hands work to another thread gives it an arena of its own).

  /// One position: a key (or an array index alone) or a key and an index.
  struct Entry {
    /// The entry of the tokens before this one's; -1 for the root.
    var parent: Int32
    /// The key's index in ``State/keys``.
    var key: UInt32
    /// An array index after the key (`children/3`), or -1.
    var index: Int32
    /// Tokens up to and including this entry's.
    var count: UInt32
  }

  private struct State {
    /// Allocated by `realloc` (large buffers are remapped, not copied, as they grow).
    var entries: UnsafeMutablePointer<Entry>?
    var count = 0
    var capacity = 0
    /// The distinct keys, each once (a document has few).
    var keys: [String] = []
    var keyIndices: [String: UInt32] = [:]
    /// Each key's string form (`~` as `~0`, `/` as `~1`): where it starts in
    /// ``escapedKeys`` and its length. A pointer is printed by copying them.
    var escapedKeys: [UInt8] = []
    var escapedRanges: [EscapedRange] = []
    /// The keys looked up last, by the bits of their `String` (the same field name
    /// is the same string each time): most appends repeat one, and are found without
    /// hashing it. The keys are kept alive here, so equal bits are the same string.
    /// Made on the first append, dropped by ``JSONPointerArena/finish()``.
    var recentKeys: [String] = []
    var recent: [Recent] = []
    /// The pointer of another storage copied in last, and its copy.
    var adopted: (pointer: JSONPointer, copy: UInt32)?
  }

  /// A `String`'s two words.
  private struct RecentBits: Equatable {
    var low: UInt64
    var high: UInt64
  }

  /// A key looked up lately: its string's bits and its number.
  private struct Recent {
    var bits: RecentBits
    var index: UInt32
  }

  /// Where a key's string form is in ``State/escapedKeys``.
  struct EscapedRange {
    var start: Int32
    var count: Int32
  }

  /// Read through a pointer, not as stored properties: no exclusivity checks on the
  /// decoder's hot path.
  private let state: UnsafeMutablePointer<State>

  /// What the decoding says its pointers are tagged with (the name of the file it
  /// reads: ``TaggedPointer``), nil for none.
  package let tag: PointerTag?

  /// Slots of ``State/recentKeys`` (a power of two).
  private static let recentSlots = 256

  package init(tag: PointerTag? = nil) {
    self.tag = tag
    state = .allocate(capacity: 1)
    state.initialize(to: State())
  }

  deinit {
    free(state.pointee.entries)
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// The entry at `index` (a pointer's ``JSONPointer/entry`` in this arena).
  @inline(__always)
  private func entry(_ index: UInt32) -> Entry {
    guard let entries = state.pointee.entries, Int(index) < state.pointee.count else {
      preconditionFailure("no entry \(index)")  // safe: pointers are made by add(_:)
    }
    return entries[Int(index)]
  }

  /// The pointer of entry `index`, or the root for -1.
  @inline(__always)
  private func pointer(_ index: Int32) -> JSONPointer {
    index < 0 ? JSONPointer() : JSONPointer(storage: self, entry: UInt32(index))
  }

  /// Entry `index`'s step and the pointer before it.
  func step(_ index: UInt32) -> (step: JSONPointer.Step, parent: JSONPointer) {
    let entry = entry(index)
    let step = JSONPointer.Step(
      key: state.pointee.keys[Int(entry.key)], index: entry.index, count: Int(entry.count))
    return (step, pointer(entry.parent))
  }

  /// The pointer before entry `index`'s tokens.
  func parent(of index: UInt32) -> JSONPointer { pointer(entry(index).parent) }

  /// The tokens up to and including entry `index`'s.
  func count(of index: UInt32) -> Int { Int(entry(index).count) }

  /// Calls `body` with entry `start` and each entry before it up to the root's
  /// child while it returns true.
  @inline(__always)
  func walk(from start: UInt32, _ body: (JSONPointer.Step) -> Bool) {
    guard let entries = state.pointee.entries else { return }
    let count = state.pointee.count
    var current = Int32(bitPattern: start)
    while current >= 0, Int(current) < count {
      let entry = entries[Int(current)]
      let step = JSONPointer.Step(
        key: state.pointee.keys[Int(entry.key)], index: entry.index, count: Int(entry.count))
      guard body(step) else { return }
      current = entry.parent
    }
  }

  /// The bytes of the string form of entry `start` and the entries before it.
  func printedLength(from start: UInt32) -> Int {
    guard let entries = state.pointee.entries else { return 0 }
    let count = state.pointee.count
    return state.pointee.escapedRanges.withUnsafeBufferPointer { ranges in
      var length = 0
      var current = Int32(bitPattern: start)
      while current >= 0, Int(current) < count {
        let entry = entries[Int(current)]
        length += 1 + Int(ranges[Int(entry.key)].count)
        if entry.index >= 0 { length += 1 + JSONPointer.digitCount(of: entry.index) }
        current = entry.parent
      }
      return length
    }
  }

  /// Writes the string form of entry `start` and the entries before it into
  /// `buffer`, ending at `end` (``printedLength(from:)`` after the start), last
  /// token first.
  func writeBackwards(from start: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>, end: Int)
  {
    guard let entries = state.pointee.entries, let base = buffer.baseAddress else { return }
    let count = state.pointee.count
    state.pointee.escapedRanges.withUnsafeBufferPointer { ranges in
      state.pointee.escapedKeys.withUnsafeBufferPointer { keys in
        var position = min(end, buffer.count)
        var current = Int32(bitPattern: start)
        while current >= 0, Int(current) < count {
          let entry = entries[Int(current)]
          if entry.index >= 0 {
            position = JSONPointer.writeIndexBackwards(entry.index, into: buffer, end: position)
          }
          let range = ranges[Int(entry.key)]
          let length = Int(range.count)
          guard position > length, let from = keys.baseAddress else { return }
          position -= length
          (base + position).update(from: from + Int(range.start), count: length)
          position -= 1
          base[position] = UInt8(ascii: "/")
          current = entry.parent
        }
      }
    }
  }

  /// How many entries the arena holds: a mark to go back to with ``truncate(to:)``.
  package var entryCount: Int { state.pointee.count }

  /// Drops the entries made since `mark` (an ``entryCount``), whose room the next
  /// appends reuse. No pointer to one of them may be kept: the decoder drops the
  /// pointers of a structure it only checked, when the check reported nothing (a
  /// 10 MB screen's styles made 25 000 entries, kept as long as its tree).
  package func truncate(to mark: Int) {
    guard mark >= 0, mark < state.pointee.count else { return }
    state.pointee.count = mark
    if let adopted = state.pointee.adopted, Int(adopted.copy) >= mark {
      state.pointee.adopted = nil
    }
  }

  /// `pointer` followed by `key`.
  package func appending(_ key: String, to pointer: JSONPointer) -> JSONPointer {
    guard let parent = position(of: pointer) else { return pointer.appending(key) }
    let count = parent < 0 ? 1 : entry(UInt32(parent)).count + 1
    return add(Entry(parent: parent, key: keyIndex(key), index: -1, count: count))
      ?? pointer.appending(key)
  }

  /// `pointer` followed by array index `index`; after a key, the key and the index
  /// are one entry, as ``JSONPointer/appending(_:)-(Int)`` makes them one link.
  package func appending(_ index: Int, to pointer: JSONPointer) -> JSONPointer {
    guard index >= 0, index <= Int(Int32.max), let parent = position(of: pointer) else {
      return pointer.appending(index)
    }
    let added: JSONPointer?
    if parent >= 0, case let before = entry(UInt32(parent)), before.index < 0 {
      added = add(
        Entry(parent: before.parent, key: before.key, index: Int32(index), count: before.count + 1))
    } else {
      let count = parent < 0 ? 1 : entry(UInt32(parent)).count + 1
      let key = keyIndex(JSONPointer.indexToken(index))
      added = add(Entry(parent: parent, key: key, index: -1, count: count))
    }
    return added ?? pointer.appending(index)
  }

  /// `pointer` followed by `key` and array index `index`, as one entry: the pointer
  /// `appending(index, to: appending(key, to: pointer))` makes, without the entry of
  /// the key alone (a component's children each need a pointer, their list none: a
  /// 10 MB screen's lists of children took 14 000 entries).
  package func appending(_ key: String, index: Int, to pointer: JSONPointer) -> JSONPointer {
    guard index >= 0, index <= Int(Int32.max), let parent = position(of: pointer) else {
      return appending(index, to: appending(key, to: pointer))
    }
    let count = parent < 0 ? 2 : entry(UInt32(parent)).count + 2
    return add(Entry(parent: parent, key: keyIndex(key), index: Int32(index), count: count))
      ?? appending(index, to: appending(key, to: pointer))
  }

  /// `pointer` followed by the last two tokens of `other`: the pointer
  /// ``JSONPointer/appending(lastTwoTokensOf:)`` makes (the same tokens), as one entry
  /// when `other` holds them as a key and an index. Nil when `other` has fewer than two
  /// tokens.
  package func appending(
    lastTwoTokensOf other: JSONPointer, to pointer: JSONPointer
  )
    -> JSONPointer?
  {
    guard let (step, parent) = other.lastStep, step.count >= 2 else { return nil }
    guard step.isPair else {
      guard let before = parent.lastToken else { return nil }
      return appending(step.key, to: appending(before, to: pointer))
    }
    return appending(step.key, index: Int(step.index), to: pointer)
  }

  /// Drops what only appending needs (the lookups of keys) and the room for entries
  /// not made: the arena lives as long as any of its pointers, after its decoding.
  /// Appending again still works (it finds its keys again).
  package func finish() {
    state.pointee.keyIndices = [:]
    state.pointee.recentKeys = []
    state.pointee.recent = []
    state.pointee.adopted = nil
    let count = state.pointee.count
    guard count > 0, count < state.pointee.capacity else { return }
    if let shrunk = realloc(state.pointee.entries, count * MemoryLayout<Entry>.stride) {
      state.pointee.entries = shrunk.assumingMemoryBound(to: Entry.self)
      state.pointee.capacity = count
    }
  }

  /// A pointer of this arena equal to `pointer` (itself if it is one): what a
  /// decoding on another thread appends to, so that it never reads the entries of an
  /// arena still growing on the first.
  package func adopting(_ pointer: JSONPointer) -> JSONPointer {
    guard let position = position(of: pointer) else { return pointer }
    return self.pointer(position)
  }

  /// The entry of `pointer` in this arena (-1 for the root), copying its tokens in
  /// when it is held elsewhere; nil when the arena is full.
  @inline(__always)
  private func position(of pointer: JSONPointer) -> Int32? {
    if pointer.storage === self { return Int32(bitPattern: pointer.entry) }
    if pointer.isRoot { return -1 }
    return adoptedPosition(of: pointer)
  }

  /// ``position(of:)`` for a pointer held elsewhere.
  private func adoptedPosition(of pointer: JSONPointer) -> Int32? {
    if let adopted = state.pointee.adopted, adopted.pointer.isSame(as: pointer) {
      return Int32(bitPattern: adopted.copy)
    }
    var copy = JSONPointer()
    for token in pointer.tokens { copy = appending(token, to: copy) }
    guard copy.storage === self else { return nil }
    state.pointee.adopted = (pointer, copy.entry)
    return Int32(bitPattern: copy.entry)
  }

  /// The number of `key` in ``State/keys``, added if new.
  @inline(__always)
  private func keyIndex(_ key: String) -> UInt32 {
    let bits = withUnsafeBytes(of: key) { raw in
      raw.count == 16
        ? RecentBits(
          low: raw.load(as: UInt64.self), high: raw.load(fromByteOffset: 8, as: UInt64.self))
        : RecentBits(low: 0, high: 0)
    }
    let mixed = (bits.low ^ bits.high &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    let slot = Int(truncatingIfNeeded: mixed >> 56) & (Self.recentSlots - 1)
    if slot < state.pointee.recent.count, case let recent = state.pointee.recent[slot],
      bits.high != 0, recent.bits == bits
    {
      return recent.index
    }
    return storeKey(key, bits: bits, slot: slot)
  }

  /// ``keyIndex(_:)`` for a key not found among the recent ones.
  private func storeKey(_ key: String, bits: RecentBits, slot: Int) -> UInt32 {
    let index: UInt32
    if let known = state.pointee.keyIndices[key] {
      index = known
    } else {
      index = UInt32(truncatingIfNeeded: state.pointee.keys.count)
      state.pointee.keys.append(key)
      state.pointee.keyIndices[key] = index
      let start = state.pointee.escapedKeys.count
      for byte in key.utf8 {
        switch byte {
        case UInt8(ascii: "~"): state.pointee.escapedKeys += [UInt8(ascii: "~"), UInt8(ascii: "0")]
        case UInt8(ascii: "/"): state.pointee.escapedKeys += [UInt8(ascii: "~"), UInt8(ascii: "1")]
        default: state.pointee.escapedKeys.append(byte)
        }
      }
      state.pointee.escapedRanges.append(
        EscapedRange(
          start: Int32(truncatingIfNeeded: start),
          count: Int32(truncatingIfNeeded: state.pointee.escapedKeys.count - start)))
    }
    if state.pointee.recent.count != Self.recentSlots {
      state.pointee.recentKeys = Array(repeating: "", count: Self.recentSlots)
      state.pointee.recent = Array(
        repeating: Recent(bits: RecentBits(low: 0, high: 0), index: 0), count: Self.recentSlots)
    }
    state.pointee.recentKeys[slot] = key
    state.pointee.recent[slot] = Recent(bits: bits, index: index)
    return index
  }

  /// The pointer of `entry`, added at the end; nil when entries cannot be numbered
  /// in 31 bits or the memory for them cannot be had.
  private func add(_ entry: Entry) -> JSONPointer? {
    let count = state.pointee.count
    guard count < Int(Int32.max) else { return nil }
    if count == state.pointee.capacity {
      let capacity = max(64, count * 2)
      guard
        let grown = realloc(state.pointee.entries, capacity * MemoryLayout<Entry>.stride)
      else { return nil }
      state.pointee.entries = grown.assumingMemoryBound(to: Entry.self)
      state.pointee.capacity = capacity
    }
    guard let entries = state.pointee.entries else { return nil }
    (entries + count).initialize(to: entry)
    state.pointee.count = count + 1
    return JSONPointer(storage: self, entry: UInt32(count))
  }
}
