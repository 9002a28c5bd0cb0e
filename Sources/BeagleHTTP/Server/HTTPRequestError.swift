/// Why the server refused a request before any handler saw it, and the status it
/// answers with.
public enum HTTPRequestError: Error, Sendable, Equatable, CustomStringConvertible {
  case requestLineTooLong(limit: Int)
  case headersTooLarge(limit: Int)
  case tooManyHeaders(limit: Int)
  case malformedRequestLine
  case unsupportedVersion(String)
  case malformedHeader(line: Int)
  case missingHost
  case duplicateHost
  case invalidContentLength
  case bodyTooLarge(limit: Int)
  case transferEncodingUnsupported
  case timedOut(seconds: Double)
  case misdirected(host: String)

  /// The status the server answers with.
  public var status: Int {
    switch self {
    case .requestLineTooLong: 414
    case .headersTooLarge, .tooManyHeaders: 431
    case .malformedRequestLine, .malformedHeader, .missingHost, .duplicateHost,
      .invalidContentLength:
      400
    case .unsupportedVersion: 505
    case .bodyTooLarge: 413
    case .transferEncodingUnsupported: 501
    case .timedOut: 408
    case .misdirected: 421
    }
  }

  public var description: String {
    switch self {
    case .requestLineTooLong(let limit): "the request line is longer than \(limit) bytes"
    case .headersTooLarge(let limit): "the header fields are longer than \(limit) bytes"
    case .tooManyHeaders(let limit): "more than \(limit) header fields"
    case .malformedRequestLine: "malformed request line; expected 'METHOD /path HTTP/1.1'"
    case .unsupportedVersion(let version): "unsupported protocol '\(version)'; expected HTTP/1.1"
    case .malformedHeader(let line): "malformed header field on line \(line)"
    case .missingHost: "no Host header field"
    case .duplicateHost: "more than one Host header field"
    case .invalidContentLength: "invalid Content-Length"
    case .bodyTooLarge(let limit): "the body is larger than \(limit) bytes"
    case .transferEncodingUnsupported:
      "Transfer-Encoding is not supported; send a Content-Length"
    case .timedOut(let seconds): "the request was not received within \(seconds) seconds"
    case .misdirected(let host):
      "this server answers only requests for its own loopback address, not for '\(host)'"
    }
  }
}
