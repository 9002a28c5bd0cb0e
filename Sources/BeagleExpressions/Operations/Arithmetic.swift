import BeagleJSON

/// `sum`, `subtract`, `multiply`, `divide` with iOS typing: at least one argument, all ints
/// (int result) or all doubles (double result); anything else, mixes included, is null.
enum Arithmetic {
  /// The value as a double when it is of iOS's double kind: a double, or a number too
  /// large for an int (iOS decodes those as doubles).
  static func double(_ value: JSONValue) -> Double? {
    switch value {
    case .double(let double): double
    case .bigNumber(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
    default: nil
    }
  }

  /// Folds all-int or all-double arguments left to right; null for no arguments, a mix
  /// or a non-number. `ints` returns nil for a division by zero.
  private static func fold(
    _ arguments: [JSONValue],
    ints: (Int, Int) -> (partialValue: Int, overflow: Bool)?,
    doubles: (Double, Double) -> Double
  ) -> OperationOutcome {
    guard let first = arguments.first else { return .null }
    if case .int(var result) = first {
      for argument in arguments.dropFirst() {
        guard case .int(let value) = argument else { return .null }
        guard let step = ints(result, value) else {
          // iOS checks every argument's type before dividing.
          return arguments.allSatisfy { if case .int = $0 { true } else { false } }
            ? .crash(.divisionByZero) : .null
        }
        if step.overflow {
          return arguments.allSatisfy { if case .int = $0 { true } else { false } }
            ? .crash(.integerOverflow) : .null
        }
        result = step.partialValue
      }
      return .value(.int(result))
    }
    guard var result = double(first) else { return .null }
    for argument in arguments.dropFirst() {
      guard let value = double(argument) else { return .null }
      result = doubles(result, value)
    }
    return .value(.double(result))
  }

  @Sendable static func sum(_ arguments: [JSONValue]) -> OperationOutcome {
    fold(arguments, ints: { $0.addingReportingOverflow($1) }, doubles: +)
  }

  @Sendable static func subtract(_ arguments: [JSONValue]) -> OperationOutcome {
    fold(arguments, ints: { $0.subtractingReportingOverflow($1) }, doubles: -)
  }

  @Sendable static func multiply(_ arguments: [JSONValue]) -> OperationOutcome {
    fold(arguments, ints: { $0.multipliedReportingOverflow(by: $1) }, doubles: *)
  }

  /// Ints use truncating division; dividing by zero is where iOS crashes.
  @Sendable static func divide(_ arguments: [JSONValue]) -> OperationOutcome {
    fold(
      arguments, ints: { $1 == 0 ? nil : $0.dividedReportingOverflow(by: $1) }, doubles: /)
  }
}
