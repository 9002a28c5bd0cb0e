import BeagleJSON

/// Where a decoded node came from: its JSON Pointer and byte offset in a source.
///
/// Two words: the pointer and the file's name together take the pointer's 12 bytes
/// (a decoded node's pointer is held by its decoding's arena, which carries the name
/// shared by every location of the decoding, nil for the main input:
/// ``TaggedPointer``), and the offset is 32-bit, as on the tape (inputs are at most
/// ``InputLimit/bytes``); every component and action, decoded and evaluated, holds one.
public struct SourceLocation: Sendable, Equatable {
  private var tagged: TaggedPointer
  private var storedOffset: UInt32

  public var pointer: JSONPointer {
    get { tagged.pointer }
    set { tagged = TaggedPointer(newValue, tag: tagged.tag) }
  }
  /// The file, or nil for the run's main input.
  public var source: String? {
    get { sourceName?.name }
    set { tagged = TaggedPointer(tagged.pointer, tag: newValue.map(Name.init)) }
  }
  /// The byte offset in ``source``, or ``unknownOffset`` for a node decoded from a
  /// value in memory (`addChildren`'s value, a script's `action` step). An offset
  /// that 32 bits cannot hold (past 4 GiB, beyond any input) reads as unknown.
  public var offset: Int {
    get { storedOffset == Self.unknown ? Self.unknownOffset : Int(storedOffset) }
    set { storedOffset = Self.stored(newValue) }
  }

  /// ``source``'s shared name.
  var sourceName: Name? { tagged.tag }

  /// A file's name, shared by the locations of the nodes decoded from it.
  typealias Name = PointerTag

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
    tagged = TaggedPointer(pointer, tag: sourceName)
    storedOffset = Self.stored(offset)
  }

  /// Whether the node has a position in its source (see ``unknownOffset``).
  public var hasPosition: Bool { storedOffset != Self.unknown }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.pointer == rhs.pointer && lhs.storedOffset == rhs.storedOffset
      && (lhs.tagged.tag === rhs.tagged.tag || lhs.source == rhs.source)
  }
}
