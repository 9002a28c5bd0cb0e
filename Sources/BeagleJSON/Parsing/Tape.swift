/// The tokens of a document, packed: 8 bytes a token, and 8 more for each array
/// or object (its end and its count). Read one token as a ``TapeEntry`` with
/// `tape[index]`.
///
/// A token's first word holds its byte offset (28 bits: inputs are at most
/// ``maximumBytes``), its kind (3 bits) and its flag (1 bit); the second holds a
/// scalar's extent, or for a container its index among the document's containers
/// (``containers`` holds their ends and counts). Half the memory of a plain
/// 16-byte entry for most of the tokens of a screen, and the tape is kept for as
/// long as the document is.
@usableFromInline
struct Tape: Sendable {
  /// The most bytes a document may have: every offset fits in 28 bits.
  static let maximumBytes = 1 << 28

  @usableFromInline
  struct Packed: Sendable, Equatable {
    @usableFromInline var head: UInt32
    @usableFromInline var tail: UInt32
  }

  /// Where a container ends (the tape index past its last descendant) and how many
  /// elements or members it has.
  @usableFromInline
  struct Container: Sendable, Equatable {
    @usableFromInline var extent: UInt32
    @usableFromInline var count: UInt32
  }

  @usableFromInline static var offsetMask: UInt32 { (1 << 28) - 1 }
  @usableFromInline static var kindShift: UInt32 { 28 }
  @usableFromInline static var flagBit: UInt32 { 1 << 31 }

  /// The tokens and containers, written by one scanner (see ``Storage``).
  @usableFromInline var storage: Storage

  /// The tokens a tape is first given room for, for an input of `bytes` bytes: one
  /// per 6 bytes, what a minified screen needs (about one per 10), so that the tape
  /// of a typical screen is never copied while it grows. Bounded by the input: 8
  /// bytes a token, 1.33 times the input's size, reserved but touched only as far
  /// as it is written (denser input, up to a token per 2 bytes as in `[0,0,…]`,
  /// grows the tape as an array grows).
  static func initialCapacity(forInputBytes bytes: Int) -> Int {
    Swift.max(16, bytes / 6)
  }

  /// A tape with room for `capacity` tokens and a quarter as many containers (a
  /// minified screen has about one in six): the containers, grown by doubling
  /// from empty, were copied about 17 times on a 10 MB screen, the last time with
  /// 1.2 MB and 2.4 MB arrays alive at once.
  init(reservingCapacity capacity: Int) {
    storage = Storage(tokens: capacity, containers: capacity / 4)
  }

  /// Number of tokens.
  var count: Int { storage.tokenCount }

  @inlinable @inline(__always)
  subscript(index: Int) -> TapeEntry {
    // A tape is read with the indexes of its own tokens (checked, as an array's were).
    let tokenCount = UInt(bitPattern: storage.tokenCount)
    precondition(UInt(bitPattern: index) < tokenCount, "tape index")  // safe: see above
    return Self.entry(storage.tokens[index], containers: storage.containerBuffer)
  }

  /// The kind of the token at `index`, read without its container's end and count.
  @inlinable @inline(__always)
  func kind(at index: Int) -> TapeEntry.Kind {
    Self.kind(of: token(at: index))
  }

  /// The token at `index`, packed.
  @inlinable @inline(__always)
  func token(at index: Int) -> Packed {
    // A tape is read with the indexes of its own tokens (checked, as an array's were).
    let tokenCount = UInt(bitPattern: storage.tokenCount)
    precondition(UInt(bitPattern: index) < tokenCount, "tape index")  // safe: see above
    return storage.tokens[index]
  }

  /// The kind of `packed`.
  @inlinable @inline(__always)
  static func kind(of packed: Packed) -> TapeEntry.Kind {
    // safe: Kind is a UInt8 enum of 8 cases with raw values 0...7 in order, stored
    // as those values, and the kind has 3 bits (TapeTests reads back every kind).
    unsafeBitCast(
      UInt8(truncatingIfNeeded: packed.head >> kindShift) & 7, to: TapeEntry.Kind.self)
  }

  /// The byte offset of `packed`.
  @inlinable @inline(__always)
  static func offset(of packed: Packed) -> Int { Int(packed.head & offsetMask) }

  /// The flag of `packed`.
  @inlinable @inline(__always)
  static func flag(of packed: Packed) -> Bool { packed.head & flagBit != 0 }

  /// Calls `body` with a view of the tape over its storage (for loops over many
  /// tokens: no array access per read).
  func withUnsafeBufferPointer<Result>(_ body: (View) throws -> Result) rethrows -> Result {
    try withExtendedLifetime(storage) {
      try body(View(packed: storage.tokenBuffer, containers: storage.containerBuffer))
    }
  }

  /// The tokens, copied (for tests).
  var packed: [Packed] { Array(storage.tokenBuffer) }
  /// The containers' ends and counts, copied (for tests).
  var containers: [Container] { Array(storage.containerBuffer) }
  /// How many tokens and containers the tape has room for before it grows.
  var capacity: (tokens: Int, containers: Int) {
    (storage.tokenCapacity, storage.containerCapacity)
  }

  /// The tape while ``Tape/withUnsafeBufferPointer(_:)`` runs. Like an
  /// `UnsafeBufferPointer`, it checks indexes only in debug builds: read it with
  /// the indexes of this document's tape.
  struct View {
    let packed: UnsafeBufferPointer<Packed>
    let containers: UnsafeBufferPointer<Container>

    var count: Int { packed.count }

    @inline(__always)
    subscript(index: Int) -> TapeEntry { Tape.entry(packed[index], containers: containers) }
  }

  /// The token `packed`, a container's end and count read from `containers`.
  @inlinable @inline(__always)
  static func entry(
    _ packed: Packed, containers: UnsafeBufferPointer<Container>
  ) -> TapeEntry {
    // safe: Kind is a UInt8 enum of 8 cases with raw values 0...7 in order, stored
    // as those values, and the kind has 3 bits (TapeTests reads back every kind).
    let kind = unsafeBitCast(
      UInt8(truncatingIfNeeded: packed.head >> kindShift) & 7, to: TapeEntry.Kind.self)
    var entry = TapeEntry(
      kind: kind, flag: packed.head & flagBit != 0,
      offset: Int(packed.head & offsetMask), extent: packed.tail)
    if kind == .array || kind == .object {
      // safe: a container's tail is its index in `containers`, set when it was appended.
      let container = containers[Int(packed.tail)]
      entry.extent = container.extent
      entry.count = container.count
    }
    return entry
  }

  // MARK: Writing (the parser)

  // The scanner's writes (one or two per token) do not check that the storage is
  // not shared with a copy of the tape: only the scanner that made a tape writes
  // it, and it hands the tape out when it is done (debug builds check). A copy
  // that is written otherwise goes through ``append(_:)``, which copies first.

  /// Whether this tape alone holds its storage (for the debug checks).
  private mutating func isUnique() -> Bool { isKnownUniquelyReferenced(&storage) }

  /// Appends a scalar token.
  @inline(__always)
  mutating func appendScalar(kind: TapeEntry.Kind, flag: Bool, offset: Int, extent: UInt32) {
    assert(isUnique(), "a shared tape is written")
    storage.appendToken(
      Packed(head: Self.head(kind: kind, flag: flag, offset: offset), tail: extent))
  }

  /// Appends an array or object whose end and count are not known yet.
  @inline(__always)
  mutating func appendContainer(kind: TapeEntry.Kind, offset: Int) {
    assert(isUnique(), "a shared tape is written")
    storage.appendToken(
      Packed(
        head: Self.head(kind: kind, flag: false, offset: offset),
        tail: UInt32(truncatingIfNeeded: storage.containerCount)))
    storage.appendContainer(Container(extent: 0, count: 0))
  }

  /// Records the end and count of the container at tape index `index`.
  @inline(__always)
  mutating func close(containerAt index: Int, count: UInt32) {
    close(containerAt: index, count: count, extent: UInt32(truncatingIfNeeded: storage.tokenCount))
  }

  /// Records the end (`extent`) and count of the container at tape index `index`.
  mutating func close(containerAt index: Int, count: UInt32, extent: UInt32) {
    assert(isUnique(), "a shared tape is written")
    // `index` is a container this tape's scanner appended (its own stack).
    let tokenCount = UInt(bitPattern: storage.tokenCount)
    precondition(UInt(bitPattern: index) < tokenCount, "tape index")  // safe: see above
    let container = Int(storage.tokens[index].tail)
    // A container's tail is its index in the containers, set when it was appended.
    precondition(container < storage.containerCount, "container index")  // safe: see above
    storage.containers[container] = Container(extent: extent, count: count)
  }

  /// Appends the tokens of `other`, the tape of the input that follows this one's
  /// (token offsets are offsets into the whole input): its containers' indexes and
  /// ends are moved past this tape's.
  ///
  /// Copied in one block each (the second half of a large document: a token-by-token
  /// append checks capacity and kind per token), then only the containers' tails
  /// are moved, in a loop without a branch per token.
  mutating func append(_ other: Tape) {
    // Once per document: a copy of a tape is appended to as a value would be.
    if !isUnique() { storage = storage.copy() }
    let tokenBase = UInt32(truncatingIfNeeded: storage.tokenCount)
    let containerBase = UInt32(truncatingIfNeeded: storage.containerCount)
    let tokens = storage.appendTokens(other.storage.tokenBuffer)
    for index in tokens.indices {
      // Kinds 6 and 7 (array, object) are the ones with both of the kind's upper
      // bits set: all ones for them, zero for a scalar.
      let head = tokens[index].head
      let isContainer = head >> (Self.kindShift &+ 1) & head >> (Self.kindShift &+ 2) & 1
      tokens[index].tail &+= containerBase & (0 &- isContainer)
    }
    let containers = storage.appendContainers(other.storage.containerBuffer)
    for index in containers.indices {
      containers[index].extent &+= tokenBase
    }
    withExtendedLifetime(other) {}
  }

  /// Sets the flag of the token at `index`.
  @inline(__always)
  mutating func setFlag(at index: Int) {
    assert(isUnique(), "a shared tape is written")
    // `index` is a container this tape's scanner appended (its own stack).
    let tokenCount = UInt(bitPattern: storage.tokenCount)
    precondition(UInt(bitPattern: index) < tokenCount, "tape index")  // safe: see above
    storage.tokens[index].head |= Self.flagBit
  }

  @inline(__always)
  private static func head(kind: TapeEntry.Kind, flag: Bool, offset: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: offset) & offsetMask | UInt32(kind.rawValue) << kindShift
      | (flag ? flagBit : 0)
  }

  // MARK: Storage

  /// The tape's two columns, grown by hand. A class, so that the scanner's appends
  /// (one or two per token) neither check that an array's storage is unique (a call
  /// into the runtime) nor write the array back: a pointer, a count and a capacity.
  ///
  /// Written only by the scanner that made it, before its tape is handed out; copies
  /// of a tape share it and only read it from then on (a document's tape is never
  /// written again), hence `@unchecked Sendable`.
  @usableFromInline
  final class Storage: @unchecked Sendable {
    // Not checked for exclusive access at run time: only the scanner writes, one
    // call at a time, before the tape is shared. Read by inlined code in other
    // modules, the properties were otherwise checked on every read (the runtime's
    // `swift_beginAccess`, about 40 instructions).
    @usableFromInline @exclusivity(unchecked)
    private(set) var tokens: UnsafeMutablePointer<Packed>
    @usableFromInline @exclusivity(unchecked)
    private(set) var tokenCount = 0
    @exclusivity(unchecked) private(set) var tokenCapacity: Int
    @usableFromInline @exclusivity(unchecked)
    private(set) var containers: UnsafeMutablePointer<Container>
    @usableFromInline @exclusivity(unchecked)
    private(set) var containerCount = 0
    @exclusivity(unchecked) private(set) var containerCapacity: Int

    init(tokens: Int, containers: Int) {
      tokenCapacity = Swift.max(1, tokens)
      containerCapacity = Swift.max(1, containers)
      self.tokens = .allocate(capacity: tokenCapacity)
      self.containers = .allocate(capacity: containerCapacity)
    }

    /// A storage of its own with the same tokens and containers.
    func copy() -> Storage {
      let copy = Storage(tokens: tokenCapacity, containers: containerCapacity)
      _ = copy.appendTokens(tokenBuffer)
      _ = copy.appendContainers(containerBuffer)
      return copy
    }

    deinit {
      // Both element types are bitwise copyable: nothing to deinitialise.
      tokens.deallocate()
      containers.deallocate()
    }

    var tokenBuffer: UnsafeBufferPointer<Packed> {
      UnsafeBufferPointer(start: tokens, count: tokenCount)
    }

    @inlinable
    var containerBuffer: UnsafeBufferPointer<Container> {
      UnsafeBufferPointer(start: containers, count: containerCount)
    }

    @inline(__always)
    func appendToken(_ token: Packed) {
      if tokenCount == tokenCapacity { growTokens(to: tokenCount &+ 1) }
      // safe: tokenCount < tokenCapacity after the growth.
      (tokens + tokenCount).initialize(to: token)
      tokenCount &+= 1
    }

    @inline(__always)
    func appendContainer(_ container: Container) {
      if containerCount == containerCapacity { growContainers(to: containerCount &+ 1) }
      // safe: containerCount < containerCapacity after the growth.
      (containers + containerCount).initialize(to: container)
      containerCount &+= 1
    }

    /// Appends `other`'s tokens in one copy; returns them, in place, for adjusting.
    func appendTokens(_ other: UnsafeBufferPointer<Packed>) -> UnsafeMutableBufferPointer<Packed> {
      let first = tokenCount
      if tokenCount &+ other.count > tokenCapacity { growTokens(to: tokenCount &+ other.count) }
      if let source = other.baseAddress {
        (tokens + first).initialize(from: source, count: other.count)
      }
      tokenCount &+= other.count
      return UnsafeMutableBufferPointer(start: tokens + first, count: other.count)
    }

    /// Appends `other`'s containers in one copy; returns them, in place, for adjusting.
    func appendContainers(
      _ other: UnsafeBufferPointer<Container>
    ) -> UnsafeMutableBufferPointer<Container> {
      let first = containerCount
      if containerCount &+ other.count > containerCapacity {
        growContainers(to: containerCount &+ other.count)
      }
      if let source = other.baseAddress {
        (containers + first).initialize(from: source, count: other.count)
      }
      containerCount &+= other.count
      return UnsafeMutableBufferPointer(start: containers + first, count: other.count)
    }

    /// Room for at least `minimum` tokens, at least doubling (the old ones moved).
    @inline(never)
    private func growTokens(to minimum: Int) {
      tokens = Self.moved(tokens, count: tokenCount, capacity: &tokenCapacity, minimum: minimum)
    }

    /// Room for at least `minimum` containers, at least doubling (the old ones moved).
    @inline(never)
    private func growContainers(to minimum: Int) {
      containers = Self.moved(
        containers, count: containerCount, capacity: &containerCapacity, minimum: minimum)
    }

    /// The first `count` of `elements` moved into new room for at least `minimum`,
    /// at least twice `capacity` (which becomes the new room's); the old room freed.
    private static func moved<Element>(
      _ elements: UnsafeMutablePointer<Element>, count: Int, capacity: inout Int, minimum: Int
    ) -> UnsafeMutablePointer<Element> {
      let newCapacity = Swift.max(minimum, capacity &* 2)
      let newElements = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
      newElements.moveInitialize(from: elements, count: count)
      elements.deallocate()
      capacity = newCapacity
      return newElements
    }
  }
}
