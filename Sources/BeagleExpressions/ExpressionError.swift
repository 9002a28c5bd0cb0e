import BeagleJSON

/// Everything that can go wrong with an expression: parsing it, checking it against the
/// operation library, evaluating it, or parsing a context path.
///
/// Every case carries `range`, the UTF-8 byte offsets inside the source string the error
/// refers to (the expression text, the template string, the context path or the operation
/// name), so that a caller can map it to a file's line and column. An error about a value
/// built in Swift rather than parsed has the empty range `0..<0`.
///
/// Evaluation never throws: the evaluation cases (``unknownOperation(_:suggestion:range:)``,
/// ``divisionByZero(operation:range:)``, …) are reported as diagnostics by
/// ``Evaluator/explain(_:in:sourceMap:)`` while the value itself is null, as on iOS.
public enum ExpressionError: Error, Equatable, Sendable {
  // MARK: Syntax

  /// A character other than the ones the grammar allows at that point.
  case unexpectedCharacter(String, expected: String, range: Range<Int>)
  /// The text ended where the grammar needs more.
  case unexpectedEnd(expected: String, range: Range<Int>)
  /// Whitespace somewhere other than around a `,` between arguments.
  case misplacedWhitespace(range: Range<Int>)
  /// `@{}` or an empty expression text.
  case emptyExpression(range: Range<Int>)
  /// `@{` without its closing `}`.
  case unterminatedExpression(range: Range<Int>)
  /// A quoted string without its closing `'`.
  case unterminatedString(range: Range<Int>)
  /// A word that starts with `true`, `false` or `null`, which iOS reads as that literal.
  case literalPrefix(word: String, literal: String, range: Range<Int>)
  /// A number followed by word characters, such as `-5a`.
  case invalidNumber(String, range: Range<Int>)
  /// An integer that does not fit in 64 bits.
  case integerOutOfRange(String, range: Range<Int>)
  /// An operation name without a letter or `_`, or with characters other than word characters.
  case invalidOperationName(String, range: Range<Int>)
  /// `x.y(1)`: only a bare name can be called.
  case callOnPath(String, range: Range<Int>)
  /// `@0` outside the body of a custom operation.
  case argumentOutsideOperationBody(String, range: Range<Int>)
  /// Operation calls nested more than 256 levels deep.
  case nestingTooDeep(limit: Int, range: Range<Int>)

  // MARK: Context paths

  /// The empty string given as a context path.
  case emptyPath(range: Range<Int>)
  /// A negative index in a context path.
  case negativeIndex(Int, range: Range<Int>)
  /// An index beyond ``ContextPath/maximumIndex`` in a context path.
  case indexTooLarge(Int, limit: Int, range: Range<Int>)
  /// A context path with more than ``ContextPath/maximumSteps`` steps.
  case pathTooLong(limit: Int, range: Range<Int>)

  // MARK: Operations (checking and evaluation)

  /// An operation name the library does not know, with the closest known name if any.
  case unknownOperation(String, suggestion: String?, range: Range<Int>)
  /// A call whose argument count is outside the operation's signature.
  case wrongArgumentCount(
    operation: String, minimum: Int, maximum: Int?, found: Int, range: Range<Int>)
  /// An operation that exists only in Beagle 2.x (web), such as `int`.
  case beagle2Operation(String, range: Range<Int>)
  /// Integer division by zero (iOS crashes; the result is null).
  case divisionByZero(operation: String, range: Range<Int>)
  /// Integer arithmetic overflow (iOS crashes; the result is null).
  case integerOverflow(operation: String, range: Range<Int>)
  /// `substr` with a negative length (iOS crashes; the result is null).
  case negativeSubstringLength(Int, range: Range<Int>)
  /// `removeIndex` without an index on an empty array (iOS crashes; the result is null).
  case removeIndexOnEmptyArray(range: Range<Int>)
  /// Evaluation nested deeper than ``Evaluator/maximumDepth``, usually custom operations
  /// calling each other; the result is null.
  case evaluationTooDeep(operation: String, limit: Int, range: Range<Int>)
  /// Evaluation making more than ``Evaluator/maximumCalls`` operation calls, usually a
  /// custom operation calling itself more than once; the result is null.
  case evaluationTooLong(operation: String, limit: Int, range: Range<Int>)
  /// An operation (nil: an interpolated string) whose result would exceed the
  /// evaluator's ``ValueLimits``; the result is null.
  case valueLimitExceeded(operation: String?, ValueLimitViolation, range: Range<Int>)
  /// Text inside `@{…}` that web-core cannot read (``Expression/unparsable(text:reason:)``):
  /// web logs a warning and the value is null (docs/spec.md §5.3, §5.7).
  case unreadableOnWeb(String, reason: String, range: Range<Int>)
}

// MARK: - Range

extension ExpressionError {
  /// The UTF-8 byte range inside the source string that the error refers to.
  public var range: Range<Int> {
    switch self {
    case .unexpectedCharacter(_, _, let range), .unexpectedEnd(_, let range),
      .misplacedWhitespace(let range), .emptyExpression(let range),
      .unterminatedExpression(let range), .unterminatedString(let range),
      .literalPrefix(_, _, let range), .invalidNumber(_, let range),
      .integerOutOfRange(_, let range), .invalidOperationName(_, let range),
      .callOnPath(_, let range), .argumentOutsideOperationBody(_, let range),
      .nestingTooDeep(_, let range), .emptyPath(let range), .negativeIndex(_, let range),
      .indexTooLarge(_, _, let range), .pathTooLong(_, let range),
      .unknownOperation(_, _, let range), .wrongArgumentCount(_, _, _, _, let range),
      .beagle2Operation(_, let range), .divisionByZero(_, let range),
      .integerOverflow(_, let range), .negativeSubstringLength(_, let range),
      .removeIndexOnEmptyArray(let range), .evaluationTooDeep(_, _, let range),
      .evaluationTooLong(_, _, let range), .valueLimitExceeded(_, _, let range),
      .unreadableOnWeb(_, _, let range):
      return range
    }
  }
}

// MARK: - Description

extension ExpressionError: CustomStringConvertible {
  /// The message, compiler style: lowercase, no final period, user values in single quotes.
  public var description: String {
    switch self {
    case .unexpectedCharacter(let found, let expected, _):
      "expected \(expected) but found '\(found)'"
    case .unexpectedEnd(let expected, _):
      "expected \(expected) but found the end of the expression"
    case .misplacedWhitespace:
      "whitespace is only allowed around ',' between arguments"
    case .emptyExpression:
      "empty expression"
    case .unterminatedExpression:
      "unterminated expression; missing '}'"
    case .unterminatedString:
      "unterminated string literal; missing the closing quote"
    case .literalPrefix(let word, let literal, _):
      "'\(word)' starts with the literal '\(literal)'; iOS cannot read a name that starts "
        + "with 'true', 'false' or 'null'"
    case .invalidNumber(let text, _):
      "invalid number '\(text)'"
    case .integerOutOfRange(let text, _):
      "integer '\(text)' does not fit in 64 bits"
    case .invalidOperationName(let name, _):
      "invalid operation name '\(name)'; a name is made of word characters with at least "
        + "one letter or '_'"
    case .callOnPath(let path, _):
      "cannot call '\(path)'; only a bare operation name can be called"
    case .argumentOutsideOperationBody(let text, _):
      "positional argument '\(text)' is only allowed in the body of a custom operation"
    case .nestingTooDeep(let limit, _):
      "operation calls are nested more than \(limit) levels deep"
    case .emptyPath:
      "empty context path"
    case .negativeIndex(let index, _):
      "negative index \(index) in a context path"
    case .indexTooLarge(let index, let limit, _):
      "index \(index) is larger than the limit of \(limit)"
    case .pathTooLong(let limit, _):
      "context path has more than \(limit) steps"
    case .unknownOperation(let name, let suggestion, _):
      if let suggestion {
        "unknown operation '\(name)'; did you mean '\(suggestion)'?"
      } else {
        "unknown operation '\(name)'"
      }
    case .wrongArgumentCount(let name, let minimum, let maximum, let found, _):
      "operation '\(name)' takes \(Self.arity(minimum: minimum, maximum: maximum)) but got \(found)"
    case .beagle2Operation(let name, _):
      "operation '\(name)' exists only in Beagle 2.x (web); iOS 1.x returns null;"
        + " beagle-run gives the 2.x result"
    case .divisionByZero(let name, _):
      "integer division by zero in '\(name)'; iOS crashes here, the result is null"
    case .integerOverflow(let name, _):
      "integer overflow in '\(name)'; iOS crashes here, the result is null"
    case .negativeSubstringLength(let length, _):
      "negative length \(length) in 'substr'; iOS crashes here, the result is null"
    case .removeIndexOnEmptyArray:
      "'removeIndex' without an index on an empty array; iOS crashes here, the result is null"
    case .evaluationTooDeep(let name, let limit, _):
      "evaluation of '\(name)' is nested more than \(limit) levels deep "
        + "(custom operations calling each other?); the result is null"
    case .evaluationTooLong(let name, let limit, _):
      "evaluation of '\(name)' makes more than \(limit) operation calls "
        + "(a custom operation calling itself more than once?); the result is null"
    case .valueLimitExceeded(let name, let violation, _):
      "\(name.map { "'\($0)'" } ?? "the interpolated string") would give a value "
        + "\(violation) (\(setting: violation.setting)); the result is null"
    case .unreadableOnWeb(let text, let reason, _):
      "web cannot read '\(text)' (\(reason)); web logs a warning and the value is null"
    }
  }

  /// `1 argument`, `2 or 3 arguments`, `at least 1 argument`, `no arguments`.
  static func arity(minimum: Int, maximum: Int?) -> String {
    func count(_ n: Int) -> String { n == 1 ? "1 argument" : "\(n) arguments" }
    guard let maximum else { return "at least " + count(minimum) }
    if minimum == maximum { return minimum == 0 ? "no arguments" : count(minimum) }
    if maximum == minimum + 1 { return "\(minimum) or " + count(maximum) }
    return "\(minimum) to " + count(maximum)
  }
}

extension ExpressionError {
  /// The message for a caller that refuses the whole value rather than keeping the null
  /// the evaluation gave: ``description`` without "the result is null".
  public var refusal: String {
    if case .evaluationTooLong(let name, let limit, _) = self {
      return "evaluation of '\(name)' makes more than \(limit) operation calls "
        + "(a custom operation calling itself more than once?)"
    }
    guard case .valueLimitExceeded(let name, let violation, _) = self else { return description }
    return "\(name.map { "'\($0)'" } ?? "the interpolated string") would give a value "
      + "\(violation) (\(setting: violation.setting))"
  }
}

extension ValueLimitViolation {
  /// The setting of the limit.
  public var setting: Setting {
    switch self {
    case .tooLarge: .maximumValueBytes
    case .tooDeep: .maximumDepth
    }
  }
}
