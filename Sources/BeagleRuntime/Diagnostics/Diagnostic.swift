import BeagleJSON

/// A problem found in a payload, a manifest or during a run, with where it is.
///
/// Layers produce diagnostics from their own error enums (``DecodingError``, …);
/// the CLI renders them compiler-style with the file, line:column, the source
/// line and a caret, and a note with the JSON Pointer.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
  public enum Severity: String, Sendable, Equatable, Comparable {
    case note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      let order: [Severity] = [.note, .warning, .error]
      return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }
  }

  public var severity: Severity
  /// What is wrong, lowercase, user values in single quotes, no final period.
  public var message: String
  /// Where in the JSON value the problem is; nil when it is not about a value.
  public var pointer: JSONPointer?
  /// Byte offset in the source; nil when unknown.
  public var offset: Int?
  /// The file the offset refers to; nil for the run's main input.
  public var source: String?
  /// Further lines of explanation (`note: …`).
  public var notes: [String]
  /// The stable id of what is wrong (`unknown-field`, `dead-route`): shown as
  /// `[unknown-field]` and in JSON, and what `--ignore` and the manifest's `ignore`
  /// name. Set by the message type that made the diagnostic (``DiagnosticMessage``).
  public var rule: String?

  public init(
    _ severity: Severity, _ message: String, pointer: JSONPointer? = nil, offset: Int? = nil,
    source: String? = nil, notes: [String] = [], rule: String? = nil
  ) {
    self.severity = severity
    self.message = message
    self.pointer = pointer
    self.offset = offset
    self.source = source
    self.notes = notes
    self.rule = rule
  }

  /// Equal when they say the same thing about the same place. The rule is left out:
  /// it is derived from the message's kind (the same text always has the same rule),
  /// and tests of a rule compare ``rule`` itself.
  public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    lhs.severity == rhs.severity && lhs.message == rhs.message && lhs.pointer == rhs.pointer
      && lhs.offset == rhs.offset && lhs.source == rhs.source && lhs.notes == rhs.notes
  }

  /// `severity: message (at pointer)` without file positions, for logs.
  public var description: String {
    var text = "\(severity.rawValue): \(message)"
    if let pointer { text += " (at \(pointer.isRoot ? "/" : pointer.description))" }
    return text
  }
}

extension Array where Element == Diagnostic {
  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { contains { $0.severity == .error } }
}
