/// What a decoding tags its pointers with: the name of the file it reads, shared by
/// all of them.
package final class PointerTag: Sendable {
  package let name: String
  package init(_ name: String) { self.name = name }
}

/// A ``JSONPointer`` and a tag (the name of the file a decoding read) in the 12
/// bytes of the pointer alone: the tag of a pointer made by a decoding is its
/// arena's, read from there; any other pair is held in a box of its own.
///
/// Every decoded component, action and event handler holds one (in its source
/// location): a word less for each.
package struct TaggedPointer: Sendable {
  private let storage: JSONPointerStorage?
  private let entry: UInt32

  /// What holds a pointer whose storage does not carry its tag.
  private final class Box: JSONPointerStorage, @unchecked Sendable {
    // @unchecked Sendable: immutable.
    let pointer: JSONPointer
    let tag: PointerTag?

    init(pointer: JSONPointer, tag: PointerTag?) {
      self.pointer = pointer
      self.tag = tag
    }
  }

  /// ``entry`` when ``storage`` is a box.
  private static let boxEntry = JSONPointer.linkEntry - 1

  package init(_ pointer: JSONPointer, tag: PointerTag?) {
    if Self.tag(of: pointer) === tag {
      storage = pointer.storage
      entry = pointer.entry
    } else {
      storage = Box(pointer: pointer, tag: tag)
      entry = Self.boxEntry
    }
  }

  /// The tag a pointer's storage carries: its arena's; nil for a link or the root.
  private static func tag(of pointer: JSONPointer) -> PointerTag? {
    guard pointer.entry != JSONPointer.linkEntry, let storage = pointer.storage else { return nil }
    return unsafeDowncast(storage, to: JSONPointerArena.self).tag  // safe: not a link's entry
  }

  /// The box holding the pair, nil when the pointer is held as itself.
  private var box: Box? {
    guard entry == Self.boxEntry, let storage else { return nil }
    return unsafeDowncast(storage, to: Box.self)  // safe: only boxes have boxEntry
  }

  package var pointer: JSONPointer {
    if let box { return box.pointer }
    return JSONPointer(storage: storage, entry: entry)
  }

  package var tag: PointerTag? {
    if let box { return box.tag }
    return Self.tag(of: JSONPointer(storage: storage, entry: entry))
  }
}
