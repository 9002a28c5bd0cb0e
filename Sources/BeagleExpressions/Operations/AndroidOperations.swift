import BeagleJSON

/// The default operations whose Beagle Android 1.x results differ from iOS's (docs/spec.md §6.1
/// Android notes, §10.14), as `Android:operation/builtin/*` computes them. An exception
/// inside an Android operation (a missing argument read by position, a cast that fails,
/// a substring out of range) makes the whole binding null with the log "Error while
/// trying to evaluate binding." (`Android:utils/BindExtensions.kt`); here the operation
/// gives null, as iOS's refusals do. Android registers the same operations as iOS and
/// the others follow iOS's rules.
enum AndroidOperations {
  struct Definition: Sendable {
    var name: String
    var summary: String
    /// The fewest arguments Android takes where it differs from iOS (`and()` is false).
    var minimumArguments: Int? = nil
    var implementation: @Sendable ([JSONValue]) -> OperationOutcome
  }

  static let table: [Definition] = [
    Definition(
      name: "and", summary: "false if an argument is false or there is none",
      minimumArguments: 0, implementation: and),
    Definition(
      name: "or", summary: "true if an argument is true", minimumArguments: 0, implementation: or
    ),
    Definition(
      name: "concat", summary: "joins the arguments' texts, nulls skipped",
      minimumArguments: 0, implementation: concat),
    Definition(
      name: "capitalize", summary: "first character upper-cased, the rest kept",
      implementation: capitalize),
    Definition(
      name: "substr", summary: "Kotlin substring: length 0 gives \"\", out of range null",
      implementation: substr),
    Definition(
      name: "insert", summary: "inserts at an index in range (else unchanged), or appends",
      implementation: insert),
    Definition(
      name: "removeIndex", summary: "removes at an index (out of range: unchanged)",
      implementation: removeIndex),
    Definition(
      name: "isEmpty", summary: "whether a string, array or object is empty; others true",
      implementation: isEmpty),
    Definition(
      name: "length", summary: "UTF-16 units, elements or keys; others 0",
      minimumArguments: 0, implementation: length),
  ]

  /// `AndOperation.kt`: false as soon as an argument is `false`; otherwise true when
  /// there is any argument (`and()` is false, `and(null)` true).
  @Sendable static func and(_ arguments: [JSONValue]) -> OperationOutcome {
    if arguments.contains(.bool(false)) { return .value(.bool(false)) }
    return .value(.bool(!arguments.isEmpty))
  }

  /// `OrOperation.kt`: true when an argument is `true` (`or()` is false).
  @Sendable static func or(_ arguments: [JSONValue]) -> OperationOutcome {
    .value(.bool(arguments.contains(.bool(true))))
  }

  /// `ConcatOperation.kt`: every non-null argument's text appended (`concat()` is `""`).
  @Sendable static func concat(_ arguments: [JSONValue]) -> OperationOutcome {
    var result = ""
    for argument in arguments where !argument.isNull {
      // Kotlin's `toString()`: `NaN`, `Infinity` for the numbers that are not finite.
      if case .double(let double) = argument,
        let text = NonFiniteNumber.text(of: double, dialect: .android)
      {
        result += text
      } else {
        result += argument.interpolationText
      }
    }
    return .value(.string(result))
  }

  /// `CapitalizeOperation.kt`, Kotlin's `capitalize()`: the first character upper-cased,
  /// the rest as it is (`aaA` → `AaA`, `AAA` → `AAA`). A non-string gives null, as on iOS.
  @Sendable static func capitalize(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 1, case .string(let text) = arguments[0] else { return .null }
    guard let first = text.first else { return .value(.string(text)) }
    return .value(.string(String(first).uppercased() + text.dropFirst()))
  }

  /// `SubstrOperation.kt`: `length` defaults to the rest of the text; a length of 0 gives
  /// `""` wherever it starts; otherwise Kotlin's `substring(from..from+length-1)`, which
  /// throws (null here) unless `0 ≤ from` and `from + length ≤ count`, `length > 0`.
  /// Positions count UTF-16 units, as Kotlin strings do.
  @Sendable static func substr(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count >= 2, case .string(let text) = arguments[0],
      case .int(let from) = arguments[1]
    else { return .null }
    let units = Array(text.utf16)
    let length: Int
    if arguments.count >= 3 {
      guard case .int(let given) = arguments[2] else { return .null }
      length = given
    } else {
      let (rest, overflow) = units.count.subtractingReportingOverflow(from)
      if overflow { return .null }
      length = rest
    }
    if length == 0 { return .value(.string("")) }
    let (end, overflow) = from.addingReportingOverflow(length)
    guard !overflow, from >= 0, length > 0, end <= units.count else { return .null }
    return .value(.string(String(decoding: units[from..<end], as: UTF16.self)))
  }

  /// `InsertOperation.kt`: with a number index the element goes before the element at
  /// that index; an index outside `0..<count` leaves the array unchanged (so does any
  /// index into an empty array). Without an index, or with one that is not a number,
  /// it is appended. A double index is truncated (`toInt()`).
  @Sendable static func insert(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count >= 2, case .array(var array) = arguments[0] else { return .null }
    let index: Int? =
      switch arguments.count >= 3 ? arguments[2] : .null {
      case .int(let value): value
      case .double(let value) where value.isFinite && abs(value) < 1e15: Int(value)
      default: nil
      }
    guard let index else {
      array.append(arguments[1])
      return .value(.array(array))
    }
    if array.indices.contains(index) { array.insert(arguments[1], at: index) }
    return .value(.array(array))
  }

  /// `RemoveIndexOperation.kt`: `JSONArray.remove(index)` leaves the array unchanged
  /// for an index out of range; the index must be an int and is required.
  @Sendable static func removeIndex(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count >= 2, case .array(var array) = arguments[0],
      case .int(let index) = arguments[1]
    else { return .null }
    if array.indices.contains(index) { array.remove(at: index) }
    return .value(.array(array))
  }

  /// `IsEmptyOperation.kt`: strings, arrays and objects by their size; anything else,
  /// null included, is empty. Without an argument it throws (null here).
  @Sendable static func isEmpty(_ arguments: [JSONValue]) -> OperationOutcome {
    guard let value = arguments.first else { return .null }
    switch value {
    case .string(let string): return .value(.bool(string.isEmpty))
    case .array(let array): return .value(.bool(array.isEmpty))
    case .object(let object): return .value(.bool(object.isEmpty))
    default: return .value(.bool(true))
    }
  }

  /// `LengthOperation.kt`: a string's UTF-16 units, an array's elements, an object's
  /// keys; anything else, null or no argument included, is 0.
  @Sendable static func length(_ arguments: [JSONValue]) -> OperationOutcome {
    switch arguments.first ?? .null {
    case .string(let string): .value(.int(string.utf16.count))
    case .array(let array): .value(.int(array.count))
    case .object(let object): .value(.int(object.count))
    default: .value(.int(0))
    }
  }
}
