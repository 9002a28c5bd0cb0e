/// A JSON value as the payload generator builds it, before printing.
///
/// Unlike `JSONValue` it can hold string contents that are already escaped, so
/// the payloads carry `\u00e9` and surrogate-pair escapes the way some BFFs
/// write them, and a ``splice`` marker where the generator streams the bulk of
/// the screen.
indirect enum PayloadNode {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  /// Printed with JSON escaping (quote, backslash, control characters); other
  /// characters are written as UTF-8.
  case string(String)
  /// String contents written verbatim between quotes; must be valid JSON.
  case escaped(String)
  case array([PayloadNode])
  case object([(String, PayloadNode)])
  /// Prints nothing; the printer records where it stood.
  case splice
}

/// Prints ``PayloadNode``s minified, as BFFs send them (`JSON.stringify(value)`),
/// or with two-space indentation, as `JSON.stringify(value, null, 2)` and most BFF
/// frameworks' pretty printers do.
struct PayloadPrinter {
  /// No whitespace at all, or two-space indentation with `": "` after keys.
  let isMinified: Bool
  private(set) var bytes: [UInt8] = []
  /// Where the ``PayloadNode/splice`` marker was printed and at which nesting level.
  private(set) var splice: (offset: Int, level: Int)?

  init(isMinified: Bool, reservingCapacity capacity: Int = 0) {
    self.isMinified = isMinified
    bytes.reserveCapacity(capacity)
  }

  /// The bytes of `node` printed as if it started at nesting level `level`.
  static func print(_ node: PayloadNode, level: Int, isMinified: Bool) -> [UInt8] {
    var printer = PayloadPrinter(isMinified: isMinified)
    printer.write(node, level: level)
    return printer.bytes
  }

  mutating func write(_ node: PayloadNode, level: Int) {
    switch node {
    case .null: append("null")
    case .bool(let bool): append(bool ? "true" : "false")
    case .int(let int): append(String(int))
    case .double(let double): append(double.description)
    case .string(let string): writeString(string)
    case .escaped(let contents):
      bytes.append(UInt8(ascii: "\""))
      append(contents)
      bytes.append(UInt8(ascii: "\""))
    case .array(let elements):
      guard !elements.isEmpty else { return append("[]") }
      bytes.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        newline(level: level + 1)
        write(element, level: level + 1)
      }
      newline(level: level)
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return append("{}") }
      bytes.append(UInt8(ascii: "{"))
      for (position, (key, value)) in members.enumerated() {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        newline(level: level + 1)
        writeString(key)
        append(isMinified ? ":" : ": ")
        write(value, level: level + 1)
      }
      newline(level: level)
      bytes.append(UInt8(ascii: "}"))
    case .splice:
      splice = (bytes.count, level)
    }
  }

  /// Appends raw bytes (used to stream elements after the splice point).
  mutating func append(bytes more: [UInt8]) {
    bytes.append(contentsOf: more)
  }

  /// The separator between two elements of an array at `level`: `,`, and when
  /// pretty-printed a new line and the indentation.
  static func separator(level: Int, isMinified: Bool) -> [UInt8] {
    if isMinified { return [UInt8(ascii: ",")] }
    return [UInt8(ascii: ","), UInt8(ascii: "\n")]
      + Array(repeating: UInt8(ascii: " "), count: 2 * level)
  }

  private mutating func newline(level: Int) {
    if isMinified { return }
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func writeString(_ string: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case UInt8(ascii: "\n"): append("\\n")
      case UInt8(ascii: "\t"): append("\\t")
      case UInt8(ascii: "\r"): append("\\r")
      case 0..<0x20: append("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16))
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
