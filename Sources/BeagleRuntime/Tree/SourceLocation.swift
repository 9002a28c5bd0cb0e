import BeagleJSON

/// Where a decoded node came from: its JSON Pointer and byte offset in a source.
///
/// Three words: the file's name is shared by every location of a decoding (one
/// reference, nil for the main input), the pointer is a reference and an entry
/// number (12 bytes: see ``JSONPointer``) and the offset is 32-bit, as on the tape
/// (inputs are at most ``InputLimit/bytes``); every component and action, decoded and
/// evaluated, holds one.
public struct SourceLocation: Sendable, Equatable {
  // In this order: the pointer's 12 bytes and the offset fill two words after the
  // name's (the pointer first, the name after it would pad the location to four).
  private var sourceName: Name?
  public var pointer: JSONPointer
  private var storedOffset: UInt32
  /// The file, or nil for the run's main input.
  public var source: String? {
    get { sourceName?.name }
    set { sourceName = newValue.map(Name.init) }
  }
  /// The byte offset in ``source``, or ``unknownOffset`` for a node decoded from a
  /// value in memory (`addChildren`'s value, a script's `action` step). An offset
  /// that 32 bits cannot hold (past 4 GiB, beyond any input) reads as unknown.
  public var offset: Int {
    get { storedOffset == Self.unknown ? Self.unknownOffset : Int(storedOffset) }
    set { storedOffset = Self.stored(newValue) }
  }

  /// A file's name, shared by the locations of the nodes decoded from it.
  final class Name: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
  }

  /// The offset of a node whose position in a file is unknown.
  public static let unknownOffset = -1

  /// ``unknownOffset`` as stored.
  private static var unknown: UInt32 { .max }

  private static func stored(_ offset: Int) -> UInt32 {
    offset >= 0 && offset < Int(unknown) ? UInt32(offset) : unknown
  }

  public init(pointer: JSONPointer, offset: Int, source: String? = nil) {
    self.init(pointer: pointer, offset: offset, sourceName: source.map(Name.init))
  }

  /// A location in the file named by the shared `sourceName` (a decoder makes one).
  init(pointer: JSONPointer, offset: Int, sourceName: Name?) {
    self.pointer = pointer
    self.sourceName = sourceName
    storedOffset = Self.stored(offset)
  }

  /// Whether the node has a position in its source (see ``unknownOffset``).
  public var hasPosition: Bool { storedOffset != Self.unknown }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.pointer == rhs.pointer && lhs.storedOffset == rhs.storedOffset
      && (lhs.sourceName === rhs.sourceName || lhs.source == rhs.source)
  }
}
