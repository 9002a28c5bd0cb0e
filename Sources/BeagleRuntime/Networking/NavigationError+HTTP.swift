import BeagleHTTP
import BeagleJSON

extension NavigationError {
  /// The navigation error that says what `error` says, in beagle-run's words (the
  /// messages name the options that set each limit).
  public init(_ error: HTTPError) {
    switch error {
    case .invalidURL(let url): self = .invalidURL(url)
    case .connectionFailed(let url, let reason): self = .connectionFailed(url: url, reason: reason)
    case .timedOut(let url, let seconds): self = .timedOut(url: url, seconds: seconds)
    case .bodyTooLarge(let url, let limit): self = .bodyTooLarge(url: url, limit: limit)
    case .budgetSpent(let url, let seconds): self = .httpBudgetSpent(url: url, seconds: seconds)
    }
  }
}

extension ScreenRequest {
  /// What the HTTP client sends: the JSON body encoded, with `application/json` as its
  /// content type unless a header names another.
  var httpRequest: HTTPRequest {
    HTTPRequest(
      method: method, headers: headers,
      body: body.map {
        HTTPBody(bytes: Array(JSONPrinter().print($0).utf8), contentType: "application/json")
      })
  }
}
