import BeagleJSON

/// What a layer other than an action reports: one closed enum per area, beside the
/// code that emits it, whose cases hold the data and produce the wording (as
/// ``DecodingError`` does for payloads and ``ActionMessage`` for actions).
public protocol DiagnosticMessage: Sendable, Equatable, CustomStringConvertible {
  var severity: Diagnostic.Severity { get }
  /// The stable id of the message's kind (``Diagnostic/rule``).
  var rule: String { get }
}

extension DiagnosticMessage {
  /// The message as a diagnostic about the value at `pointer`, at `offset` in `source`.
  public func diagnostic(
    at pointer: JSONPointer? = nil, offset: Int? = nil, source: String? = nil,
    notes: [String] = []
  ) -> Diagnostic {
    Diagnostic(
      severity, description, pointer: pointer, offset: offset, source: source, notes: notes,
      rule: rule)
  }
}
