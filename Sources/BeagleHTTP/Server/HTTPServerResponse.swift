/// What the server sends back: a status, header fields and a body. The server adds
/// `Content-Length` and `Connection: close` (one request per connection).
public struct HTTPServerResponse: Sendable, Equatable {
  public var status: Int
  public var fields: [HTTPServerRequest.Field]
  public var body: [UInt8]

  public init(status: Int, fields: [HTTPServerRequest.Field] = [], body: [UInt8] = []) {
    self.status = status
    self.fields = fields
    self.body = body
  }

  /// A plain-text response (`text/plain; charset=utf-8`), the text followed by a newline.
  public static func text(_ status: Int, _ text: String) -> HTTPServerResponse {
    HTTPServerResponse(
      status: status,
      fields: [
        .init(name: "Content-Type", value: "text/plain; charset=utf-8"),
        .init(name: "X-Content-Type-Options", value: "nosniff"),
      ],
      body: Array((text + "\n").utf8))
  }

  /// The response as bytes on the wire. Field names or values holding a line break
  /// are left out (a handler cannot split the response).
  public var bytes: [UInt8] {
    var head = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
    for field in fields {
      let lowered = field.name.lowercased()
      guard lowered != "content-length", lowered != "connection",
        lowered != "transfer-encoding",
        !(field.name + field.value).utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 })
      else { continue }
      head += "\(field.name): \(field.value)\r\n"
    }
    head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    return Array(head.utf8) + body
  }

  /// The reason phrase of the statuses the server and the preview send.
  static func reason(for status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 204: "No Content"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 415: "Unsupported Media Type"
    case 421: "Misdirected Request"
    case 422: "Unprocessable Content"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: "Status \(status)"
    }
  }
}
