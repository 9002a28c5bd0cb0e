import BeagleJSON

/// `sum`, `subtract`, `multiply`, `divide` with iOS typing: at least one argument, all ints
/// (int result) or all doubles (double result); anything else, mixes included, is null.
enum Arithmetic {
  /// The arguments as all ints or all doubles, or nil.
  enum Numbers {
    case ints([Int])
    case doubles([Double])

    init?(_ arguments: [JSONValue]) {
      guard let first = arguments.first else { return nil }
      if case .int = first {
        var ints: [Int] = []
        ints.reserveCapacity(arguments.count)
        for argument in arguments {
          guard case .int(let int) = argument else { return nil }
          ints.append(int)
        }
        self = .ints(ints)
      } else {
        var doubles: [Double] = []
        doubles.reserveCapacity(arguments.count)
        for argument in arguments {
          guard let double = Arithmetic.double(argument) else { return nil }
          doubles.append(double)
        }
        self = .doubles(doubles)
      }
    }
  }

  /// The value as a double when it is of iOS's double kind: a double, or a number too
  /// large for an int (iOS decodes those as doubles).
  static func double(_ value: JSONValue) -> Double? {
    switch value {
    case .double(let double): double
    case .bigNumber(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
    default: nil
    }
  }

  private static func fold(
    _ arguments: [JSONValue],
    ints: (Int, Int) -> (partialValue: Int, overflow: Bool)?,
    doubles: (Double, Double) -> Double
  ) -> BuiltinOutcome {
    switch Numbers(arguments) {
    case nil:
      return .null
    case .ints(let values):
      var result = values[0]  // safe: Numbers is never empty
      for value in values.dropFirst() {
        guard let step = ints(result, value) else { return .crash(.divisionByZero) }
        if step.overflow { return .crash(.integerOverflow) }
        result = step.partialValue
      }
      return .value(.int(result))
    case .doubles(let values):
      return .value(.double(values.dropFirst().reduce(values[0], doubles)))  // safe: never empty
    }
  }

  @Sendable static func sum(_ arguments: [JSONValue]) -> BuiltinOutcome {
    fold(arguments, ints: { $0.addingReportingOverflow($1) }, doubles: +)
  }

  @Sendable static func subtract(_ arguments: [JSONValue]) -> BuiltinOutcome {
    fold(arguments, ints: { $0.subtractingReportingOverflow($1) }, doubles: -)
  }

  @Sendable static func multiply(_ arguments: [JSONValue]) -> BuiltinOutcome {
    fold(arguments, ints: { $0.multipliedReportingOverflow(by: $1) }, doubles: *)
  }

  /// Ints use truncating division; dividing by zero is where iOS crashes.
  @Sendable static func divide(_ arguments: [JSONValue]) -> BuiltinOutcome {
    fold(
      arguments, ints: { $1 == 0 ? nil : $0.dividedReportingOverflow(by: $1) }, doubles: /)
  }
}
