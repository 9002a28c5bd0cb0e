import BeagleJSON

/// JavaScript's coercion rules over JSON values, as web-core's operations meet them
/// (docs/spec.md §6.1, web column; §5.6 for text). JavaScript has one number type:
/// results are ints when integral and within ±2⁵³, doubles otherwise (NaN and ±Infinity
/// included).
enum JavaScript {
  /// A JavaScript number as a JSON value: integral values within ±2⁵³ as ints.
  static func number(_ double: Double) -> JSONValue {
    if double.isFinite, double.rounded(.towardZero) == double, abs(double) <= 9_007_199_254_740_992
    {
      // `-0` prints as `0` in JavaScript too.
      return .int(Int(double))  // safe: integral and within ±2⁵³
    }
    return .double(double)
  }

  /// `ToNumber`: null → 0, booleans 0/1, numeric strings (blank → 0), arrays through
  /// their text (`[]` → 0, `[5]` → 5), anything else NaN.
  static func toNumber(_ value: JSONValue) -> Double {
    switch value {
    case .null: return 0
    case .bool(let bool): return bool ? 1 : 0
    case .int(let int): return Double(int)
    case .double(let double): return double
    case .bigNumber(let text): return Double(text) ?? .nan
    case .string(let string): return numeric(string)
    case .array: return numeric(toText(value))
    case .object: return .nan
    }
  }

  /// A string as `Number(string)` reads it: trimmed, blank → 0, decimal or
  /// `Infinity`, else NaN.
  static func numeric(_ string: String) -> Double {
    let trimmed = string.trimmingJavaScriptSpace()
    if trimmed.isEmpty { return 0 }
    switch trimmed {
    case "Infinity", "+Infinity": return .infinity
    case "-Infinity": return -.infinity
    default: break
    }
    let allowed = trimmed.utf8.allSatisfy {
      Characters.isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e")
        || $0 == UInt8(ascii: "E") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
    }
    guard allowed, let double = Double(trimmed) else { return .nan }
    return double
  }

  /// `ToString` (`String(x)`): null `"null"`, numbers as ``text(of:)``, arrays joined
  /// with `,` (null elements empty), objects `[object Object]`.
  static func toText(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let bool): return bool ? "true" : "false"
    case .int(let int): return String(int)
    case .double(let double): return text(of: double)
    case .bigNumber(let text): return Double(text).map { Self.text(of: $0) } ?? text
    case .string(let string): return string
    case .array(let elements):
      return elements.map { $0.isNull ? "" : toText($0) }.joined(separator: ",")
    case .object: return "[object Object]"
    }
  }

  /// Truthiness: false, 0, NaN, `""` and null are falsy; everything else (`"false"`,
  /// `[]`, `{}`) is truthy.
  static func isTruthy(_ value: JSONValue) -> Bool {
    switch value {
    case .null: false
    case .bool(let bool): bool
    case .int(let int): int != 0
    case .double(let double): double != 0 && !double.isNaN
    case .bigNumber: true
    case .string(let string): !string.isEmpty
    case .array, .object: true
    }
  }

  /// lodash `isEqual`: deep equality where numbers compare by value (`1` equals `1.0`).
  static func isEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.int, _), (.double, _), (.bigNumber, _):
      guard isNumber(b) else { return false }
      let (x, y) = (toNumber(a), toNumber(b))
      return x == y || (x.isNaN && y.isNaN)
    case (.array(let left), .array(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { isEqual($0, $1) }
    case (.object(let left), .object(let right)):
      guard left.count == right.count else { return false }
      for (key, value) in left.members {
        guard let other = right[key], isEqual(value, other) else { return false }
      }
      return true
    default:
      return a == b
    }
  }

  static func isNumber(_ value: JSONValue) -> Bool {
    switch value {
    case .int, .double, .bigNumber: true
    default: false
    }
  }

  /// `Number.prototype.toString()`: shortest round-trip digits, no `.0` on integral
  /// values, exponent form from 1e21 and below 1e-6 (`1e+21`, `1e-7`).
  static func text(of double: Double) -> String {
    if double.isNaN { return "NaN" }
    if double.isInfinite { return double < 0 ? "-Infinity" : "Infinity" }
    if double == 0 { return "0" }
    let sign = double < 0 ? "-" : ""
    // Swift's description has the shortest round-trip digits; only the layout differs.
    let description = abs(double).description
    let parts = description.split(separator: "e", maxSplits: 1)
    let mantissa = parts.first.map(String.init) ?? description
    let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
    let point =
      mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
      ?? mantissa.count
    var digits = Array(mantissa.filter { $0 != "." })
    // Value = 0.digits × 10^n.
    var n = point + exponent
    while digits.first == "0" {
      digits.removeFirst()
      n -= 1
    }
    while digits.last == "0" { digits.removeLast() }
    let k = digits.count
    let text = String(digits)
    if k <= n, n <= 21 { return sign + text + String(repeating: "0", count: n - k) }
    if 0 < n, n <= 21 { return sign + String(digits[..<n]) + "." + String(digits[n...]) }
    if -6 < n, n <= 0 { return sign + "0." + String(repeating: "0", count: -n) + text }
    let e = n - 1
    let exponentText = (e < 0 ? "-" : "+") + String(abs(e))
    let head = k == 1 ? text : String(digits[0]) + "." + String(digits[1...])
    return sign + head + "e" + exponentText
  }

  /// The value inside an interpolated string on web (docs/spec.md §5.6): null `""`, numbers as
  /// JavaScript prints them, arrays and objects as compact JSON with JavaScript numbers.
  static func interpolationText(_ value: JSONValue) -> String {
    switch value {
    case .null: ""
    case .double, .bigNumber: toText(value)
    case .array, .object:
      JSONPrinter(escapesControlCharacters: false).print(normalizingNumbers(value))
    default: value.interpolationText
    }
  }

  /// `value` with integral doubles as ints, as `JSON.stringify` prints them.
  static func normalizingNumbers(_ value: JSONValue) -> JSONValue {
    switch value {
    case .double(let double): number(double)
    case .array(let elements): .array(elements.map(normalizingNumbers))
    case .object(let object):
      .object(JSONObject(object.members.map { ($0, normalizingNumbers($1)) }))
    default: value
    }
  }
}

extension String {
  /// The string without leading and trailing white space and line terminators.
  fileprivate func trimmingJavaScriptSpace() -> String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace && $0 != "\u{FEFF}" })
    else { return "" }
    let end = scalars.lastIndex { !$0.properties.isWhitespace && $0 != "\u{FEFF}" } ?? start
    return String(scalars[start...end])
  }
}
