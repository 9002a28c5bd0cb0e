/// What the decoder reports about a ``DecodingError`` besides the error itself.
enum DecodingMessage: DiagnosticMessage {
  /// A problem web-core accepts (``DecodingError/isAcceptedByWeb``), only noted under
  /// the web profile.
  case acceptedByWeb(DecodingError)
  /// A problem only Android's decoding has (a tab icon iOS reads without it), under the
  /// android profile.
  case refusedByAndroid(DecodingError)
  /// A tab icon without `url` under the web profile: web-react draws `icon.url`.
  case tabIconWithoutURLOnWeb

  var severity: Diagnostic.Severity {
    switch self {
    case .acceptedByWeb, .tabIconWithoutURLOnWeb: .note
    case .refusedByAndroid: .error
    }
  }

  var description: String {
    switch self {
    case .acceptedByWeb(let error):
      error.description + ": web accepts it (web rule; iOS fails to decode the whole payload)"
    case .refusedByAndroid(let error):
      error.description
        + ": Android fails to decode the whole payload (android rule; iOS reads the icon"
        + " without it)"
    case .tabIconWithoutURLOnWeb:
      "tab icon without 'url': web shows no image for it (web rule; web draws 'url', iOS and"
        + " Android read 'mobileId')"
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
    case .refusedByAndroid: "decoding-refused-by-android"
    case .tabIconWithoutURLOnWeb: "tab-icon-without-url"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "decoding-accepted-by-web", "decoding-refused-by-android", "tab-icon-without-url",
  ]
}
