import BeagleJSON

/// Where a decoded node came from: its JSON Pointer and byte offset in a source.
public struct SourceLocation: Sendable, Equatable {
  public var pointer: JSONPointer
  public var offset: Int
  /// The file, or nil for the run's main input.
  public var source: String?

  public init(pointer: JSONPointer, offset: Int, source: String? = nil) {
    self.pointer = pointer
    self.offset = offset
    self.source = source
  }
}
