extension JSONDocument {
  /// The first of `valueIndices` (tape indices of members' values) whose key spells
  /// `key`, as a position in `valueIndices`: what
  /// `valueIndices.firstIndex { key(ofValueAt: Int($0), equals: key) }` gives, in one
  /// pass over the tape and the key's bytes (a summary looks up a few fields of each
  /// action). Plain ASCII keys compare on their bytes, the others as `String`s do.
  package func position(ofKey key: String, amongValuesAt valueIndices: [UInt32]) -> Int? {
    var name = key
    return name.withUTF8 { name -> Int? in
      let nameIsASCII = name.allSatisfy { $0 < 0x80 }
      return tape.withUnsafeBufferPointer { tape -> Int? in
        bytes.withUnsafeBufferPointer { bytes -> Int? in
          for (position, valueIndex) in valueIndices.enumerated() {
            let entry = tape[Int(valueIndex) - 1]
            guard nameIsASCII, entry.kind == .string, entry.flag else {
              if string(at: entry) == key { return position }
              continue
            }
            guard Int(entry.extent) == name.count else { continue }
            let start = Int(entry.offset) + 1
            var offset = 0
            while offset < name.count, bytes[start + offset] == name[offset] { offset += 1 }
            if offset == name.count { return position }
          }
          return nil
        }
      }
    }
  }
}

extension JSONDocument {
  /// ``position(ofKey:amongValuesAt:)`` of a key spelled in the source (a field name):
  /// its bytes are compared as they are, with no string to read them from, while the
  /// document's keys are plain ASCII; the others compare as `String`s do.
  package func position(ofStaticKey key: StaticString, amongValuesAt valueIndices: [UInt32]) -> Int?
  {
    guard key.hasPointerRepresentation, key.isASCII else {
      return position(ofKey: key.description, amongValuesAt: valueIndices)
    }
    let name = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
    return tape.withUnsafeBufferPointer { tape -> Int? in
      bytes.withUnsafeBufferPointer { bytes -> Int? in
        for position in valueIndices.indices {
          let entry = tape[Int(valueIndices[position]) &- 1]
          guard entry.kind == .string, entry.flag else {
            // An escaped or non-ASCII key may still spell the name (`\u0061`, or a
            // character canonically equivalent to ASCII ones).
            if string(at: entry) == key.description { return position }
            continue
          }
          guard Int(entry.extent) == name.count else { continue }
          let start = Int(entry.offset) &+ 1
          var offset = 0
          while offset < name.count, bytes[start &+ offset] == name[offset] { offset &+= 1 }
          if offset == name.count { return position }
        }
        return nil
      }
    }
  }
}
