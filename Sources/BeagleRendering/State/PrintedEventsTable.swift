/// The printed text of event lists, by the list's storage and an indentation: the
/// state printers write each list shared by a template's items once and copy it after.
///
/// Open addressing on the pointer's bits: a `Dictionary` hashed each key with SipHash
/// (about 300 instructions per lookup or insertion, 1.2 M on the 1 MB screen's text).
/// Keys compare by identity, so no hash flooding can come from the input: storages are
/// addresses the allocator picked.
struct PrintedEventsTable<Value> {
  private struct Entry {
    var storage: UnsafeRawPointer
    var indent: Int
    var value: Value
  }

  /// A power of two, at least twice ``count`` (so a probe always finds a free slot).
  private var slots: [Entry?] = Array(repeating: nil, count: 64)
  private(set) var count = 0

  /// The value stored for `storage` and `indent`, if there is one.
  subscript(storage: UnsafeRawPointer, indent: Int) -> Value? {
    get {
      var index = Self.start(storage, indent, mask: slots.count &- 1)
      while let entry = slots[index] {
        if entry.storage == storage, entry.indent == indent { return entry.value }
        index = (index &+ 1) & (slots.count &- 1)
      }
      return nil
    }
  }

  /// Stores `value` for `storage` and `indent`, replacing any value stored for them.
  mutating func set(_ value: Value, storage: UnsafeRawPointer, indent: Int) {
    if 2 * (count + 1) > slots.count { grow() }
    let mask = slots.count &- 1
    var index = Self.start(storage, indent, mask: mask)
    while let entry = slots[index] {
      if entry.storage == storage, entry.indent == indent {
        slots[index]?.value = value
        return
      }
      index = (index &+ 1) & mask
    }
    slots[index] = Entry(storage: storage, indent: indent, value: value)
    count += 1
  }

  var isEmpty: Bool { count == 0 }

  /// Forgets every entry. The slots are kept when clearing them costs no more than
  /// the insertions that filled them did (so clearing after each of many small lists
  /// stays linear); a large, sparse table starts again small.
  mutating func removeAll(keepingCapacity: Bool) {
    if keepingCapacity, slots.count <= max(64, 8 * count) {
      for index in slots.indices { slots[index] = nil }
    } else {
      slots = Array(repeating: nil, count: 64)
    }
    count = 0
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: nil, count: old.count * 2)
    count = 0
    for case let entry? in old { set(entry.value, storage: entry.storage, indent: entry.indent) }
  }

  /// Fibonacci hashing: the product's high bits mix every bit of the address (whose
  /// low bits are zero, storages being aligned).
  private static func start(_ storage: UnsafeRawPointer, _ indent: Int, mask: Int) -> Int {
    let key = UInt64(UInt(bitPattern: storage)) ^ UInt64(truncatingIfNeeded: indent)
    return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }
}
