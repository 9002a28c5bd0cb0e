import BeagleJSON

/// A payload that is not JSON is an error, worded by the parser, located at the
/// offset where parsing stopped.
extension JSONSyntaxError: DiagnosticMessage {
  public var severity: Diagnostic.Severity { .error }
  /// Not ignorable: the input is not JSON (``RuleCatalog/unignorable``).
  public var rule: String { RuleCatalog.invalidJSON }

  /// The error as a diagnostic at its position in `source`.
  public func diagnostic(source: String) -> Diagnostic {
    diagnostic(offset: position.offset, source: source)
  }
}
