import BeagleJSON
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP exchange with `URLSession`, waited for synchronously: what
/// ``HTTPViewClient`` (screens) and ``HTTPRequestClient`` (`sendRequest`) share.
///
/// Sends the request's method, headers (in name order) and JSON body
/// (`Content-Type: application/json` unless a header says otherwise). Any HTTP
/// status is an answer; a connection failure or no answer within `timeout` seconds
/// is a ``NavigationError``. Only the status, the content type and the body of the
/// answer are kept: headers such as `Date` would make output differ between runs.
enum HTTPExchange {
  /// The URL of `text`, when it is an absolute http or https URL with a host.
  static func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else { return nil }
    return url
  }

  /// Sends `request` to `url` (`text` is how messages name it) and waits for the answer.
  static func perform(
    _ request: ScreenRequest, url: URL, text: String, timeout: Double
  ) -> Result<HTTPResponse, NavigationError> {
    // The semaphore below is the real bound. URLSession's own timers get a second
    // more: swift-corelibs-foundation truncates them to whole seconds, so 0.3 s
    // would fire at once.
    let sessionTimeout = timeout + 1
    var urlRequest = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: sessionTimeout)
    urlRequest.httpMethod = request.method.rawValue
    for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    if let body = request.body {
      urlRequest.httpBody = Data(JSONPrinter().print(body).utf8)
      if urlRequest.value(forHTTPHeaderField: "Content-Type") == nil {
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
      }
    }

    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = sessionTimeout
    configuration.timeoutIntervalForResource = sessionTimeout
    configuration.urlCache = nil
    let session = URLSession(configuration: configuration)
    defer { session.invalidateAndCancel() }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let task = session.dataTask(with: urlRequest) { data, response, error in
      outcome.store(data: data, response: response, error: error)
      done.signal()
    }
    task.resume()
    guard done.wait(timeout: .now() + timeout) == .success else {
      task.cancel()
      return .failure(.timedOut(url: text, seconds: timeout))
    }
    return outcome.result(url: text, timeout: timeout)
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

  /// Whether the status is 2xx, the range Beagle web (and beagle-run) count as success.
  public var isSuccess: Bool { (200...299).contains(status) }
}

/// The completion handler's answer, handed across threads under a lock.
private final class Outcome: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?
  private var response: URLResponse?
  private var error: (any Error)?

  func store(data: Data?, response: URLResponse?, error: (any Error)?) {
    lock.lock()
    defer { lock.unlock() }
    self.data = data
    self.response = response
    self.error = error
  }

  func result(url: String, timeout: Double) -> Result<HTTPResponse, NavigationError> {
    lock.lock()
    defer { lock.unlock() }
    if let error {
      let code = (error as? URLError)?.code
      if code == .timedOut { return .failure(.timedOut(url: url, seconds: timeout)) }
      return .failure(.connectionFailed(url: url, reason: Self.reason(code, error)))
    }
    guard let http = response as? HTTPURLResponse else {
      return .failure(.connectionFailed(url: url, reason: "the answer is not an http response"))
    }
    return .success(
      HTTPResponse(
        status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"),
        body: [UInt8](data ?? Data())))
  }

  private static func reason(_ code: URLError.Code?, _ error: any Error) -> String {
    switch code {
    case .cannotConnectToHost?: "connection refused"
    case .cannotFindHost?, .dnsLookupFailed?: "unknown host"
    case .networkConnectionLost?: "the connection was lost"
    case .notConnectedToInternet?: "no network"
    case .badServerResponse?, .cannotParseResponse?: "the server's answer is not valid http"
    case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
      .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?:
      "the secure connection failed"
    case let code?: "url error \(code.rawValue)"
    case nil: "\(error)"
    }
  }
}
