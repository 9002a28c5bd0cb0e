import BeagleHTTP

/// Sends `sendRequest`'s requests to an HTTP server (`--base-url`) through ``HTTPExchange``.
///
/// Method, headers (in name order) and the JSON body are sent as
/// ``HTTPViewClient`` sends them; ``send(_:)`` blocks for at most the timeout,
/// while ``start(_:)`` lets the requests of one step run at once.
/// A URL that is not an absolute http(s) URL, a refused connection or no answer in
/// time is a ``NavigationError`` (the request's `onError` then sees status 0).
public struct HTTPRequestClient: RequestClient {
  /// Joined to request URLs that are paths (`/login`); absolute URLs are used as is.
  public var baseURL: String?
  /// The timeout, body size limit and budget of the run's requests.
  public var limits: HTTPLimits

  public init(baseURL: String? = nil, limits: HTTPLimits = HTTPLimits()) {
    self.baseURL = baseURL
    self.limits = limits
  }

  /// A client whose requests time out after `timeout` seconds, with the default
  /// size limit and a budget of its own.
  public init(baseURL: String? = nil, timeout: Double) {
    self.init(baseURL: baseURL, limits: HTTPLimits(timeout: timeout))
  }

  public func send(_ request: ScreenRequest) -> Result<HTTPResponse, NavigationError> {
    start(request).wait()
  }

  /// Sends `request` in the background; the transfer's ``RequestTransfer/wait()`` gives
  /// the answer.
  public func start(_ request: ScreenRequest) -> RequestTransfer {
    let text =
      request.url.hasPrefix("/")
      ? URLBuilder(baseURL: baseURL).build(path: request.url) ?? request.url : request.url
    guard let url = HTTPExchange.httpURL(text) else {
      return RequestTransfer(finished: .failure(.invalidURL(text)))
    }
    return RequestTransfer(
      HTTPExchange.start(request.httpRequest, url: url, text: text, limits: limits))
  }
}
