/// Sends `sendRequest`'s requests to an HTTP server with `URLSession` (`--base-url`).
///
/// Method, headers (in name order) and the JSON body are sent as
/// ``HTTPViewClient`` sends them; the call blocks for at most ``timeout`` seconds.
/// A URL that is not an absolute http(s) URL, a refused connection or no answer in
/// time is a ``NavigationError`` (the request's `onError` then sees status 0).
public struct HTTPRequestClient: RequestClient {
  /// Joined to request URLs that are paths (`/login`); absolute URLs are used as is.
  public var baseURL: String?
  /// The longest wait for the whole exchange, in seconds.
  public var timeout: Double

  public init(baseURL: String? = nil, timeout: Double = 10) {
    self.baseURL = baseURL
    self.timeout = timeout
  }

  public func send(_ request: ScreenRequest) -> Result<HTTPResponse, NavigationError> {
    let text =
      request.url.hasPrefix("/")
      ? URLBuilder(baseURL: baseURL).build(path: request.url) ?? request.url : request.url
    guard let url = HTTPExchange.httpURL(text) else { return .failure(.invalidURL(text)) }
    return HTTPExchange.perform(request, url: url, text: text, timeout: timeout)
  }
}
