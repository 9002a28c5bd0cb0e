/// Reading a chosen set of an object's members straight from the tape: the
/// members are given by the tape indices of their values (each key is the token
/// just before its value), so a holder of some members of an object keeps a few
/// integers instead of a materialised ``JSONObject``.
extension JSONDocument {
  /// The node at tape index `index`.
  @inlinable
  package func node(atTapeIndex index: Int) -> JSONNode {
    JSONNode(document: self, index: index)
  }

  /// Calls `body` with every object the document's value holds, in source order, read
  /// on the tape in one pass: the objects under a repeated key's earlier values, which
  /// the value (the last of each key, as Beagle's decoders read it) does not hold, are
  /// skipped. Only the objects the parser flagged may repeat a key; their members are
  /// compared, no other's.
  package func forEachObjectOfValue(_ body: (JSONNode) -> Void) {
    // The tape ranges of the values a later one of their key shadows, by start: JSON's
    // ranges are nested or apart, never overlapping otherwise.
    var shadowed: [Range<Int>] = []
    for objectIndex in flaggedObjects {
      let object = JSONNode(document: self, index: objectIndex)
      let kept = Set(object.uniqueTapeMembers.map(\.valueIndex))
      var current = objectIndex + 1
      let stop = object.end
      while current < stop {
        let valueEnd = JSONNode(document: self, index: current + 1).end
        if !kept.contains(current + 1) { shadowed.append((current + 1)..<valueEnd) }
        current = valueEnd
      }
    }
    shadowed.sort { $0.lowerBound < $1.lowerBound }
    var next = 0
    var index = 0
    while index < tape.count {
      while next < shadowed.count, shadowed[next].upperBound <= index { next += 1 }
      if next < shadowed.count, shadowed[next].contains(index) {
        index = shadowed[next].upperBound
        continue
      }
      if tape.kind(at: index) == .object { body(JSONNode(document: self, index: index)) }
      index += 1
    }
  }

  /// The key of the member whose value is at tape index `valueIndex`.
  package func key(ofValueAt valueIndex: Int) -> String {
    string(at: tape[valueIndex - 1])
  }

  /// Whether the key of the member whose value is at `valueIndex` spells `key`.
  /// Keys compare as `String`s do (canonical equivalence: U+212A is "K"), on their
  /// bytes when both are plain ASCII (`keyIsASCII` says whether `key` is).
  package func key(ofValueAt valueIndex: Int, equals key: String, keyIsASCII: Bool) -> Bool {
    let entry = tape[valueIndex - 1]
    guard keyIsASCII, entry.kind == .string, entry.flag else { return string(at: entry) == key }
    return self.key(at: valueIndex - 1, equals: key)
  }

  /// Whether the key of the member whose value is at `valueIndex` spells `key`.
  package func key(ofValueAt valueIndex: Int, equals key: String) -> Bool {
    self.key(ofValueAt: valueIndex, equals: key, keyIsASCII: key.utf8.allSatisfy { $0 < 0x80 })
  }

  /// An object of the members whose values are at `valueIndices` (keys distinct),
  /// in that order.
  package func object(ofValuesAt valueIndices: [UInt32]) -> JSONObject {
    valueIndices.withUnsafeBufferPointer { object(ofValuesAt: $0) }
  }

  /// ``object(ofValuesAt:)-([UInt32])`` of indices held elsewhere (in a decoded object's
  /// own allocation).
  package func object(ofValuesAt valueIndices: UnsafeBufferPointer<UInt32>) -> JSONObject {
    var object = JSONObject()
    object.reserveCapacity(valueIndices.count)
    for index in valueIndices {
      let valueIndex = Int(index)
      object.appendNew(key(ofValueAt: valueIndex), materialize(from: valueIndex))
    }
    return object
  }
}

extension JSONNode {
  /// The node's position on its document's tape.
  @inlinable
  package var tapeIndex: Int { index }

  /// The tape index just past this value's last token: a container's tokens are
  /// `tapeIndex..<tapeEnd`.
  @inlinable
  package var tapeEnd: Int { end }

  /// Calls `body` with every string inside this value (itself included) whose
  /// decoded text contains `@{`, in document order, without decoding the others
  /// (the expression-marker index, ``JSONDocument/markedStrings(inValueAt:)``, has
  /// them). Returns false without calling `body` for anything when the value holds
  /// an object where a key may repeat (the caller then reads the materialised
  /// value, which resolves repeats).
  package func forEachExpressionString(_ body: (JSONNode) -> Void) -> Bool {
    let document = document
    let marked = document.markedStrings(inValueAt: index)
    if marked.isEmpty { return true }
    if document.mayRepeatKeys(inValueAt: index) { return false }
    for string in marked { body(JSONNode(document: document, index: Int(string))) }
    return true
  }

  /// Whether an object in this value (itself included) may repeat a key (the
  /// parser flagged it).
  package var mayRepeatKeys: Bool { document.mayRepeatKeys(inValueAt: index) }

  /// The pointer tokens leading from this value to `descendant`, one of its values.
  package func tokens(to descendant: JSONNode) -> [String] {
    document.tokens(from: index, to: descendant.index)
  }
}
