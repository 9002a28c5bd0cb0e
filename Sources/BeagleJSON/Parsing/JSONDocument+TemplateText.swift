extension JSONDocument {
  /// Whether a string inside the value at tape index `index` (itself included, keys
  /// too) may hold `@{` or a backslash once decoded: true for any string written with
  /// an escape, and for a plain one whose bytes hold `@{` (a string without escapes
  /// cannot hold a backslash). False means that no string the value holds is a
  /// template, so evaluating it changes nothing: the value need not be read.
  package func mayHoldTemplateText(inValueAt index: Int) -> Bool {
    tape.withUnsafeBufferPointer { tape in
      let first = tape[index]
      let end: Int
      switch first.kind {
      case .string, .escapedString:
        end = index + 1
      case .array, .object:
        end = Int(first.extent)
      default:
        return false
      }
      return bytes.withUnsafeBufferPointer { bytes in
        for current in index..<end {
          let entry = tape[current]
          if entry.kind == .escapedString { return true }
          guard entry.kind == .string, entry.extent > 1 else { continue }
          var position = Int(entry.offset) + 1
          let last = position + Int(entry.extent) - 1
          while position < last {
            if bytes[position] == UInt8(ascii: "@"), bytes[position + 1] == UInt8(ascii: "{") {
              return true
            }
            position += 1
          }
        }
        return false
      }
    }
  }
}
