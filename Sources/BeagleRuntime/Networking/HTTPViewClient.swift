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
    Self.answer(of: start(request))
  }

  /// The most requests ``fetchAll(_:purpose:)`` has in flight: each is a thread and a
  /// socket, and a payload may hold thousands of prefetches.
  public static let maximumInFlight = 32

  /// Sends the requests at once (at most ``maximumInFlight`` at a time), then waits for
  /// each answer in order: each request's timeout counts from its start, so requests
  /// to a server that never answers fail after about one timeout per
  /// ``maximumInFlight`` of them (the run's budget bounds the whole wait).
  public func fetchAll(
    _ requests: [ScreenRequest], purpose: FetchPurpose
  ) -> [RecordedFetch] {
    let origin: RequestRecord.Origin = purpose == .prefetch ? .prefetch : .network
    var started: [Result<(HTTPTransfer, String), NavigationError>] = []
    started.reserveCapacity(requests.count)
    for request in requests.prefix(Self.maximumInFlight) { started.append(start(request)) }
    var answers: [RecordedFetch] = []
    answers.reserveCapacity(requests.count)
    for (index, request) in requests.enumerated() {
      answers.append(
        RecordedFetch(request, result: Self.answer(of: started[index]), origin: origin))
      // One answered (or given up): the next request may start.
      if started.count < requests.count { started.append(start(requests[started.count])) }
    }
    return answers
  }

  /// Starts sending `request`: the transfer and the URL as messages name it.
  private func start(
    _ request: ScreenRequest
  ) -> Result<(HTTPTransfer, String), NavigationError> {
    let text =
      request.url.hasPrefix("/")
      ? URLBuilder(baseURL: baseURL).build(path: request.url) ?? request.url : request.url
    guard let url = HTTPExchange.httpURL(text) else { return .failure(.invalidURL(text)) }
    return .success(
      (HTTPExchange.start(request.httpRequest, url: url, text: text, limits: limits), text))
  }

  /// Waits for a started request's answer: its screen, or why there is none.
  private static func answer(
    of started: Result<(HTTPTransfer, String), NavigationError>
  ) -> Result<FetchedScreen, NavigationError> {
    switch started {
    case .failure(let error): .failure(error)
    case .success(let (transfer, text)): screen(transfer.wait(), url: text)
    }
  }

  /// The screen of a 2xx answer; any other status or no answer is an error.
  private static func screen(
    _ answer: Result<HTTPResponse, HTTPError>, url text: String
  ) -> Result<FetchedScreen, NavigationError> {
    switch answer {
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
