/// A stack of plain values that ``JSONScanner`` owns alone: its open containers and
/// the keys of its open objects.
///
/// Written once or twice per token. An `Array` held in the scanner checks that its
/// storage is unique (a call into the runtime) and the index on every write; this
/// stack is a class, so neither happens: about 30 instructions a key and 15 a value.
/// Indexes are checked only in debug builds, like an `UnsafeMutableBufferPointer`'s:
/// the scanner reads only below ``count``.
///
/// Never shared: a scanner creates its stacks and no copy of a scanner scans.
final class ScanStack<Element: BitwiseCopyable> {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// Elements in the stack: those at `0..<count`.
  private(set) var count = 0

  init(capacity: Int = 16) {
    self.capacity = Swift.max(1, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    // `Element` is bitwise copyable: nothing to deinitialise.
    base.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  /// The element at `index` (`0..<count`; checked in debug builds only).
  subscript(index: Int) -> Element {
    @inline(__always) get {
      assert(index >= 0 && index < count, "ScanStack index out of range")
      return base[index]
    }
    @inline(__always) set {
      assert(index >= 0 && index < count, "ScanStack index out of range")
      base[index] = newValue
    }
  }

  /// The top element, if any.
  var last: Element? { count > 0 ? base[count &- 1] : nil }

  @inline(__always)
  func append(_ element: Element) {
    if count == capacity { grow() }
    // safe: count < capacity after grow().
    (base + count).initialize(to: element)
    count &+= 1
  }

  @inline(__always)
  func popLast() -> Element? {
    guard count > 0 else { return nil }
    count &-= 1
    return base[count]
  }

  /// Drops the elements from `newCount` on (`newCount` ≤ ``count``).
  @inline(__always)
  func truncate(to newCount: Int) {
    if newCount < count { count = Swift.max(0, newCount) }
  }

  /// Empties the stack, then appends `element`.
  func reset(to element: Element) {
    count = 0
    append(element)
  }

  /// Doubles the room: the old elements are moved (bitwise) to the new storage.
  @inline(never)
  private func grow() {
    let newCapacity = capacity &* 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
