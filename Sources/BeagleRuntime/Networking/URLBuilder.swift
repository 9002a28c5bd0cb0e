/// Turns a route's URL into the URL to request, as Beagle iOS's `UrlBuilder` does
/// (docs/spec.md §8).
///
/// 1. A path is percent-encoded (UTF-8), keeping ASCII letters, digits and
///    `- . _ ~ : / ? # [ ] @ ! $ & ' ( ) * + , ; =`, unless percent-decoding it gives
///    another text (it holds valid escapes, so it is already encoded and used as is).
///    A path whose `%` do not all start an escape (`100%<e`) cannot be decoded, so it
///    is encoded (`100%25%3Ce`), as iOS's `shouldEncode` does.
/// 2. A path is relative iff it starts with `/`; any other path is used as is.
/// 3. A relative path is appended to the base URL minus one trailing `/`; with no
///    base URL it stays as it is.
/// 4. An empty path gives no URL; nor does a result that iOS's `URL(string:)` refuses
///    (an already-encoded path that still holds a space, `<`, a non-ASCII letter, …).
///
/// ```swift
/// URLBuilder(baseURL: "http://base.url/").build(path: "/user/Name Of User")
/// // "http://base.url/user/Name%20Of%20User"
/// URLBuilder(baseURL: "http://base.url").build(path: "absolutePath")  // "absolutePath"
/// ```
public struct URLBuilder: Sendable, Equatable {
  /// The base URL relative paths are joined to; nil when none is configured.
  public var baseURL: String?

  public init(baseURL: String? = nil) {
    self.baseURL = baseURL
  }

  /// The URL for `path`, or nil when `path` is empty or gives no valid URL.
  public func build(path: String) -> String? {
    guard case .success(let url) = url(for: path) else { return nil }
    return url
  }

  /// The URL for `path`, or why there is none: ``NavigationError/emptyURL``, or
  /// ``NavigationError/malformedURL(_:)`` when iOS's `URL(string:)` would refuse it.
  public func url(for path: String) -> Result<String, NavigationError> {
    guard !path.isEmpty else { return .failure(.emptyURL) }
    let isEncoded = Self.percentDecode(path).map { $0 != path } ?? false
    let encoded = isEncoded ? path : Self.percentEncode(path)
    var url = encoded
    if encoded.hasPrefix("/"), let baseURL {
      url = (baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL) + encoded
    }
    return Self.isWellFormed(url) ? .success(url) : .failure(.malformedURL(url))
  }

  /// `text` with its `%XX` escapes decoded, or nil when a `%` does not start an
  /// escape or the bytes are not UTF-8 (Foundation's `removingPercentEncoding`).
  static func percentDecode(_ text: String) -> String? {
    // Without a `%` there is nothing to decode: the text is its own decoding (most
    // paths; the loop below built a copy of it to find that out).
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var bytes: [UInt8] = []
    var input = text.utf8[...]
    while let byte = input.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = input.popFirst().flatMap(hexValue),
        let low = input.popFirst().flatMap(hexValue)
      else { return nil }
      bytes.append(high << 4 | low)
    }
    let decoded = String(decoding: bytes, as: UTF8.self)
    return Array(decoded.utf8) == bytes ? decoded : nil
  }

  /// Whether `url` holds only what a URL may hold unescaped (the characters the
  /// encoding keeps, `%XX` escapes, one `#`), as `URL(string:)` requires.
  static func isWellFormed(_ url: String) -> Bool {
    var input = url.utf8[...]
    var fragments = 0
    while let byte = input.popFirst() {
      if byte == UInt8(ascii: "%") {
        guard input.popFirst().flatMap(hexValue) != nil, input.popFirst().flatMap(hexValue) != nil
        else { return false }
      } else if byte == UInt8(ascii: "#") {
        fragments += 1
        if fragments > 1 { return false }
      } else if !isKept(byte) {
        return false
      }
    }
    return true
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Percent-encodes every UTF-8 byte outside the characters iOS keeps.
  static func percentEncode(_ text: String) -> String {
    // Bytes, then one String: appended as scalars and escapes as Strings, a path cost
    // a few hundred instructions a byte.
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isKept(byte) {
        output.append(byte)
      } else {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    // Only ASCII bytes were appended.
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether iOS's allowed set keeps `byte` unescaped: ASCII letters, digits and
  /// `- . _ ~ : / ? # [ ] @ ! $ & ' ( ) * + , ; =`.
  static func isKept(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    // `&'()*+,` are 0x26...0x2C, `-./` 0x2D...0x2F, `:;` 0x3A, 0x3B.
    case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&")...UInt8(ascii: "/"),
      UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "?"),
      UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "_"),
      UInt8(ascii: "~"), UInt8(ascii: "#"):
      true
    default:
      false
    }
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
