/// Turns a route's URL into the URL to request, as Beagle iOS's `UrlBuilder` does (spec §8).
///
/// 1. A path without `%` is percent-encoded (UTF-8), keeping ASCII letters, digits
///    and `- . _ ~ : / ? # [ ] @ ! $ & ' ( ) * + , ; =`; a path with `%` is taken
///    as already encoded and used as is.
/// 2. A path is relative iff it starts with `/`; any other path is used as is.
/// 3. A relative path is appended to the base URL minus one trailing `/`; with no
///    base URL it stays as it is.
/// 4. An empty path gives no URL.
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

  /// The URL for `path`, or nil when `path` is empty.
  public func build(path: String) -> String? {
    guard !path.isEmpty else { return nil }
    let encoded = path.contains("%") ? path : Self.percentEncode(path)
    guard encoded.hasPrefix("/"), let baseURL else { return encoded }
    let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    return base + encoded
  }

  /// Percent-encodes every UTF-8 byte outside the characters iOS keeps.
  static func percentEncode(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isKept(byte) {
        output.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        output += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
      }
    }
    return output
  }

  private static let keptPunctuation = Set("-._~:/?#[]@!$&'()*+,;=".utf8)

  private static func isKept(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      keptPunctuation.contains(byte)
    }
  }

  private static func hexDigit(_ value: UInt8) -> String {
    String(Array("0123456789ABCDEF")[Int(value & 0x0F)])
  }
}
