/// Fewer than eight bytes read as one word, so that a short piece of text can be
/// tested for bytes that need escaping with the same word tests as a whole word.
package enum PaddedWord {
  /// The `count` (fewer than 8) bytes at `bytes` as one word, the first byte lowest
  /// (little endian, as `loadUnaligned` reads them), padded with spaces (which need no
  /// escape in JSON or in the text outline): read as a 4-, a 2- and a 1-byte load
  /// rather than byte by byte.
  @inlinable @inline(__always)
  package static func load(_ bytes: UnsafeRawPointer, count: Int) -> UInt64 {
    var word: UInt64 = 0
    var filled: UInt64 = 0
    if count & 4 != 0 {
      word = UInt64(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
      filled = 32
    }
    if count & 2 != 0 {
      let pair = UInt16(
        littleEndian: bytes.loadUnaligned(fromByteOffset: Int(filled / 8), as: UInt16.self))
      word |= UInt64(pair) &<< filled
      filled &+= 16
    }
    if count & 1 != 0 {
      word |= UInt64(bytes.load(fromByteOffset: Int(filled / 8), as: UInt8.self)) &<< filled
      filled &+= 8
    }
    // filled < 64: fewer than 8 bytes.
    return word | (0x2020_2020_2020_2020 &<< filled)
  }
}
