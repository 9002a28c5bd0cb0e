/// Printing values still in their document: straight from the tape, the source bytes
/// of a string copied through the printer's escaping, never materialised.
extension JSONPrinter {
  /// Appends the text of `node`'s value: what `write(node.value, into:)` appends.
  ///
  /// Compact output without `\u` escapes of non-ASCII text reads the tape; other
  /// styles print the materialised value.
  package func write(_ node: JSONNode, into output: inout [UInt8]) {
    guard writesFromDocument else {
      write(node.value, into: &output)
      return
    }
    node.document.writeCompact(
      from: node.tapeIndex, escapingControlCharacters: escapesControlCharacters, into: &output)
  }

  /// Whether ``writeMember(in:valueAt:into:)`` reads the tape (compact output without
  /// `\u` escapes of non-ASCII text); other styles print materialised values.
  package var writesFromDocument: Bool { style == .compact && !escapesNonASCII }

  /// Appends `"key":value` for the member of `document` whose value is at tape index
  /// `valueIndex`, as ``writeObject(in:valuesAt:into:)`` writes each member (only when
  /// ``writesFromDocument``).
  package func writeMember(
    in document: JSONDocument, valueAt valueIndex: Int, into output: inout [UInt8]
  ) {
    document.withCompactWriter(
      escapingControlCharacters: escapesControlCharacters, appendingTo: &output
    ) { $0.appendMember(valueAt: valueIndex) }
  }

  /// Appends the text of the object of the members of `document` whose values are at
  /// `valueIndices` (keys distinct, in that order): what
  /// `write(.object(document.object(ofValuesAt: valueIndices)), into:)` appends.
  package func writeObject(
    in document: JSONDocument, valuesAt valueIndices: [UInt32], into output: inout [UInt8]
  ) {
    guard writesFromDocument else {
      write(.object(document.object(ofValuesAt: valueIndices)), into: &output)
      return
    }
    valueIndices.withUnsafeBufferPointer {
      writeFromDocument(in: document, valuesAt: $0, into: &output)
    }
  }

  /// ``writeObject(in:valuesAt:into:)-(_,[UInt32],_)`` of indices held elsewhere (in a
  /// decoded object's own allocation).
  package func writeObject(
    in document: JSONDocument, valuesAt valueIndices: UnsafeBufferPointer<UInt32>,
    into output: inout [UInt8]
  ) {
    guard writesFromDocument else {
      write(.object(document.object(ofValuesAt: valueIndices)), into: &output)
      return
    }
    writeFromDocument(in: document, valuesAt: valueIndices, into: &output)
  }

  /// The object's text, printed from the tape (``writesFromDocument``).
  private func writeFromDocument(
    in document: JSONDocument, valuesAt valueIndices: UnsafeBufferPointer<UInt32>,
    into output: inout [UInt8]
  ) {
    document.withCompactWriter(
      escapingControlCharacters: escapesControlCharacters, appendingTo: &output
    ) { writer in
      writer.append(UInt8(ascii: "{"))
      writer.appendMembers(valuesAt: valueIndices)
      writer.append(UInt8(ascii: "}"))
    }
  }
}

extension JSONDocument {
  /// Appends the compact text of the value (or key) at tape index `start`, as
  /// ``JSONPrinter`` writes its materialised value (see ``CompactWriter``).
  func writeCompact(from start: Int, escapingControlCharacters: Bool, into output: inout [UInt8]) {
    withCompactWriter(escapingControlCharacters: escapingControlCharacters, appendingTo: &output) {
      $0.appendValue(at: start)
    }
  }
}

extension JSONNode {
  /// The bytes from the value's first token to the end of its last one: its source
  /// text but the brackets that close after its last token (and whitespace among them).
  /// What printing the value from the document costs grows with it (each byte printed
  /// at most as a six-byte `\u` escape), whatever the value is.
  package var sourceTokensLength: Int {
    let tape = document.tape
    let first = tape[index]
    let last = tape[end - 1]
    let lastLength: Int
    switch last.kind {
    case .string, .escapedString: lastLength = Int(last.extent) + 2
    case .integer, .float: lastLength = Int(last.extent)
    case .null: lastLength = 4
    case .bool: lastLength = last.flag ? 4 : 5
    case .array, .object: lastLength = 1
    }
    return Int(last.offset) + lastLength - Int(first.offset)
  }
}
