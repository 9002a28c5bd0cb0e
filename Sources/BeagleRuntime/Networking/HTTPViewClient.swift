import BeagleJSON
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches screens from an HTTP BFF with `URLSession`.
///
/// Sends the request's method, headers (in name order) and JSON body
/// (`Content-Type: application/json` unless a header says otherwise). A 2xx answer
/// returns its bytes and content type whatever they are (a non-JSON body is the
/// caller's to report); another status, a connection failure or no answer within
/// ``timeout`` is a ``NavigationError``. The call blocks for at most ``timeout``
/// seconds; do not call it from a task that must not block.
public struct HTTPViewClient: ViewClient {
  /// Joined to request URLs that are paths (`/home`); absolute URLs are used as is.
  public var baseURL: String?
  /// The longest wait for the whole exchange, in seconds.
  public var timeout: Double

  public init(baseURL: String? = nil, timeout: Double = 10) {
    self.baseURL = baseURL
    self.timeout = timeout
  }

  public func fetch(_ request: ScreenRequest) -> Result<FetchedScreen, NavigationError> {
    let text =
      request.url.hasPrefix("/")
      ? URLBuilder(baseURL: baseURL).build(path: request.url) ?? request.url : request.url
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else { return .failure(.invalidURL(text)) }

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

  func result(url: String, timeout: Double) -> Result<FetchedScreen, NavigationError> {
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
    guard (200...299).contains(http.statusCode) else {
      return .failure(.httpStatus(http.statusCode, url: url))
    }
    return .success(
      FetchedScreen(
        bytes: [UInt8](data ?? Data()), url: url, source: url,
        contentType: http.value(forHTTPHeaderField: "Content-Type"), status: http.statusCode))
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
