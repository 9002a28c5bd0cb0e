import BeagleJSON

/// Where a decoded node came from: its JSON Pointer and byte offset in a source.
public struct SourceLocation: Sendable, Equatable {
  public var pointer: JSONPointer
  /// The byte offset in ``source``, or ``unknownOffset`` for a node decoded from a
  /// value in memory (`addChildren`'s value, a script's `action` step).
  public var offset: Int
  /// The file, or nil for the run's main input.
  public var source: String?

  /// The offset of a node whose position in a file is unknown.
  public static let unknownOffset = -1

  public init(pointer: JSONPointer, offset: Int, source: String? = nil) {
    self.pointer = pointer
    self.offset = offset
    self.source = source
  }

  /// Whether the node has a position in its source (see ``unknownOffset``).
  public var hasPosition: Bool { offset >= 0 }
}
