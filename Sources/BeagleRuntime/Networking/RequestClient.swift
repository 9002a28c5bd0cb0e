import BeagleHTTP

/// Sends the requests of `beagle:sendRequest` (Beagle's `networkClient`).
///
/// Like ``ViewClient`` it is synchronous: the session sends the request when the
/// action runs and delivers the answer at the end of the step, after the actions
/// that follow the `sendRequest` (docs/spec.md §3.1). Any HTTP status is an answer (the
/// session decides between `onSuccess` and `onError`); only a request that got no
/// HTTP answer at all is a failure.
public protocol RequestClient: Sendable {
  /// Sends `request` (its URL already built) and waits for the answer.
  func send(_ request: ScreenRequest) -> Result<HTTPResponse, NavigationError>

  /// Starts sending `request`; the session waits for the answer at the end of the
  /// step, so the requests of one step run at once. The default sends with
  /// ``send(_:)`` at once.
  func start(_ request: ScreenRequest) -> RequestTransfer
}

extension RequestClient {
  public func start(_ request: ScreenRequest) -> RequestTransfer {
    RequestTransfer(finished: send(request))
  }
}
