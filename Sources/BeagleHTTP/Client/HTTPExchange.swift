import Dispatch
import Foundation

/// One HTTP exchange: what the runtime's view client (screens) and request client
/// (`sendRequest`) share.
///
/// Sends the request's method, headers (in name order) and body (with the body's
/// content type unless a header gives one). Any HTTP
/// status is an answer; a connection failure, no answer within the timeout, a
/// body past the size limit or a spent budget is a ``HTTPError`` (see
/// ``HTTPLimits``). Only the status, the content type and the body of the answer are
/// kept: headers such as `Date` would make output differ between runs.
///
/// Plain `http:` is spoken over a socket by ``PlainHTTPConnection``; `https:` goes
/// through libcurl's easy API loaded at run time on Linux (``CurlTransfer``) and
/// through `URLSession` on Apple platforms (``SessionTransfer``). Waiting costs no
/// CPU in either of the Linux paths.
public enum HTTPExchange {
  /// The URL of `text`, when it is an absolute http or https URL with a host.
  public static func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else { return nil }
    return url
  }

  /// Starts sending `request` to `url` (`text` is how messages name it); the
  /// returned transfer runs in the background until waited for.
  public static func start(
    _ request: HTTPRequest, url: URL, text: String, limits: HTTPLimits
  ) -> HTTPTransfer {
    let transfer = HTTPTransfer(url: text, limits: limits)
    guard limits.budget.remaining > 0 else {
      transfer.finish(.failure(.budgetSpent(url: text, seconds: limits.budget.seconds)))
      return transfer
    }
    if url.scheme?.lowercased() == "http" {
      let connection = PlainHTTPConnection(
        request: request, url: url, text: text, limits: limits, transfer: transfer)
      Thread.detachNewThread { transfer.finish(connection.run()) }
    } else {
      #if canImport(Darwin)
        SessionTransfer.start(request, url: url, text: text, transfer: transfer)
      #elseif canImport(CCurlLoader)
        let curl = CurlTransfer(
          request: request, url: url, text: text, limits: limits, transfer: transfer)
        Thread.detachNewThread { transfer.finish(curl.run()) }
      #else
        // A build without the CCurlLoader module (Fuzz/build.sh compiles Sources with
        // swiftc alone): plain http works, https says why it does not.
        transfer.finish(
          .failure(
            .connectionFailed(
              url: text, reason: "https is not supported by this build (no libcurl loader)")))
      #endif
    }
    return transfer
  }

  /// Sends `request` to `url` and waits for the answer.
  public static func perform(
    _ request: HTTPRequest, url: URL, text: String, limits: HTTPLimits
  ) -> Result<HTTPResponse, HTTPError> {
    start(request, url: url, text: text, limits: limits).wait()
  }
}

/// An HTTP answer: its status, content type and body (other headers are dropped).
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  /// The `Content-Type` header, if the server sent one.
  public var contentType: String?
  /// The body exactly as received.
  public var body: [UInt8]

  public init(status: Int, contentType: String? = nil, body: [UInt8] = []) {
    self.status = status
    self.contentType = contentType
    self.body = body
  }

  /// Whether the status is 2xx, the range Beagle (and beagle-run) count as success.
  public var isSuccess: Bool { (200...299).contains(status) }
}
