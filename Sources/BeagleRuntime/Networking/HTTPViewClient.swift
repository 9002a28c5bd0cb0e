import BeagleHTTP
import BeagleJSON

/// Fetches screens from an HTTP BFF (see ``HTTPExchange``).
///
/// Sends the request's method, headers (in name order) and JSON body
/// (`Content-Type: application/json` unless a header says otherwise). A 2xx answer
/// returns its bytes and content type whatever they are (a non-JSON body is the
/// caller's to report); another status, a connection failure or no answer within
/// the timeout is a ``NavigationError`` (see ``HTTPLimits``). The call blocks for
/// at most the timeout; do not call it from a task that must not block.
public struct HTTPViewClient: ViewClient {
  /// Joined to request URLs that are paths (`/home`); absolute URLs are used as is.
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

  public func fetch(_ request: ScreenRequest) -> Result<FetchedScreen, NavigationError> {
    let text =
      request.url.hasPrefix("/")
      ? URLBuilder(baseURL: baseURL).build(path: request.url) ?? request.url : request.url
    guard let url = HTTPExchange.httpURL(text) else { return .failure(.invalidURL(text)) }
    switch HTTPExchange.perform(request.httpRequest, url: url, text: text, limits: limits) {
    case .failure(let error):
      return .failure(NavigationError(error))
    case .success(let response):
      guard response.isSuccess else { return .failure(.httpStatus(response.status, url: text)) }
      return .success(
        FetchedScreen(
          bytes: response.body, url: text, source: text, contentType: response.contentType,
          status: response.status))
    }
  }
}
