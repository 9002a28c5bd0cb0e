import BeagleJSON

/// `gt`, `gte`, `lt`, `lte` (exactly two ints or two doubles) and `eq` (deep equality
/// where int and double differ).
enum Comparison {
  private static func compare(
    _ arguments: [JSONValue], ints: (Int, Int) -> Bool, doubles: (Double, Double) -> Bool
  ) -> OperationOutcome {
    guard arguments.count == 2 else { return .null }
    if case .int(let a) = arguments[0], case .int(let b) = arguments[1] {
      return .value(.bool(ints(a, b)))
    }
    if let a = Arithmetic.double(arguments[0]), let b = Arithmetic.double(arguments[1]) {
      return .value(.bool(doubles(a, b)))
    }
    return .null
  }

  @Sendable static func gt(_ arguments: [JSONValue]) -> OperationOutcome {
    compare(arguments, ints: >, doubles: >)
  }

  @Sendable static func gte(_ arguments: [JSONValue]) -> OperationOutcome {
    compare(arguments, ints: >=, doubles: >=)
  }

  @Sendable static func lt(_ arguments: [JSONValue]) -> OperationOutcome {
    compare(arguments, ints: <, doubles: <)
  }

  @Sendable static func lte(_ arguments: [JSONValue]) -> OperationOutcome {
    compare(arguments, ints: <=, doubles: <=)
  }

  @Sendable static func eq(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 2 else { return .null }
    return .value(.bool(arguments[0] == arguments[1]))
  }
}
