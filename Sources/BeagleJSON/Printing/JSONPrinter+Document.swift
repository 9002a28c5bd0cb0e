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
    document.writeCompact(
      from: valueIndex - 1, escapingControlCharacters: escapesControlCharacters, into: &output)
    output.append(UInt8(ascii: ":"))
    document.writeCompact(
      from: valueIndex, escapingControlCharacters: escapesControlCharacters, into: &output)
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
    output.append(UInt8(ascii: "{"))
    for (position, valueIndex) in valueIndices.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      writeMember(in: document, valueAt: Int(valueIndex), into: &output)
    }
    output.append(UInt8(ascii: "}"))
  }
}

extension JSONDocument {
  /// Appends the compact text of the value (or key) at tape index `start`, as
  /// ``JSONPrinter`` writes its materialised value: strings without escapes are their
  /// source bytes through the printer's escaping (the parser checked they are UTF-8),
  /// integers their source text but `-0` (0), other numbers and escaped strings
  /// decoded and printed, and an object where a key may repeat materialised (its last
  /// value at its first key's place). No recursion: containers open on a stack.
  func writeCompact(from start: Int, escapingControlCharacters: Bool, into output: inout [UInt8]) {
    let first = tape[start]
    let end = first.kind == .array || first.kind == .object ? Int(first.extent) : start + 1
    // Open containers: whether an object, where it ends, how many members or elements
    // were begun, and for an object whether its next token is a member's value.
    var open: [(isObject: Bool, end: Int, begun: Int, atValue: Bool)] = []
    var index = start
    while true {
      while let last = open.last, index >= last.end {
        output.append(last.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        open.removeLast()
      }
      guard index < end else { break }
      if let top = open.indices.last {
        if open[top].isObject, !open[top].atValue {
          if open[top].begun > 0 { output.append(UInt8(ascii: ",")) }
          open[top].begun += 1
          open[top].atValue = true
          writeScalar(
            tape[index], escapingControlCharacters: escapingControlCharacters, into: &output)
          output.append(UInt8(ascii: ":"))
          index += 1
          continue
        }
        if open[top].isObject {
          open[top].atValue = false
        } else {
          if open[top].begun > 0 { output.append(UInt8(ascii: ",")) }
          open[top].begun += 1
        }
      }
      let entry = tape[index]
      switch entry.kind {
      case .object where entry.flag:
        JSONPrinter(escapesControlCharacters: escapingControlCharacters).write(
          materialize(from: index), into: &output)
        index = Int(entry.extent)
      case .object, .array:
        let isObject = entry.kind == .object
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append((isObject, Int(entry.extent), 0, false))
        index += 1
      default:
        writeScalar(entry, escapingControlCharacters: escapingControlCharacters, into: &output)
        index += 1
      }
    }
  }

  /// Appends a scalar token (a key included) as the printer writes its value.
  private func writeScalar(
    _ entry: TapeEntry, escapingControlCharacters: Bool, into output: inout [UInt8]
  ) {
    switch entry.kind {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool: output.append(contentsOf: (entry.flag ? "true" : "false").utf8)
    case .string:
      // No escapes: the source bytes are the text's UTF-8 (checked by the parser).
      let start = Int(entry.offset) + 1
      output.append(UInt8(ascii: "\""))
      bytes.withUnsafeBufferPointer { buffer in
        JSONPrinter.writeEscaping(
          UnsafeBufferPointer(rebasing: buffer[start..<start + Int(entry.extent)]),
          escapingControlCharacters: escapingControlCharacters, into: &output)
      }
      output.append(UInt8(ascii: "\""))
    case .integer:
      let start = Int(entry.offset)
      let length = Int(entry.extent)
      bytes.withUnsafeBufferPointer { buffer in
        if length == 2, buffer[start] == UInt8(ascii: "-"), buffer[start + 1] == UInt8(ascii: "0") {
          // -0 is the integer 0.
          output.append(UInt8(ascii: "0"))
        } else {
          // An Int prints its digits as written (JSON has no leading zeros or `+`), a
          // larger integer its source text.
          output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<start + length]))
        }
      }
    case .float, .escapedString:
      JSONPrinter(escapesControlCharacters: escapingControlCharacters).write(
        scalarValue(entry), into: &output)
    case .array, .object:
      break
    }
  }

  private func scalarValue(_ entry: TapeEntry) -> JSONValue {
    entry.kind == .escapedString ? .string(string(at: entry)) : number(at: entry)
  }
}
