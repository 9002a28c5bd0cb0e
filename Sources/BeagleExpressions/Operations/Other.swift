import BeagleJSON

/// `isNull`, `isEmpty`, `length`.
enum Other {
  @Sendable static func isNull(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 1 else { return .null }
    return .value(.bool(arguments[0].isNull))
  }

  /// Strings, arrays and objects only; anything else is null.
  @Sendable static func isEmpty(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 1 else { return .null }
    switch arguments[0] {
    case .string(let string): return .value(.bool(string.isEmpty))
    case .array(let array): return .value(.bool(array.isEmpty))
    case .object(let object): return .value(.bool(object.isEmpty))
    default: return .null
    }
  }

  /// Characters of a string, elements of an array, keys of an object.
  @Sendable static func length(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 1 else { return .null }
    switch arguments[0] {
    case .string(let string): return .value(.int(string.count))
    case .array(let array): return .value(.int(array.count))
    case .object(let object): return .value(.int(object.count))
    default: return .null
    }
  }
}
