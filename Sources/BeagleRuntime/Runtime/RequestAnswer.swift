import BeagleJSON

/// The answer to a `sendRequest`: an HTTP status and body (from a server, a mock
/// or a `respond` step), or why there is none.
struct RequestAnswer: Sendable, Equatable {
  /// A body as it arrived.
  enum Body: Sendable, Equatable {
    case none
    /// A JSON value (mocks and `respond` steps).
    case json(JSONValue)
    /// Bytes to parse as JSON (HTTP, and mocks with a non-JSON `Content-Type`).
    case bytes([UInt8])
  }

  /// The HTTP status; nil when no HTTP answer came (``error`` says why).
  var status: Int?
  var body: Body
  /// Why the request failed: no HTTP answer, or a status outside 2xx.
  var error: NavigationError?
  /// Where it came from: `http`, `mock`, `respond`, or `unsent`.
  var origin: RequestRecord.Origin
  /// The answer's headers, in name order: a mock's, and `Content-Type` of an HTTP
  /// answer (the only header kept, so that output does not depend on a `Date`).
  var headers: JSONObject = JSONObject()

  /// An HTTP answer; a status outside 2xx is a failure that names the URL.
  init(
    status: Int, body: Body, url: String, origin: RequestRecord.Origin,
    headers: [String: String] = [:]
  ) {
    self.status = status
    self.body = body
    self.headers = JSONObject(
      headers.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
    self.error = (200...299).contains(status) ? nil : .httpStatus(status, url: url)
    self.origin = origin
  }

  /// No HTTP answer: the connection failed, or the request could not be sent.
  init(failure: NavigationError, origin: RequestRecord.Origin) {
    self.status = nil
    self.body = .none
    self.error = failure
    self.origin = origin
  }

  var isSuccess: Bool { error == nil }
}
