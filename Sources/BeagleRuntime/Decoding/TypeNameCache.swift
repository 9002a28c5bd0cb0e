import BeagleJSON

/// The type names a decoding pass has looked up, kept with their bytes as written,
/// so that the next `_beagleComponent_` or `_beagleAction_` spelled the same way
/// reuses the string and the definition instead of creating the string again and
/// hashing it into the registry (a screen names a few types thousands of times).
/// Each name's ``NodeType`` is made once and shared by the nodes that spell it so.
struct TypeNameCache<Definition: Sendable & Equatable>: Sendable {
  fileprivate struct Entry: Sendable {
    var bytes: [UInt8]
    var type: NodeType<Definition>
  }

  private var entries: [Entry] = []

  /// More distinct names than this are looked up without being kept (a payload
  /// that names thousands of unknown types must not make each lookup slow).
  private static var capacity: Int { 64 }

  /// The type name `node` holds and its definition, when the name was looked up
  /// before (written the same way); nil otherwise.
  func cached(_ node: JSONNode) -> NodeType<Definition>? {
    position(of: node).map { entries[$0].type }
  }

  /// The entry of the name `node` holds, compared on its bytes here, not in a closure
  /// given to the document: a generic call across modules looked up its result's type
  /// metadata every time.
  private func position(of node: JSONNode) -> Int? {
    guard let range = node.unescapedStringRange else { return nil }
    return node.document.bytes.withUnsafeBufferPointer { buffer in
      let bytes = UnsafeBufferPointer(rebasing: buffer[range])
      for position in entries.indices where Self.same(entries[position].bytes, bytes) {
        return position
      }
      return nil
    }
  }

  /// The type name `node` holds and its definition (nil when `lookUp` knows none);
  /// nil when `node` is not a string.
  mutating func resolve(
    _ node: JSONNode, _ lookUp: (String) -> Definition?
  ) -> NodeType<Definition>? {
    if let position = position(of: node) { return entries[position].type }
    let range = node.unescapedStringRange
    guard let name = node.stringValue else { return nil }
    let type = NodeType(name: name, definition: lookUp(name))
    // Only names written without escapes are kept: their bytes identify them.
    if range != nil, entries.count < Self.capacity {
      entries.append(Entry(bytes: Array(name.utf8), type: type))
    }
    return type
  }

  /// Whether `stored` are `bytes`, compared eight at a time from the end: type names
  /// share their namespace (`beagle:`), so they differ last.
  private static func same(_ stored: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard stored.count == bytes.count else { return false }
    return stored.withUnsafeBufferPointer { storedBytes in
      guard let left = storedBytes.baseAddress, let right = bytes.baseAddress else {
        return bytes.isEmpty
      }
      var end = bytes.count
      while end >= 8 {
        // safe: end - 8 >= 0 and end <= count: the eight bytes lie in both buffers.
        let storedWord = UnsafeRawPointer(left + (end &- 8)).loadUnaligned(as: UInt64.self)
        let word = UnsafeRawPointer(right + (end &- 8)).loadUnaligned(as: UInt64.self)
        if storedWord != word { return false }
        end &-= 8
      }
      for index in 0..<end where left[index] != right[index] { return false }
      return true
    }
  }
}
