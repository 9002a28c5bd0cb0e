/// A JSON value with Beagle's number model: integers and doubles stay distinct.
///
/// Objects keep their keys in source order (see ``JSONObject``), so a value prints
/// back the way it was written and output stays deterministic.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"a": [1, 2.5, "x"]}"#)
/// value["a"]?[1]  // .double(2.5)
/// ```
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// A number written without fraction or exponent that fits in `Int`.
  case int(Int)
  /// A number with a fraction or exponent, or an integer too large for `Int`
  /// whose text is kept in ``bigNumber(_:)`` instead.
  case double(Double)
  /// A number outside the range of `Int` and `Double` (or an integer beyond 64 bits),
  /// kept as its source text so that it prints back unchanged.
  case bigNumber(String)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

// MARK: - Accessors

extension JSONValue {
  /// The name of the value's JSON type, as diagnostics say it: `null`, `boolean`,
  /// `integer`, `number`, `string`, `array`, `object`.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .int: "integer"
    case .double, .bigNumber: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  public var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let bool) = self { return bool }
    return nil
  }

  public var intValue: Int? {
    if case .int(let int) = self { return int }
    return nil
  }

  /// The value as a `Double` when it is any kind of number.
  public var doubleValue: Double? {
    switch self {
    case .int(let int): Double(int)
    case .double(let double): double
    case .bigNumber(let text): Double(text)
    default: nil
    }
  }

  public var arrayValue: [JSONValue]? {
    if case .array(let array) = self { return array }
    return nil
  }

  public var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The member named `key` when the value is an object.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// The element at `index` when the value is an array and the index is in range.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let array) = self, array.indices.contains(index) else { return nil }
    return array[index]
  }
}

// MARK: - Expressions

extension String {
  /// Whether the string contains `@{`, the start of a Beagle expression (a byte
  /// scan; Foundation's `contains` is much slower on this hot path).
  public var containsExpressionMarker: Bool {
    let contiguous = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      var index = 0
      while index + 1 < bytes.count {
        if bytes[index] == UInt8(ascii: "@"), bytes[index + 1] == UInt8(ascii: "{") { return true }
        index += 1
      }
      return false
    }
    if let contiguous { return contiguous }
    var previousIsAt = false
    for byte in utf8 {
      if previousIsAt && byte == UInt8(ascii: "{") { return true }
      previousIsAt = byte == UInt8(ascii: "@")
    }
    return false
  }
}

// MARK: - Literals

// Not ExpressibleByNilLiteral: with `JSONValue?` everywhere, `nil` must always mean
// "absent", never silently become `.null`.
extension JSONValue: ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}
