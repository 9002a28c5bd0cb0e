/// Reading a chosen set of an object's members straight from the tape: the
/// members are given by the tape indices of their values (each key is the token
/// just before its value), so a holder of some members of an object keeps a few
/// integers instead of a materialised ``JSONObject``.
extension JSONDocument {
  /// The node at tape index `index`.
  package func node(atTapeIndex index: Int) -> JSONNode {
    JSONNode(document: self, index: index)
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
  package var tapeIndex: Int { index }

  /// Calls `body` with every string inside this value (itself included) whose
  /// decoded text contains `@{`, in document order, without decoding the others.
  /// Returns false without calling `body` for anything when the value holds an
  /// object where a key may repeat (the caller then reads the materialised value,
  /// which resolves repeats).
  package func forEachExpressionString(_ body: (JSONNode) -> Void) -> Bool {
    let document = document
    let start = index
    return document.tape.withUnsafeBufferPointer { tape in
      let first = tape[start]
      switch first.kind {
      case .string, .escapedString:
        // Most values are one string: no walk.
        if document.stringContainsExpressionMarker(first) { body(self) }
        return true
      case .array, .object:
        break
      default:
        return true
      }
      let end = Int(first.extent)
      // Objects where a key may repeat resolve differently from the tape's order.
      for current in start..<end where tape[current].kind == .object && tape[current].flag {
        return false
      }
      // Walk the subtree, skipping keys: a frame per open container.
      var frames: [(isObject: Bool, end: Int, atKey: Bool)] = []
      // One allocation for the usual depths, not one per doubling.
      frames.reserveCapacity(8)
      var current = start
      while current < end {
        while let last = frames.last, current >= last.end { frames.removeLast() }
        if let last = frames.indices.last, frames[last].isObject {
          if frames[last].atKey {
            frames[last].atKey = false
            current += 1
            continue
          }
          // This member's value; the token after it is the next key.
          frames[last].atKey = true
        }
        let entry = tape[current]
        switch entry.kind {
        case .array, .object:
          frames.append((entry.kind == .object, Int(entry.extent), true))
        case .string, .escapedString:
          if document.stringContainsExpressionMarker(entry) {
            body(JSONNode(document: document, index: current))
          }
        default:
          break
        }
        current += 1
      }
      return true
    }
  }

  /// Whether an object in this value (itself included) may repeat a key (the
  /// parser flagged it).
  package var mayRepeatKeys: Bool {
    document.tape.withUnsafeBufferPointer { tape in
      let first = tape[index]
      guard first.kind == .array || first.kind == .object else { return false }
      for current in index..<Int(first.extent)
      where tape[current].kind == .object && tape[current].flag {
        return true
      }
      return false
    }
  }

  /// The pointer tokens leading from this value to `descendant`, one of its values.
  package func tokens(to descendant: JSONNode) -> [String] {
    document.tokens(from: index, to: descendant.index)
  }
}

extension JSONDocument {
  /// Whether the string token `entry` holds `@{` once decoded. Raw bytes answer
  /// unless the token has `\u` escapes, which could spell either character.
  func stringContainsExpressionMarker(_ entry: TapeEntry) -> Bool {
    let start = Int(entry.offset) + 1
    let end = start + Int(entry.extent)
    let (found, hasUnicodeEscape) = bytes.withUnsafeBufferPointer { buffer -> (Bool, Bool) in
      var index = start
      var hasUnicodeEscape = false
      while index + 1 < end {
        let byte = buffer[index]
        if byte == UInt8(ascii: "@"), buffer[index + 1] == UInt8(ascii: "{") {
          return (true, false)
        }
        if byte == UInt8(ascii: "\\") {
          if buffer[index + 1] == UInt8(ascii: "u") { hasUnicodeEscape = true }
          index += 2
          continue
        }
        index += 1
      }
      return (false, hasUnicodeEscape)
    }
    if found { return true }
    guard entry.kind == .escapedString, hasUnicodeEscape else { return false }
    return string(at: entry).containsExpressionMarker
  }
}
