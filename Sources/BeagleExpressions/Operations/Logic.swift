import BeagleJSON

/// `condition`, `not`, `and`, `or`: strict booleans, null on anything else.
enum Logic {
  /// Exactly 3 arguments, a boolean test and two values of the same kind.
  @Sendable static func condition(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 3, case .bool(let test) = arguments[0],
      Kinds.same(arguments[1], arguments[2])
    else { return .null }
    return .value(test ? arguments[1] : arguments[2])
  }

  @Sendable static func not(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 1, case .bool(let bool) = arguments[0] else { return .null }
    return .value(.bool(!bool))
  }

  @Sendable static func and(_ arguments: [JSONValue]) -> OperationOutcome {
    guard let bools = booleans(arguments) else { return .null }
    return .value(.bool(!bools.contains(false)))
  }

  @Sendable static func or(_ arguments: [JSONValue]) -> OperationOutcome {
    guard let bools = booleans(arguments) else { return .null }
    return .value(.bool(bools.contains(true)))
  }

  private static func booleans(_ arguments: [JSONValue]) -> [Bool]? {
    guard !arguments.isEmpty else { return nil }
    var bools: [Bool] = []
    for argument in arguments {
      guard case .bool(let bool) = argument else { return nil }
      bools.append(bool)
    }
    return bools
  }
}

/// iOS's "same case, ignoring associated values" test.
enum Kinds {
  static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
    kind(a) == kind(b)
  }

  private static func kind(_ value: JSONValue) -> Int {
    switch value {
    case .null: 0
    case .bool: 1
    case .int: 2
    case .double, .bigNumber: 3
    case .string: 4
    case .array: 5
    case .object: 6
    }
  }
}
