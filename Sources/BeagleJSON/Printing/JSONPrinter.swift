/// Prints ``JSONValue``s deterministically: keys in source order, the same bytes
/// for the same value on every run.
///
/// Integral doubles keep a `.0` (`5.0`) so that printing and parsing again gives
/// back a double; numbers outside `Double`'s range print as their source text.
/// Non-finite doubles, which JSON cannot express, print as `null`.
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

  public init(style: Style = .compact, escapesNonASCII: Bool = false) {
    self.style = style
    self.escapesNonASCII = escapesNonASCII
  }

  /// The text of `value`.
  public func print(_ value: JSONValue) -> String {
    var output = ""
    write(value, into: &output)
    return output
  }

  /// Appends the text of `value` to `output`.
  public func write(_ value: JSONValue, into output: inout String) {
    // An explicit work stack keeps printing safe for values of any depth.
    var work: [Work] = [.value(value, depth: 0)]
    while let item = work.popLast() {
      switch item {
      case .text(let text):
        output += text
      case .value(let value, let depth):
        writeValue(value, depth: depth, into: &output, work: &work)
      }
    }
  }

  private enum Work {
    case value(JSONValue, depth: Int)
    case text(String)
  }

  private func writeValue(
    _ value: JSONValue, depth: Int, into output: inout String, work: inout [Work]
  ) {
    switch value {
    case .null: output += "null"
    case .bool(let bool): output += bool ? "true" : "false"
    case .int(let int): output += String(int)
    case .double(let double): output += Self.text(of: double)
    case .bigNumber(let text): output += text
    case .string(let string):
      Self.writeString(string, escapingNonASCII: escapesNonASCII, into: &output)
    case .array(let array):
      guard !array.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      var items: [Work] = []
      items.reserveCapacity(array.count * 2 + 1)
      for (offset, element) in array.enumerated() {
        items.append(.text((offset == 0 ? "" : ",") + newline(depth + 1)))
        items.append(.value(element, depth: depth + 1))
      }
      items.append(.text(newline(depth) + "]"))
      work.append(contentsOf: items.reversed())
    case .object(let object):
      guard !object.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      var items: [Work] = []
      items.reserveCapacity(object.count * 2 + 1)
      let colon = style == .pretty ? ": " : ":"
      for (offset, (key, member)) in object.members.enumerated() {
        var prefix = (offset == 0 ? "" : ",") + newline(depth + 1)
        Self.writeString(key, escapingNonASCII: escapesNonASCII, into: &prefix)
        prefix += colon
        items.append(.text(prefix))
        items.append(.value(member, depth: depth + 1))
      }
      items.append(.text(newline(depth) + "}"))
      work.append(contentsOf: items.reversed())
    }
  }

  private func newline(_ depth: Int) -> String {
    style == .pretty ? "\n" + String(repeating: "  ", count: depth) : ""
  }

  /// The JSON text of a double: shortest round-trip digits, `.0` kept on integral
  /// values, `null` for infinities and NaN.
  public static func text(of double: Double) -> String {
    guard double.isFinite else { return "null" }
    return double.description
  }

  /// Appends `string` as a quoted JSON string: `"` and `\` escaped, control
  /// characters as `\n`, `\t`, … or `\u00XX`.
  public static func writeString(
    _ string: String, escapingNonASCII: Bool = false, into output: inout String
  ) {
    output += "\""
    var pendingStart = string.unicodeScalars.startIndex
    var index = pendingStart
    let scalars = string.unicodeScalars
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let escape: String?
      switch scalar {
      case "\"": escape = "\\\""
      case "\\": escape = "\\\\"
      case "\n": escape = "\\n"
      case "\r": escape = "\\r"
      case "\t": escape = "\\t"
      case "\u{08}": escape = "\\b"
      case "\u{0C}": escape = "\\f"
      default:
        if scalar.value < 0x20 || (escapingNonASCII && scalar.value > 0x7E) {
          escape = unicodeEscape(scalar)
        } else {
          escape = nil
        }
      }
      if let escape {
        output.unicodeScalars.append(contentsOf: scalars[pendingStart..<index])
        output += escape
        pendingStart = scalars.index(after: index)
      }
      index = scalars.index(after: index)
    }
    output.unicodeScalars.append(contentsOf: scalars[pendingStart..<scalars.endIndex])
    output += "\""
  }

  private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    func hex(_ unit: UInt16) -> String {
      let digits = String(unit, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
    if scalar.value <= 0xFFFF { return hex(UInt16(scalar.value)) }
    let value = scalar.value - 0x10000
    return hex(UInt16(0xD800 + (value >> 10))) + hex(UInt16(0xDC00 + (value & 0x3FF)))
  }
}

extension JSONValue: CustomStringConvertible {
  /// The compact JSON text of the value.
  public var description: String { JSONPrinter().print(self) }
}
