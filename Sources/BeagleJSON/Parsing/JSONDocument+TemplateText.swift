extension JSONDocument {
  /// Whether a string inside the value at tape index `index` (itself included) may
  /// hold `@{` or a backslash once decoded: true when the expression-marker index
  /// has a string inside it (``markedStrings(inValueAt:)``), and for any string
  /// written with an escape (a string without escapes cannot hold a backslash).
  /// False means that no string the value holds is a template, so evaluating it
  /// changes nothing: the value need not be read.
  package func mayHoldTemplateText(inValueAt index: Int) -> Bool {
    if hasMarkedStrings(inValueAt: index) { return true }
    return tape.withUnsafeBufferPointer { tape in
      let first = tape[index]
      switch first.kind {
      case .escapedString:
        return true
      case .array, .object:
        // Only token kinds are read: no string's bytes.
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
