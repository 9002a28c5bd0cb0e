import BeagleJSON

/// What an action reports while it runs: one closed enum per action family, beside the
/// code that emits it, whose cases hold the data and produce the wording (as
/// ``DecodingError`` does for payloads).
protocol ActionMessage: Sendable, Equatable, CustomStringConvertible {
  var severity: Diagnostic.Severity { get }
  /// The stable id of the message's kind (``Diagnostic/rule``).
  var rule: String { get }
}

extension ActionMessage {
  /// The message as a diagnostic about the value at `pointer`.
  func diagnostic(at pointer: JSONPointer? = nil) -> Diagnostic {
    Diagnostic(severity, description, pointer: pointer, rule: rule)
  }
}
