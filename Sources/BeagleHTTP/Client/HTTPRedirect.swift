import Foundation

/// How a request follows a redirect (RFC 9110 §15.4), the same for every transport:
/// a 303, or a 301/302 after a POST, continues as a GET without a body; and the
/// credentials it carries (`Authorization`, `Cookie`, `Proxy-Authorization`) are dropped
/// as soon as it leaves its origin — another scheme, host or port — as curl and
/// browsers do, so that a server cannot send them on to a host of its choosing.
package enum HTTPRedirect {
  /// The statuses that redirect.
  static let statuses: Set<Int> = [301, 302, 303, 307, 308]

  /// The headers that carry credentials (compared case-insensitively).
  package static let credentialHeaders: Set<String> = [
    "authorization", "cookie", "proxy-authorization",
  ]

  /// Whether `a` and `b` have the same origin: scheme, host (case-insensitively) and
  /// port, a missing port being the scheme's default.
  package static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
    guard let schemeA = a.scheme?.lowercased(), let schemeB = b.scheme?.lowercased(),
      schemeA == schemeB, let hostA = a.host?.lowercased(), let hostB = b.host?.lowercased(),
      hostA == hostB
    else { return false }
    return (a.port ?? defaultPort(schemeA)) == (b.port ?? defaultPort(schemeB))
  }

  private static func defaultPort(_ scheme: String) -> Int? {
    switch scheme {
    case "http": 80
    case "https": 443
    default: nil
    }
  }

  /// `request` as sent to `next` after `current` answered `status`.
  package static func follow(
    _ request: HTTPRequest, status: Int, from current: URL, to next: URL
  ) -> HTTPRequest {
    var request = request
    if status == 303 || (status <= 302 && request.method == .post) {
      request.method = .get
      request.body = nil
    }
    if !isSameOrigin(current, next) {
      request.headers = request.headers.filter {
        !credentialHeaders.contains($0.key.lowercased())
      }
    }
    return request
  }
}
