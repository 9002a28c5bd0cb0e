extension JSONDocument {
  /// Whether a string inside the value at tape index `index` (itself included) may
  /// hold `@{` or a backslash once decoded: true when the expression-marker index
  /// has a string inside it (``markedStrings(inValueAt:)``), and for any string
  /// written with an escape (a string without escapes cannot hold a backslash).
  /// False means that no string the value holds is a template, so evaluating it
  /// changes nothing: the value need not be read.
  package func mayHoldTemplateText(inValueAt index: Int) -> Bool {
    if hasMarkedStrings(inValueAt: index) { return true }
    return holdsEscapedString(inValueAt: index)
  }

  /// Calls `body` with the position in `values` (tape indexes of values, as
  /// `LazyJSONObject` keeps an object's members) of each value that
  /// ``mayHoldTemplateText(inValueAt:)``, in the order of `values`. For values in
  /// ascending order (a component's properties) the expression-marker index is read
  /// once for the whole list, not searched once per value.
  package func forEachValueMayHoldingTemplateText(_ values: [UInt32], _ body: (Int) -> Void) {
    values.withUnsafeBufferPointer { forEachValueMayHoldingTemplateText($0, body) }
  }

  /// ``forEachValueMayHoldingTemplateText(_:_:)-([UInt32],_)`` of indices held elsewhere
  /// (in a decoded object's own allocation).
  package func forEachValueMayHoldingTemplateText(
    _ values: UnsafeBufferPointer<UInt32>, _ body: (Int) -> Void
  ) {
    guard let first = values.first else { return }
    // One view of the tape and of the index for the whole list: read through the
    // document, each value cost two array accesses and their retains.
    tape.withUnsafeBufferPointer { tape in
      markedStrings.withUnsafeBufferPointer { marked in
        var cursor = MarkedStringCursor(at: Int(first), in: marked)
        for position in values.indices {
          let start = Int(values[position])
          cursor.move(to: start, in: marked)
          let entry = tape[start]
          let isContainer = entry.kind == .array || entry.kind == .object
          let end = isContainer ? Int(entry.extent) : start + 1
          if cursor.position < marked.count, Int(marked[cursor.position]) < end {
            body(position)
          } else if entry.kind == .escapedString
            || (isContainer && Self.holdsEscapedString(tape, from: start + 1, to: end))
          {
            body(position)
          }
        }
      }
    }
  }

  /// Whether a token in `start..<end` of `tape` is a string written with an escape.
  private static func holdsEscapedString(_ tape: Tape.View, from start: Int, to end: Int) -> Bool {
    for current in start..<end where tape[current].kind == .escapedString { return true }
    return false
  }

  /// Whether a string inside the value at tape index `index` (itself included) is
  /// written with an escape; only token kinds are read, no string's bytes.
  private func holdsEscapedString(inValueAt index: Int) -> Bool {
    tape.withUnsafeBufferPointer { tape in
      let first = tape[index]
      switch first.kind {
      case .escapedString:
        return true
      case .array, .object:
        for current in (index + 1)..<Int(first.extent) where tape[current].kind == .escapedString {
          return true
        }
        return false
      default:
        return false
      }
    }
  }
}
