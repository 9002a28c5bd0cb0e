/// One token of a parsed document, as ``Tape`` hands it out. A document is a flat
/// sequence of these in source order (a "tape"): scalars point into the input
/// bytes, containers record where they end so a reader can skip them in one step.
/// Values are materialised only when asked for.
@usableFromInline
struct TapeEntry: Sendable {
  @usableFromInline
  enum Kind: UInt8, Sendable {
    case null, bool, integer, float, string, escapedString, array, object
  }

  @usableFromInline var kind: Kind
  /// `true` for a `true` literal. Strings: all bytes ASCII (so two such strings
  /// without escapes are equal exactly when their bytes are). Objects: a key may
  /// repeat (one does, or the object was too large to check while parsing).
  @usableFromInline var flag: Bool
  /// Byte offset of the token's first byte (the opening quote or bracket).
  @usableFromInline var offset: UInt32
  /// Strings: content length in bytes (without quotes). Numbers: text length.
  /// Containers: the tape index just past the container's last descendant.
  @usableFromInline var extent: UInt32
  /// Containers: number of elements, or of members for objects.
  @usableFromInline var count: UInt32

  @inlinable
  init(kind: Kind, flag: Bool = false, offset: Int, extent: UInt32 = 0, count: UInt32 = 0) {
    self.kind = kind
    self.flag = flag
    self.offset = UInt32(truncatingIfNeeded: offset)
    self.extent = extent
    self.count = count
  }
}
