/// Byte-string helpers for the binding check's cache of strings as written
/// (``BindingChecker``): a word-at-a-time comparison and a seeded digest.
enum WrittenBytes {
  /// A seed drawn from the process's hashing seed (fixed under
  /// `SWIFT_DETERMINISTIC_HASHING`), so that which strings share a digest cannot
  /// be known from outside the process (no crafted screen fills one bucket).
  private static let seed: UInt64 = {
    var hasher = Hasher()
    hasher.combine(UInt64(0x5EED))
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }()

  private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// A 64-bit digest of `bytes`: each 8-byte word (the last one padded with zeros)
  /// is mixed into the state with a multiplication and shifts, the length first.
  /// Equal bytes give equal digests.
  static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var state = (seed ^ UInt64(truncatingIfNeeded: bytes.count)) &* multiplier
    var offset = 0
    let count = bytes.count
    while offset &+ 8 <= count {
      state = mix(state, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset &+= 8
    }
    if offset < count {
      var word: UInt64 = 0
      var shift: UInt64 = 0
      while offset < count {
        word |= UInt64(bytes[offset]) &<< shift
        shift &+= 8
        offset &+= 1
      }
      state = mix(state, word)
    }
    return state ^ (state &>> 31)
  }

  @inline(__always)
  private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
    let mixed = (state ^ word) &* multiplier
    return mixed ^ (mixed &>> 29)
  }

  /// Whether `lhs` and `rhs` hold the same bytes, compared eight at a time.
  static func equal(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
    let count = lhs.count
    guard count == rhs.count else { return false }
    var offset = 0
    while offset &+ 8 <= count {
      if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset &+= 8
    }
    while offset < count {
      if lhs[offset] != rhs[offset] { return false }
      offset &+= 1
    }
    return true
  }
}
