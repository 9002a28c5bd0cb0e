/// What the client sends: a method, header fields and an optional body.
///
/// The URL is given beside it (``HTTPExchange/start(_:url:text:limits:)``), so that
/// following a redirect changes only the target.
public struct HTTPRequest: Sendable, Equatable {
  public var method: HTTPMethod
  /// Header fields; sent in name order so requests are deterministic.
  public var headers: [String: String]
  /// The body, or nil for none (an empty body is still sent with its length).
  public var body: HTTPBody?

  public init(method: HTTPMethod = .get, headers: [String: String] = [:], body: HTTPBody? = nil) {
    self.method = method
    self.headers = headers
    self.body = body
  }

  /// Whether a header named `name` is given (names compare case-insensitively).
  func hasHeader(_ name: String) -> Bool {
    headers.keys.contains { $0.lowercased() == name }
  }

  /// The headers to send: the request's, plus the body's `Content-Type` when no
  /// header names one.
  var headersWithContentType: [String: String] {
    var headers = headers
    if let body, !hasHeader("content-type") { headers["Content-Type"] = body.contentType }
    return headers
  }
}

/// A request body: its bytes and the content type sent when the request's headers
/// name none.
public struct HTTPBody: Sendable, Equatable {
  public var bytes: [UInt8]
  public var contentType: String

  public init(bytes: [UInt8], contentType: String) {
    self.bytes = bytes
    self.contentType = contentType
  }
}
