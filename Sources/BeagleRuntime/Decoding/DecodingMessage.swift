/// What the decoder reports about a ``DecodingError`` besides the error itself.
enum DecodingMessage: DiagnosticMessage {
  /// A problem web-core accepts (``DecodingError/isAcceptedByWeb``), only noted under
  /// the web profile.
  case acceptedByWeb(DecodingError)

  var severity: Diagnostic.Severity { .note }

  var description: String {
    switch self {
    case .acceptedByWeb(let error):
      error.description + ": web accepts it (web rule; iOS fails to decode the whole payload)"
    }
  }
}

extension DecodingError: DiagnosticMessage {}

extension DecodingMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .acceptedByWeb: "decoding-accepted-by-web"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "decoding-accepted-by-web"
  ]
}
