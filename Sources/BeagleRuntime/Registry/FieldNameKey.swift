/// The UTF-8 length of a name and its first eight bytes in one word. A decoder
/// compares an object's keys with a type's field names on these first: most
/// fields of a table are then passed over with two comparisons, and a name of
/// eight bytes or fewer is matched without reading it again.
struct FieldNameKey: Sendable, Equatable {
  /// The number of UTF-8 bytes.
  let length: Int
  /// The first eight bytes (fewer for a shorter name, the rest zero), little end first.
  let head: UInt64

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    var head: UInt64 = 0
    for offset in 0..<min(8, bytes.count) {
      head |= UInt64(bytes[offset]) << UInt64(8 * offset)
    }
    self.init(length: bytes.count, head: head)
  }

  /// The key of the bytes of `document` in `range`, read as one word when eight bytes
  /// can be read from its start.
  @inline(__always)
  init(_ document: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    guard let base = document.baseAddress, range.lowerBound + 8 <= document.count else {
      self.init(UnsafeBufferPointer(rebasing: document[range]))
      return
    }
    let length = range.count
    let word = UInt64(
      littleEndian: UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt64.self))
    self.init(length: length, head: length >= 8 ? word : word & ((1 << UInt64(8 * length)) - 1))
  }

  @inline(__always)
  private init(length: Int, head: UInt64) {
    self.length = length
    self.head = head
  }

  init(_ name: String) {
    var name = name
    self = name.withUTF8 { FieldNameKey($0) }
  }

  /// Whether the bytes this key was made from are the UTF-8 of `name`, whose key is
  /// `other`: the whole of both when they have at most eight bytes.
  @inline(__always)
  func spells(_ other: FieldNameKey, _ name: String, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard self == other else { return false }
    guard length > 8 else { return true }
    var name = name
    return name.withUTF8 { nameBytes in
      for offset in 8..<length where bytes[offset] != nameBytes[offset] { return false }
      return true
    }
  }
}
