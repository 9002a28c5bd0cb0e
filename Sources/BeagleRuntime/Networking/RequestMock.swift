import BeagleHTTP
import BeagleJSON

/// A canned answer for `sendRequest`s: the requests it answers (method and URL
/// pattern) and the answer (status, headers, body), delivered after `delay`.
///
/// ```json
/// {"method": "POST", "url": "/login", "status": 200, "body": {"name": "Ana"}}
/// {"url": "/users/:id", "status": 404, "body": {"error": "no such user"}, "delay": 300}
/// {"url": "/terms", "headers": {"Content-Type": "text/html"}, "body": "<p>Terms</p>"}
/// ```
public struct RequestMock: Sendable, Equatable {
  /// The method it answers; nil answers every method.
  public var method: HTTPMethod?
  public var url: URLPattern
  /// The HTTP status of the answer, 200 unless given.
  public var status: Int
  /// The answer's headers. Only `Content-Type` changes anything: when it is given
  /// and is not JSON, a string `body` is sent as that text instead of as JSON.
  public var headers: [String: String]
  /// The answer's body; nil for none.
  public var body: JSONValue?
  /// Milliseconds between the request and its answer, in the step's virtual time:
  /// it only orders the answers of one step (see ``Session``).
  public var delay: Int

  public init(
    method: HTTPMethod? = nil, url: URLPattern, status: Int = 200,
    headers: [String: String] = [:], body: JSONValue? = nil, delay: Int = 0
  ) {
    self.method = method
    self.url = url
    self.status = status
    self.headers = headers
    self.body = body
    self.delay = delay
  }

  /// Whether the mock answers a request.
  public func matches(method: HTTPMethod, written: String, built: String) -> Bool {
    (self.method == nil || self.method == method) && url.matches(written: written, built: built)
  }

  /// The `Content-Type` header, whatever the case of its name.
  public var contentType: String? {
    headers.first { $0.key.lowercased() == "content-type" }?.value
  }

  /// The body as the request receives it: JSON, or the text of a string body whose
  /// `Content-Type` is not JSON.
  var answerBody: RequestAnswer.Body {
    guard let body else { return .none }
    if case .string(let text) = body, let type = contentType, !Self.isJSON(type) {
      return .bytes(Array(text.utf8))
    }
    return .json(body)
  }

  /// `application/json`, `application/problem+json`, `text/json; charset=utf-8`, …
  static func isJSON(_ contentType: String) -> Bool {
    let type = contentType.split(separator: ";").first.map(String.init) ?? ""
    let media = type.trimmingSpaces().lowercased()
    return media.hasSuffix("/json") || media.hasSuffix("+json")
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    var text = Substring(self)
    while text.first == " " || text.first == "\t" { text = text.dropFirst() }
    while text.last == " " || text.last == "\t" { text = text.dropLast() }
    return String(text)
  }
}
