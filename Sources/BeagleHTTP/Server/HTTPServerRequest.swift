/// One request the server read whole: its request line, header fields (in order,
/// names as sent) and body.
public struct HTTPServerRequest: Sendable, Equatable {
  /// One header field as sent.
  public struct Field: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// `GET`, `POST`, … (case-sensitive, as HTTP methods are).
  public var method: String
  /// The path of the request target (`/event`), still percent-encoded.
  public var path: String
  /// What follows `?` in the target, still percent-encoded; nil without a `?`.
  public var query: String?
  public var fields: [Field]
  public var body: [UInt8]

  public init(method: String, path: String, query: String?, fields: [Field], body: [UInt8]) {
    self.method = method
    self.path = path
    self.query = query
    self.fields = fields
    self.body = body
  }

  /// The value of the first field named `name` (compared case-insensitively).
  public func header(_ name: String) -> String? {
    let lowered = name.lowercased()
    return fields.first { $0.name.lowercased() == lowered }?.value
  }

  /// The query's `name=value` pairs, percent-decoded (`+` is a space, as forms send it).
  public var queryItems: [(name: String, value: String)] {
    guard let query else { return [] }
    return query.split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.decode(parts[0])
      return (name, parts.count > 1 ? Self.decode(parts[1]) : "")
    }
  }

  /// Percent-decodes `text`; an invalid escape stays as written.
  static func decode(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let high = hexValue(utf8[utf8.startIndex]),
        let low = hexValue(utf8[utf8.startIndex + 1])
      {
        bytes.append(high << 4 | low)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
