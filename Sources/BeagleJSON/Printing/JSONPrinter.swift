/// Prints ``JSONValue``s deterministically: keys in source order, the same bytes
/// for the same value on every run.
///
/// Integral doubles keep a `.0` (`5.0`) so that printing and parsing again gives
/// back a double; numbers outside `Double`'s range print as their source text.
/// Non-finite doubles, which JSON cannot express, print as `null`.
///
/// Strings escape `"` and `\`, the control characters U+0000–U+001F (as `\b`, `\f`,
/// `\n`, `\r`, `\t` or lower-case `\u00XX`) and, with ``escapesControlCharacters``
/// (the default), DEL and the C1 controls U+0080–U+009F as `\u007f`–`\u009f`, so that
/// printed JSON is valid and brings no control character to a terminal; nothing else:
/// `/`, U+2028 and U+2029 print as themselves. With ``escapesNonASCII`` every scalar above
/// U+007E is written as lower-case `\uXXXX`, beyond the BMP as a surrogate pair.
///
/// Printing writes UTF-8 bytes into one growing buffer, so its cost is linear in
/// the size of the output.
public struct JSONPrinter: Sendable {
  public enum Style: Sendable, Equatable {
    /// No whitespace at all: `{"a":[1,2]}`.
    case compact
    /// Two-space indentation, one member or element per line, `"key": value`.
    case pretty
  }

  public var style: Style
  /// Whether characters outside ASCII are written as `\u` escapes.
  public var escapesNonASCII: Bool
  /// Whether DEL (U+007F) and the C1 controls (U+0080–U+009F) are written as `\u`
  /// escapes. Output documents do (the default); a value made into a text, as Beagle
  /// makes an object into a string, keeps them as they are.
  public var escapesControlCharacters: Bool

  public init(
    style: Style = .compact, escapesNonASCII: Bool = false, escapesControlCharacters: Bool = true
  ) {
    self.style = style
    self.escapesNonASCII = escapesNonASCII
    self.escapesControlCharacters = escapesControlCharacters
  }

  /// The text of `value`.
  public func print(_ value: JSONValue) -> String {
    print(value, terminator: "")
  }

  /// The text of `value`, then `terminator` (a JSON Lines record ends in `"\n"`:
  /// appending it here saves copying a large text once more).
  public func print(_ value: JSONValue, terminator: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64)
    write(value, into: &bytes)
    bytes.append(contentsOf: terminator.utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the text of `value` to `output`.
  public func write(_ value: JSONValue, into output: inout String) {
    output += print(value)
  }

  /// Appends the UTF-8 text of `value` to `output`.
  public func write(_ value: JSONValue, into output: inout [UInt8]) {
    writeNested(value, depth: 0, into: &output)
  }

  /// Values nested deeper than this are printed with an explicit stack.
  private static let recursionLimit = 64

  /// Prints by recursion, which is fastest, down to ``recursionLimit`` levels;
  /// below that with an explicit stack (``writeDeep(_:depth:into:)``), so values
  /// of any depth print without exhausting the call stack.
  private func writeNested(_ value: JSONValue, depth: Int, into output: inout [UInt8]) {
    guard depth < Self.recursionLimit else {
      writeDeep(value, depth: depth, into: &output)
      return
    }
    switch value {
    case .array(let array) where !array.isEmpty:
      output.append(UInt8(ascii: "["))
      for index in array.indices {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        newline(depth + 1, into: &output)
        writeNested(array[index], depth: depth + 1, into: &output)
      }
      newline(depth, into: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let object) where !object.isEmpty:
      output.append(UInt8(ascii: "{"))
      let keys = object.keys
      let values = object.values
      for index in keys.indices {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        newline(depth + 1, into: &output)
        Self.writeString(
          keys[index], escapingNonASCII: escapesNonASCII,
          escapingControlCharacters: escapesControlCharacters, into: &output)
        output.append(UInt8(ascii: ":"))
        if style == .pretty { output.append(UInt8(ascii: " ")) }
        writeNested(values[index], depth: depth + 1, into: &output)
      }
      newline(depth, into: &output)
      output.append(UInt8(ascii: "}"))
    case .string(let string):
      Self.writeString(
        string, escapingNonASCII: escapesNonASCII,
        escapingControlCharacters: escapesControlCharacters, into: &output)
    case .int(let int):
      Self.writeInteger(int, into: &output)
    default:
      var unused: [Frame] = []
      open(value, depth: depth, into: &output, stack: &unused)
    }
  }

  /// Prints `value` with an explicit stack of open containers.
  private func writeDeep(_ value: JSONValue, depth: Int, into output: inout [UInt8]) {
    var stack: [Frame] = []
    open(value, depth: depth, into: &output, stack: &stack)
    while let last = stack.indices.last {
      let frame = stack[last]
      guard frame.next < frame.count else {
        stack.removeLast()
        newline(frame.depth, into: &output)
        switch frame.container {
        case .array: output.append(UInt8(ascii: "]"))
        case .object: output.append(UInt8(ascii: "}"))
        }
        continue
      }
      stack[last].next += 1
      if frame.next > 0 { output.append(UInt8(ascii: ",")) }
      newline(frame.depth + 1, into: &output)
      let element: JSONValue
      switch frame.container {
      case .array(let array):
        element = array[frame.next]
      case .object(let object):
        Self.writeString(
          object.keys[frame.next], escapingNonASCII: escapesNonASCII,
          escapingControlCharacters: escapesControlCharacters, into: &output)
        output.append(UInt8(ascii: ":"))
        if style == .pretty { output.append(UInt8(ascii: " ")) }
        element = object.values[frame.next]
      }
      open(element, depth: frame.depth + 1, into: &output, stack: &stack)
    }
  }

  private enum Container {
    case array([JSONValue])
    case object(JSONObject)
  }

  /// An open array or object: the members printed so far and its depth.
  private struct Frame {
    var container: Container
    var count: Int
    var next: Int
    var depth: Int
  }

  /// Writes a scalar or an empty container whole; opens a non-empty container and
  /// pushes it for the loop in ``writeDeep(_:depth:into:)`` to fill.
  private func open(
    _ value: JSONValue, depth: Int, into output: inout [UInt8], stack: inout [Frame]
  ) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let bool): output.append(contentsOf: (bool ? "true" : "false").utf8)
    case .int(let int): Self.writeInteger(int, into: &output)
    case .double(let double): output.append(contentsOf: Self.text(of: double).utf8)
    case .bigNumber(let text): output.append(contentsOf: text.utf8)
    case .string(let string):
      Self.writeString(
        string, escapingNonASCII: escapesNonASCII,
        escapingControlCharacters: escapesControlCharacters, into: &output)
    case .array(let array):
      if array.isEmpty {
        output.append(contentsOf: "[]".utf8)
      } else {
        output.append(UInt8(ascii: "["))
        stack.append(Frame(container: .array(array), count: array.count, next: 0, depth: depth))
      }
    case .object(let object):
      if object.isEmpty {
        output.append(contentsOf: "{}".utf8)
      } else {
        output.append(UInt8(ascii: "{"))
        stack.append(
          Frame(container: .object(object), count: object.count, next: 0, depth: depth))
      }
    }
  }

  private func newline(_ depth: Int, into output: inout [UInt8]) {
    guard style == .pretty else { return }
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }

  /// The JSON text of a double: shortest round-trip digits, `.0` kept on integral
  /// values, `null` for infinities and NaN.
  public static func text(of double: Double) -> String {
    guard double.isFinite else { return "null" }
    return double.description
  }

  /// Appends the decimal digits of `int`, as `String(int)` writes them.
  private static func writeInteger(_ int: Int, into output: inout [UInt8]) {
    if int >= 0, int < 10 {
      output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: int))
      return
    }
    // The digits from the last, then the sign, at the end of 24 bytes (an Int has at
    // most 19 digits), appended at once.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var magnitude = int.magnitude
      var position = buffer.count
      repeat {
        position -= 1
        buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if int < 0 {
        position -= 1
        buffer[position] = UInt8(ascii: "-")
      }
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[position...]))
    }
  }

  /// Appends `string` as a quoted JSON string: `"` and `\` escaped, control
  /// characters as `\n`, `\t`, … or `\u00XX`.
  public static func writeString(
    _ string: String, escapingNonASCII: Bool = false, escapingControlCharacters: Bool = true,
    into output: inout String
  ) {
    var bytes: [UInt8] = []
    writeString(
      string, escapingNonASCII: escapingNonASCII,
      escapingControlCharacters: escapingControlCharacters, into: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `string` as a quoted JSON string in UTF-8, escaped as
  /// ``writeString(_:escapingNonASCII:escapingControlCharacters:into:)-(_,_,_,String)`` does.
  public static func writeString(
    _ string: String, escapingNonASCII: Bool = false, escapingControlCharacters: Bool = true,
    into output: inout [UInt8]
  ) {
    output.append(UInt8(ascii: "\""))
    if escapingNonASCII {
      for scalar in string.unicodeScalars {
        if scalar.value > 0x7E {
          writeUnicodeEscape(scalar, into: &output)
        } else {
          writeASCII(UInt8(truncatingIfNeeded: scalar.value), into: &output)
        }
      }
    } else {
      let written: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
        writeEscaping(utf8, escapingControlCharacters: escapingControlCharacters, into: &output)
      }
      if written == nil {
        var string = string
        string.withUTF8 { utf8 in
          writeEscaping(utf8, escapingControlCharacters: escapingControlCharacters, into: &output)
        }
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Escapes the UTF-8 text `output[start...]` (a string's content, written there
  /// unescaped) as ``writeString(_:escapingNonASCII:escapingControlCharacters:into:)-(_,_,_,[UInt8])``
  /// escapes a string's content; a text that needs no escape (most) is left as it is.
  package static func escape(
    from start: Int, in output: inout [UInt8], escapingControlCharacters: Bool = true
  ) {
    // Eight bytes at a time, the last few as one word padded with spaces (which need
    // no escape): ``mayNeedEscape(_:escapingControlCharacters:)`` is true exactly when
    // one of the bytes is a C0 control, `"`, `\\` or (escaping control characters)
    // DEL or 0xC2, the bytes ``writeEscaping(_:escapingControlCharacters:into:)`` may
    // change. Byte by byte, a state's JSON Pointers (150 bytes each in a log) cost about
    // 16 instructions a byte.
    let needsEscape = output.withUnsafeBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress, start < buffer.count else { return false }
      let text = UnsafeRawPointer(base + start)
      let count = buffer.count &- start
      var offset = 0
      while offset &+ 8 <= count {
        if mayNeedEscape(
          text.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
          escapingControlCharacters: escapingControlCharacters)
        {
          return true
        }
        offset &+= 8
      }
      return offset < count
        && mayNeedEscape(
          PaddedWord.load(text + offset, count: count &- offset),
          escapingControlCharacters: escapingControlCharacters)
    }
    guard needsEscape else { return }
    let written = Array(output[start...])
    output.removeSubrange(start...)
    written.withUnsafeBufferPointer {
      writeEscaping($0, escapingControlCharacters: escapingControlCharacters, into: &output)
    }
  }

  /// Appends the UTF-8 text `utf8` with JSON's escapes (the string's content, without
  /// quotes), non-ASCII as it is.
  package static func writeEscaping(
    _ utf8: UnsafeBufferPointer<UInt8>, escapingControlCharacters: Bool,
    into output: inout [UInt8]
  ) {
    // Copy runs of bytes that need no escape in one go; every byte of a
    // multi-byte sequence is ≥ 0x80 and so is never escaped.
    guard let base = utf8.baseAddress else { return }
    let raw = UnsafeRawPointer(base)
    var runStart = 0
    var offset = 0
    let count = utf8.count
    // Most texts need no escape: the words, then the last few bytes as one word
    // (padded with spaces, which need none), decide it; the text is then copied whole.
    while offset &+ 8 <= count,
      !mayNeedEscape(
        raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
        escapingControlCharacters: escapingControlCharacters)
    {
      offset &+= 8
    }
    if count &- offset < 8 {
      if !mayNeedEscape(
        PaddedWord.load(raw + offset, count: count &- offset),
        escapingControlCharacters: escapingControlCharacters)
      {
        output.append(contentsOf: utf8)
        return
      }
    }
    while offset < count {
      // Eight bytes at a time: a word without a byte that may need an escape
      // (most of a text) joins the run as it is.
      if offset &+ 8 <= count,
        !mayNeedEscape(
          raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
          escapingControlCharacters: escapingControlCharacters)
      {
        offset &+= 8
        continue
      }
      let byte = utf8[offset]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
        writeASCII(byte, into: &output)
        runStart = offset + 1
      } else if escapingControlCharacters, byte == 0x7F {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
        writeHexEscape(0x7F, into: &output)
        runStart = offset + 1
      } else if escapingControlCharacters, byte == 0xC2, offset + 1 < count,
        (0x80...0x9F).contains(utf8[offset + 1])
      {
        // C1 controls are the two bytes C2 80–C2 9F in UTF-8.
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
        writeHexEscape(UInt16(utf8[offset + 1]), into: &output)
        offset += 1
        runStart = offset + 1
      }
      offset += 1
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
  }

  /// Whether one of the eight bytes of `word` may need an escape: a C0 control, `"`,
  /// `\\`, and with `escapingControlCharacters` DEL and the first byte of a C1 control
  /// (0xC2). False means the word is copied as it is.
  private static func mayNeedEscape(_ word: UInt64, escapingControlCharacters: Bool) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
    if (word &- ones &* 0x20) & ~word & highs != 0 { return true }
    if hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C)) { return true }
    guard escapingControlCharacters else { return false }
    return hasZeroByte(word ^ (ones &* 0x7F)) || hasZeroByte(word ^ (ones &* 0xC2))
  }

  /// Appends one ASCII byte, escaped if JSON requires it.
  private static func writeASCII(_ byte: UInt8, into output: inout [UInt8]) {
    let escape: UInt8
    switch byte {
    case 0x22: escape = UInt8(ascii: "\"")
    case 0x5C: escape = UInt8(ascii: "\\")
    case 0x0A: escape = UInt8(ascii: "n")
    case 0x0D: escape = UInt8(ascii: "r")
    case 0x09: escape = UInt8(ascii: "t")
    case 0x08: escape = UInt8(ascii: "b")
    case 0x0C: escape = UInt8(ascii: "f")
    default:
      if byte < 0x20 {
        writeHexEscape(UInt16(byte), into: &output)
      } else {
        output.append(byte)
      }
      return
    }
    output.append(UInt8(ascii: "\\"))
    output.append(escape)
  }

  private static func writeUnicodeEscape(_ scalar: Unicode.Scalar, into output: inout [UInt8]) {
    if scalar.value <= 0xFFFF {
      writeHexEscape(UInt16(scalar.value), into: &output)
      return
    }
    let value = scalar.value - 0x10000
    writeHexEscape(UInt16(0xD800 + (value >> 10)), into: &output)
    writeHexEscape(UInt16(0xDC00 + (value & 0x3FF)), into: &output)
  }

  /// `\u` and four lower-case hex digits.
  private static func writeHexEscape(_ unit: UInt16, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\\"))
    output.append(UInt8(ascii: "u"))
    for shift in stride(from: 12, through: 0, by: -4) {
      let digit = UInt8((unit >> UInt16(shift)) & 0xF)
      output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
    }
  }
}

extension JSONValue: CustomStringConvertible {
  /// The compact JSON text of the value.
  public var description: String { JSONPrinter().print(self) }
}
