/// The expression-marker index: which string values hold `@{`.
///
/// The parser reads every byte of every string anyway; it records the tape index of
/// each string value (not key) whose decoded text holds `@{` (spelled raw or with
/// `\u0040` / `\u007b` escapes) in ``JSONDocument/markedStrings``. A value's range
/// on the tape is [its index, its end), so the marked strings inside any value are
/// found by two binary searches instead of a walk over everything it holds: a
/// screen of a megabyte has a few thousand such strings among a hundred thousand
/// tokens.
///
/// ```swift
/// let document = try JSONDocument(parsing: Array(#"{"a": ["@{x}", "y"], "@{k}": 1}"#.utf8))
/// document.markedStrings                  // [3]: the string "@{x}" (keys never count)
/// document.markedStrings(inValueAt: 2)    // [3]: inside the array
/// document.root["a"]?.markedStrings.count // 1
/// ```
extension JSONDocument {
  /// The tape indexes, ascending, of the marked strings inside the value at tape
  /// index `index` (the value itself included when it is a marked string).
  ///
  /// Keys never count: a key holding `@{` is not marked, a value inside an object
  /// whose key holds one is marked only if it holds `@{` itself. An object where a
  /// key repeats keeps every member here, the shadowed ones too
  /// (``mayRepeatKeys(inValueAt:)`` says when that can happen).
  package func markedStrings(inValueAt index: Int) -> ArraySlice<UInt32> {
    let range = markedStringPositions(inValueAt: index)
    return markedStrings[range]
  }

  /// Whether any string inside the value at tape index `index` (itself included)
  /// holds `@{`: one binary search.
  package func hasMarkedStrings(inValueAt index: Int) -> Bool {
    let first = Self.lowerBound(of: index, in: markedStrings[...])
    return first < markedStrings.count && Int(markedStrings[first]) < end(ofValueAtIndex: index)
  }

  /// Whether an object inside the value at tape index `index` (itself included)
  /// may repeat a key (the parser flagged it): then the value read materialised
  /// (where the last of the repeats wins) may hold fewer strings than the tape.
  package func mayRepeatKeys(inValueAt index: Int) -> Bool {
    var low = 0
    var high = flaggedObjects.count
    while low < high {
      let middle = (low + high) / 2
      if flaggedObjects[middle] < index { low = middle + 1 } else { high = middle }
    }
    return low < flaggedObjects.count && flaggedObjects[low] < end(ofValueAtIndex: index)
  }

  /// The positions in ``markedStrings`` of the marked strings inside the value at
  /// tape index `index`.
  private func markedStringPositions(inValueAt index: Int) -> Range<Int> {
    let first = Self.lowerBound(of: index, in: markedStrings[...])
    let end = end(ofValueAtIndex: index)
    // Most values hold none, or one: look at the first candidates before searching.
    guard first < markedStrings.count, Int(markedStrings[first]) < end else {
      return first..<first
    }
    if first + 1 == markedStrings.count || Int(markedStrings[first + 1]) >= end {
      return first..<(first + 1)
    }
    return first..<Self.lowerBound(of: end, in: markedStrings[(first + 1)...])
  }

  /// The tape index just past the value at `index` (which must be a value's index
  /// on this document's tape).
  private func end(ofValueAtIndex index: Int) -> Int {
    let entry = tape[index]
    return entry.kind == .array || entry.kind == .object ? Int(entry.extent) : index + 1
  }

  /// The position of the first element of `indexes` (ascending) not below `index`.
  private static func lowerBound(of index: Int, in indexes: ArraySlice<UInt32>) -> Int {
    indexes.withUnsafeBufferPointer { buffer in
      indexes.startIndex + MarkedStringCursor.lowerBound(of: index, in: buffer, from: 0)
    }
  }
}

extension JSONNode {
  /// The marked strings inside this value (itself included when it is a string
  /// holding `@{`), in document order: ``JSONDocument/markedStrings(inValueAt:)``.
  package var markedStrings: [JSONNode] {
    document.markedStrings(inValueAt: index).map {
      JSONNode(document: document, index: Int($0))
    }
  }
}

extension JSONDocument {
  /// Calls `body` for each of `values` (tape indexes of values, as
  /// `LazyJSONObject` keeps an object's members) that holds marked strings, with its
  /// position in `values` and those strings
  /// (``markedStrings(inValueAt:)``), in the order of `values`. One binary search
  /// for values in ascending order that hold none (a component's properties, most
  /// often).
  package func forEachValueHoldingMarkedStrings(
    _ values: [UInt32], _ body: (Int, ArraySlice<UInt32>) -> Void
  ) {
    values.withUnsafeBufferPointer { forEachValueHoldingMarkedStrings($0, body) }
  }

  /// ``forEachValueHoldingMarkedStrings(_:_:)-([UInt32],_)`` of indices held elsewhere
  /// (in a decoded object's own allocation).
  package func forEachValueHoldingMarkedStrings(
    _ values: UnsafeBufferPointer<UInt32>, _ body: (Int, ArraySlice<UInt32>) -> Void
  ) {
    guard let first = values.first else { return }
    let marked = markedStrings
    marked.withUnsafeBufferPointer { buffer in
      var cursor = MarkedStringCursor(at: Int(first), in: buffer)
      for position in values.indices {
        let start = Int(values[position])
        cursor.move(to: start, in: buffer)
        guard cursor.position < buffer.count else {
          // Nothing at or after this value: only a value before it could hold some.
          continue
        }
        let end = end(ofValueAtIndex: start)
        guard Int(buffer[cursor.position]) < end else { continue }
        var last = cursor.position + 1
        while last < buffer.count, Int(buffer[last]) < end { last += 1 }
        body(position, marked[cursor.position..<last])
        cursor.position = last
      }
    }
  }

  /// The bytes of the string at tape index `index` as written between its quotes
  /// (escapes not decoded): two strings written alike have the same text.
  package func writtenBytes(ofStringAt index: Int) -> Range<Int> {
    let entry = tape[index]
    let start = Int(entry.offset) + 1
    return start..<(start + Int(entry.extent))
  }
}
