import BeagleJSON

/// The default operations whose web-core 2.1 results differ from iOS's (docs/spec.md §6.1 web
/// column, §10.14), as JavaScript computes them (`web:operation/number.ts`, `logic.ts`,
/// `string.ts`, `array.ts`, `other.ts`, `convert.ts`). Where JavaScript throws, the
/// whole expression fails on web; here the operation gives null. A missing argument is
/// JavaScript's `undefined`, which the argument count tells apart from null.
enum WebOperations {
  struct Definition: Sendable {
    var name: String
    var summary: String
    var implementation: @Sendable ([JSONValue]) -> OperationOutcome
  }

  static let table: [Definition] = [
    Definition(
      name: "sum", summary: "JavaScript + from 0 (a string concatenates)", implementation: sum),
    Definition(
      name: "subtract", summary: "JavaScript - (numbers coerced)", implementation: subtract),
    Definition(name: "multiply", summary: "JavaScript * from 1", implementation: multiply),
    Definition(
      name: "divide", summary: "JavaScript / (no integer division)", implementation: divide),
    Definition(name: "gt", summary: "JavaScript >", implementation: { relation($0, >) }),
    Definition(name: "gte", summary: "JavaScript >=", implementation: { relation($0, >=) }),
    Definition(name: "lt", summary: "JavaScript <", implementation: { relation($0, <) }),
    Definition(name: "lte", summary: "JavaScript <=", implementation: { relation($0, <=) }),
    Definition(name: "eq", summary: "lodash isEqual (1 equals 1.0)", implementation: eq),
    Definition(
      name: "condition", summary: "second if the first is truthy, else third",
      implementation: condition),
    Definition(name: "not", summary: "!x (truthiness)", implementation: not),
    Definition(name: "and", summary: "true unless an argument is false", implementation: and),
    Definition(name: "or", summary: "true if an argument is true", implementation: or),
    Definition(
      name: "concat", summary: "joins the arguments' texts (null is \"null\")",
      implementation: concat),
    Definition(
      name: "capitalize", summary: "first letter upper-cased, the rest lower-cased",
      implementation: capitalize),
    Definition(
      name: "substr", summary: "JavaScript substr (negative start from the end)",
      implementation: substr),
    Definition(
      name: "insert", summary: "splice at any index (negative from the end), or push",
      implementation: insert),
    Definition(
      name: "remove", summary: "removes every element deep-equal to a value", implementation: remove
    ),
    Definition(
      name: "removeIndex", summary: "splice at an index (out of range: unchanged), or pop",
      implementation: removeIndex),
    Definition(
      name: "contains", summary: "deep-equal search (strings by character)",
      implementation: contains),
    Definition(
      name: "union", summary: "spreads every argument (strings into characters)",
      implementation: union),
    Definition(name: "isNull", summary: "null or missing", implementation: isNull),
    Definition(
      name: "isEmpty", summary: "lodash isEmpty (null, numbers, booleans: true)",
      implementation: isEmpty),
    Definition(
      name: "length", summary: "UTF-16 units of a string, elements of an array",
      implementation: length),
    Definition(name: "string", summary: "x.toString()", implementation: string),
  ]

  // MARK: - Arithmetic

  /// `a + b` with JavaScript's rule: a string (or an array or object, through its
  /// text) on either side concatenates.
  private static func plus(_ a: JSONValue, _ b: JSONValue) -> JSONValue {
    func isText(_ value: JSONValue) -> Bool {
      switch value {
      case .string, .array, .object: true
      default: false
      }
    }
    if isText(a) || isText(b) { return .string(JavaScript.toText(a) + JavaScript.toText(b)) }
    return JavaScript.number(JavaScript.toNumber(a) + JavaScript.toNumber(b))
  }

  @Sendable static func sum(_ arguments: [JSONValue]) -> OperationOutcome {
    .value(arguments.reduce(JSONValue.int(0), plus))
  }

  /// Folds from a seed computed from the first argument, as web-core does
  /// (`subtract` from `2a`, `divide` from `a²`); no arguments give NaN.
  private static func fold(
    _ arguments: [JSONValue], seed: (Double) -> Double, _ step: (Double, Double) -> Double
  ) -> OperationOutcome {
    guard let first = arguments.first else { return .value(.double(.nan)) }
    let result = arguments.reduce(seed(JavaScript.toNumber(first))) {
      step($0, JavaScript.toNumber($1))
    }
    return .value(JavaScript.number(result))
  }

  @Sendable static func subtract(_ arguments: [JSONValue]) -> OperationOutcome {
    fold(arguments, seed: { $0 * 2 }, -)
  }

  @Sendable static func multiply(_ arguments: [JSONValue]) -> OperationOutcome {
    let product = arguments.reduce(1.0) { $0 * JavaScript.toNumber($1) }
    return .value(JavaScript.number(product))
  }

  /// `divide(a, b)` is `a² / a / b`, so `divide(0, b)` is NaN on web.
  @Sendable static func divide(_ arguments: [JSONValue]) -> OperationOutcome {
    fold(arguments, seed: { $0 * $0 }, /)
  }

  // MARK: - Comparison and logic

  /// A relational operator: two strings (arrays and objects through their text)
  /// compare by UTF-16 units, anything else as numbers (NaN: false).
  private static func relation(
    _ arguments: [JSONValue], _ holds: (Double, Double) -> Bool
  ) -> OperationOutcome {
    let a = arguments.first ?? .null
    let b = arguments.count > 1 ? arguments[1] : .null
    // undefined compares false with anything.
    guard arguments.count >= 2 else { return .value(.bool(false)) }
    func text(_ value: JSONValue) -> String? {
      switch value {
      case .string(let string): string
      case .array, .object: JavaScript.toText(value)
      default: nil
      }
    }
    if let left = text(a), let right = text(b) {
      // The order of the two texts, as -1, 0 or 1, compared with 0.
      let order: Double =
        left.utf16.lexicographicallyPrecedes(right.utf16)
        ? -1 : right.utf16.lexicographicallyPrecedes(left.utf16) ? 1 : 0
      return .value(.bool(holds(order, 0)))
    }
    return .value(.bool(holds(JavaScript.toNumber(a), JavaScript.toNumber(b))))
  }

  @Sendable static func eq(_ arguments: [JSONValue]) -> OperationOutcome {
    // A missing argument is undefined, which equals only undefined.
    guard arguments.count >= 2 else { return .value(.bool(arguments.isEmpty)) }
    return .value(.bool(JavaScript.isEqual(arguments[0], arguments[1])))
  }

  @Sendable static func condition(_ arguments: [JSONValue]) -> OperationOutcome {
    let test = arguments.first ?? .null
    let index = JavaScript.isTruthy(test) ? 1 : 2
    return .value(arguments.count > index ? arguments[index] : .null)
  }

  @Sendable static func not(_ arguments: [JSONValue]) -> OperationOutcome {
    .value(.bool(!JavaScript.isTruthy(arguments.first ?? .null)))
  }

  @Sendable static func and(_ arguments: [JSONValue]) -> OperationOutcome {
    .value(.bool(!arguments.contains(.bool(false))))
  }

  @Sendable static func or(_ arguments: [JSONValue]) -> OperationOutcome {
    .value(.bool(arguments.contains(.bool(true))))
  }

  // MARK: - Strings

  @Sendable static func concat(_ arguments: [JSONValue]) -> OperationOutcome {
    .value(.string(arguments.map(JavaScript.toText).joined()))
  }

  /// lodash `capitalize`: the first character upper-cased, the rest lower-cased;
  /// null and missing give `""`.
  @Sendable static func capitalize(_ arguments: [JSONValue]) -> OperationOutcome {
    let value = arguments.first ?? .null
    let text = value.isNull ? "" : JavaScript.toText(value)
    guard let first = text.first else { return .value(.string("")) }
    return .value(.string(String(first).uppercased() + text.dropFirst().lowercased()))
  }

  /// `ToIntegerOrInfinity` of a number: NaN is 0, fractions truncate.
  private static func integer(_ value: JSONValue) -> Double {
    let number = JavaScript.toNumber(value)
    return number.isNaN ? 0 : number.rounded(.towardZero)
  }

  /// A position as `splice` and `substr` read it: negative from the end, clamped to
  /// `0...count`.
  private static func position(_ value: JSONValue, count: Int) -> Int {
    let relative = integer(value)
    let clamped =
      relative < 0 ? max(Double(count) + relative, 0) : min(relative, Double(count))
    return Int(clamped)  // safe: clamped to 0...count
  }

  /// `text.substr(from, length)` over UTF-16 units; a non-string is an error (null).
  @Sendable static func substr(_ arguments: [JSONValue]) -> OperationOutcome {
    guard case .string(let text) = arguments.first else { return .null }
    let units = Array(text.utf16)
    let start = arguments.count > 1 ? position(arguments[1], count: units.count) : 0
    var length = units.count - start
    if arguments.count > 2 {
      length = Int(min(max(integer(arguments[2]), 0), Double(length)))  // safe: clamped
    }
    guard length > 0 else { return .value(.string("")) }
    return .value(.string(String(decoding: units[start..<start + length], as: UTF16.self)))
  }

  @Sendable static func string(_ arguments: [JSONValue]) -> OperationOutcome {
    guard let value = arguments.first, !value.isNull else { return .null }
    return .value(.string(JavaScript.toText(value)))
  }

  // MARK: - Arrays

  /// `[...value]`: an array's elements, a string's characters (code points); anything
  /// else is an error (nil).
  private static func spread(_ value: JSONValue?) -> [JSONValue]? {
    switch value {
    case .array(let elements): elements
    case .string(let string): string.unicodeScalars.map { .string(String($0)) }
    default: nil
    }
  }

  @Sendable static func insert(_ arguments: [JSONValue]) -> OperationOutcome {
    guard var array = spread(arguments.first) else { return .null }
    let element = arguments.count > 1 ? arguments[1] : .null
    if arguments.count > 2 {
      array.insert(element, at: position(arguments[2], count: array.count))
    } else {
      array.append(element)
    }
    return .value(.array(array))
  }

  @Sendable static func remove(_ arguments: [JSONValue]) -> OperationOutcome {
    guard var array = spread(arguments.first) else { return .null }
    let element = arguments.count > 1 ? arguments[1] : .null
    array.removeAll { JavaScript.isEqual($0, element) }
    return .value(.array(array))
  }

  @Sendable static func removeIndex(_ arguments: [JSONValue]) -> OperationOutcome {
    guard var array = spread(arguments.first) else { return .null }
    if arguments.count > 1 {
      let index = position(arguments[1], count: array.count)
      if index < array.count { array.remove(at: index) }
    } else if !array.isEmpty {
      array.removeLast()
    }
    return .value(.array(array))
  }

  /// lodash `find` over a collection: array elements, string characters, object
  /// values; anything else has none.
  @Sendable static func contains(_ arguments: [JSONValue]) -> OperationOutcome {
    let element = arguments.count > 1 ? arguments[1] : .null
    let items: [JSONValue]
    switch arguments.first {
    case .object(let object): items = object.values
    default: items = spread(arguments.first) ?? []
    }
    return .value(.bool(items.contains { JavaScript.isEqual($0, element) }))
  }

  @Sendable static func union(_ arguments: [JSONValue]) -> OperationOutcome {
    var result: [JSONValue] = []
    for argument in arguments {
      guard let elements = spread(argument) else { return .null }
      result += elements
    }
    return .value(.array(result))
  }

  // MARK: - Other

  @Sendable static func isNull(_ arguments: [JSONValue]) -> OperationOutcome {
    .value(.bool(arguments.first?.isNull ?? true))
  }

  @Sendable static func isEmpty(_ arguments: [JSONValue]) -> OperationOutcome {
    switch arguments.first {
    case .string(let string): .value(.bool(string.isEmpty))
    case .array(let array): .value(.bool(array.isEmpty))
    case .object(let object): .value(.bool(object.isEmpty))
    default: .value(.bool(true))
    }
  }

  /// `value.length`; an object's is undefined and null's an error, both null here.
  @Sendable static func length(_ arguments: [JSONValue]) -> OperationOutcome {
    switch arguments.first {
    case .string(let string): .value(.int(string.utf16.count))
    case .array(let array): .value(.int(array.count))
    default: .null
    }
  }
}
