extension JSONDocument {
  /// The first of `valueIndices` (tape indices of members' values) whose key spells
  /// `key`, as a position in `valueIndices`: what
  /// `valueIndices.firstIndex { key(ofValueAt: Int($0), equals: key) }` gives, in one
  /// pass over the tape and the key's bytes (a summary looks up a few fields of each
  /// action). Plain ASCII keys compare on their bytes, the others as `String`s do.
  package func position(ofKey key: String, amongValuesAt valueIndices: [UInt32]) -> Int? {
    valueIndices.withUnsafeBufferPointer { position(ofKey: key, amongValuesAt: $0) }
  }

  /// ``position(ofKey:amongValuesAt:)-([UInt32])`` among indices held elsewhere (in a
  /// decoded object's own allocation).
  package func position(
    ofKey key: String, amongValuesAt valueIndices: UnsafeBufferPointer<UInt32>
  ) -> Int? {
    var name = key
    return name.withUTF8 { name -> Int? in
      position(
        ofName: name, isASCII: name.allSatisfy { $0 < 0x80 }, spelled: key,
        amongValuesAt: valueIndices)
    }
  }

  /// ``position(ofKey:amongValuesAt:)-([UInt32])`` of a key spelled in the source (a
  /// field name): its bytes are compared as they are, with no string to read them from.
  package func position(ofStaticKey key: StaticString, amongValuesAt valueIndices: [UInt32]) -> Int?
  {
    valueIndices.withUnsafeBufferPointer { position(ofStaticKey: key, amongValuesAt: $0) }
  }

  /// ``position(ofStaticKey:amongValuesAt:)-([UInt32])`` among indices held elsewhere.
  package func position(
    ofStaticKey key: StaticString, amongValuesAt valueIndices: UnsafeBufferPointer<UInt32>
  ) -> Int? {
    guard key.hasPointerRepresentation else {
      return position(ofKey: key.description, amongValuesAt: valueIndices)
    }
    let name = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
    return position(
      ofName: name, isASCII: key.isASCII, spelled: key.description, amongValuesAt: valueIndices)
  }

  /// The position of the key whose text is `name`'s bytes: while both are plain ASCII
  /// the bytes are compared as they are; an escaped or non-ASCII key may still spell the
  /// name (`\u0061`, or a character canonically equivalent to ASCII ones), so the others
  /// compare as `String`s do.
  private func position(
    ofName name: UnsafeBufferPointer<UInt8>, isASCII nameIsASCII: Bool,
    spelled key: @autoclosure () -> String, amongValuesAt valueIndices: UnsafeBufferPointer<UInt32>
  ) -> Int? {
    tape.withUnsafeBufferPointer { tape -> Int? in
      bytes.withUnsafeBufferPointer { bytes -> Int? in
        for position in valueIndices.indices {
          let entry = tape[Int(valueIndices[position]) &- 1]
          guard nameIsASCII, entry.kind == .string, entry.flag else {
            if string(at: entry) == key() { return position }
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
