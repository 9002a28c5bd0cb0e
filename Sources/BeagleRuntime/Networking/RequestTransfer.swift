import BeagleHTTP

/// A `sendRequest` under way: an HTTP exchange running in the background, or an
/// answer a client gave at once (a mock, a test double).
public struct RequestTransfer: Sendable {
  private enum Source: Sendable {
    case finished(Result<HTTPResponse, NavigationError>)
    case http(HTTPTransfer)
  }

  private let source: Source

  /// A transfer that already has its result.
  public init(finished result: Result<HTTPResponse, NavigationError>) {
    source = .finished(result)
  }

  /// A transfer that waits for `transfer`.
  public init(_ transfer: HTTPTransfer) {
    source = .http(transfer)
  }

  /// Waits for the answer (at once when it is already there).
  public func wait() -> Result<HTTPResponse, NavigationError> {
    switch source {
    case .finished(let result): result
    case .http(let transfer): transfer.wait().mapError(NavigationError.init)
    }
  }
}
