import BeagleJSON
import Foundation

/// `concat`, `capitalize`, `uppercase`, `lowercase`, `substr` with iOS rules; lengths and
/// positions count characters (extended grapheme clusters).
enum Strings {
  @Sendable static func concat(_ arguments: [JSONValue]) -> OperationOutcome {
    guard !arguments.isEmpty else { return .null }
    var result = ""
    for argument in arguments {
      guard case .string(let string) = argument else { return .null }
      result += string
    }
    return .value(.string(result))
  }

  private static func transform(
    _ arguments: [JSONValue], _ body: (String) -> String
  ) -> OperationOutcome {
    guard arguments.count == 1, case .string(let string) = arguments[0] else { return .null }
    return .value(.string(body(string)))
  }

  /// Foundation's `capitalized`: every word capitalised, the rest lower-cased.
  @Sendable static func capitalize(_ arguments: [JSONValue]) -> OperationOutcome {
    transform(arguments) { $0.capitalized }
  }

  @Sendable static func uppercase(_ arguments: [JSONValue]) -> OperationOutcome {
    transform(arguments) { $0.uppercased() }
  }

  @Sendable static func lowercase(_ arguments: [JSONValue]) -> OperationOutcome {
    transform(arguments) { $0.lowercased() }
  }

  /// `substr(text, from, length?)`: `0 ≤ from ≤ count − 1`, `from + length ≤ count`;
  /// exactly three arguments read the length, any other count reads to the end (as iOS).
  @Sendable static func substr(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count >= 2, case .string(let text) = arguments[0],
      case .int(let from) = arguments[1]
    else { return .null }
    let count = text.count
    guard from >= 0, from <= count - 1 else { return .null }
    let start = text.index(text.startIndex, offsetBy: from)
    guard arguments.count == 3 else { return .value(.string(String(text[start...]))) }
    guard case .int(let length) = arguments[2] else { return .null }
    let (end, overflow) = from.addingReportingOverflow(length)
    if overflow { return .crash(.integerOverflow) }
    guard end >= 0, end <= count else { return .null }
    guard length >= 0 else { return .crash(.negativeSubstringLength(length)) }
    return .value(.string(String(text[start..<text.index(start, offsetBy: length)])))
  }
}
