import BeagleJSON

/// What a default operation gives: a value (null when it refuses its input, as on iOS),
/// or null because iOS would crash on that input.
enum OperationOutcome: Sendable {
  case value(JSONValue)
  case crash(Crash)

  /// The inputs on which iOS crashes (docs/spec.md §6.2 Recommendation: null plus a diagnostic).
  enum Crash: Sendable {
    case divisionByZero
    case integerOverflow
    case negativeSubstringLength(Int)
    case removeIndexOnEmptyArray

    func error(operation: String, range: Range<Int>) -> ExpressionError {
      switch self {
      case .divisionByZero: .divisionByZero(operation: operation, range: range)
      case .integerOverflow: .integerOverflow(operation: operation, range: range)
      case .negativeSubstringLength(let length): .negativeSubstringLength(length, range: range)
      case .removeIndexOnEmptyArray: .removeIndexOnEmptyArray(range: range)
      }
    }
  }

  static let null = OperationOutcome.value(.null)
}
