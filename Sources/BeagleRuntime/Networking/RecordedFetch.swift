/// Why a screen is fetched.
public enum FetchPurpose: Sendable, Equatable {
  /// A navigation needs the screen now.
  case navigation
  /// A `shouldPrefetch` route is fetched ahead of time (docs/spec.md §3.4).
  case prefetch
}

/// A fetch and the request record the state's `requests` lists for it.
public struct RecordedFetch: Sendable, Equatable {
  public var result: Result<FetchedScreen, NavigationError>
  public var record: RequestRecord

  public init(result: Result<FetchedScreen, NavigationError>, record: RequestRecord) {
    self.result = result
    self.record = record
  }

  /// The record of `request` answered by `result`, sent for `origin`: the status
  /// of the answer, or of the error when the server answered with one.
  public init(
    _ request: ScreenRequest, result: Result<FetchedScreen, NavigationError>,
    origin: RequestRecord.Origin
  ) {
    switch result {
    case .success(let screen):
      record = RequestRecord(
        method: request.method, url: request.url, status: screen.status, origin: origin)
    case .failure(let error):
      var status: Int?
      if case .httpStatus(let code, _) = error { status = code }
      record = RequestRecord(
        method: request.method, url: request.url, status: status, origin: origin, error: error)
    }
    self.result = result
  }
}

extension ViewClient {
  /// Fetches with ``fetch(_:)``: a client without a cache sends every request.
  public mutating func fetch(_ request: ScreenRequest, purpose: FetchPurpose) -> RecordedFetch {
    RecordedFetch(
      request, result: fetch(request), origin: purpose == .prefetch ? .prefetch : .network)
  }

  /// Fetches one request after another (a client that answers at once: files, stubs).
  public mutating func fetchAll(
    _ requests: [ScreenRequest], purpose: FetchPurpose
  ) -> [RecordedFetch] {
    var answers: [RecordedFetch] = []
    answers.reserveCapacity(requests.count)
    for request in requests { answers.append(fetch(request, purpose: purpose)) }
    return answers
  }
}
