import BeagleHTTP
import BeagleJSON

/// A view client that keeps every screen it fetched for the rest of the run and
/// records each request, for the state's `requests` list.
///
/// Screens are keyed by method and built URL (the body is not part of the key).
/// ``prefetch(_:)`` fetches ahead of time (a `shouldPrefetch` route); a later
/// ``fetch(_:)`` of the same key is served from the cache. Failures are not cached.
public struct CachingViewClient<Base: ViewClient>: ViewClient {
  /// The client that does the fetching.
  public private(set) var base: Base
  /// Every request, in order, with where its answer came from.
  public private(set) var records: [RequestRecord]
  private var cache: [Key: FetchedScreen]

  private struct Key: Hashable, Sendable {
    var method: HTTPMethod
    var url: String
  }

  public init(_ base: Base) {
    self.base = base
    self.records = []
    self.cache = [:]
  }

  /// Fetches through the cache: a cached screen is returned without a request.
  public mutating func fetch(_ request: ScreenRequest) -> Result<FetchedScreen, NavigationError> {
    load(request, origin: .network).result
  }

  /// Fetches `request` into the cache ahead of navigation (nothing is sent when it
  /// is already cached).
  @discardableResult
  public mutating func prefetch(_ request: ScreenRequest) -> Result<FetchedScreen, NavigationError>
  {
    load(request, origin: .prefetch).result
  }

  /// Fetches through the cache for `purpose`; the record says `cache` when the
  /// screen was already fetched or prefetched.
  public mutating func fetch(_ request: ScreenRequest, purpose: FetchPurpose) -> RecordedFetch {
    load(request, origin: purpose == .prefetch ? .prefetch : .network)
  }

  /// Fetches through the cache, the requests not cached all at once through the base
  /// client's ``ViewClient/fetchAll(_:purpose:)``; answers and records in the
  /// requests' order. A request repeated in `requests` is sent once: when its answer
  /// is a screen, the repeat is served from the cache, as a later fetch would be; a
  /// failure is not cached, so the repeat fails the same way.
  public mutating func fetchAll(
    _ requests: [ScreenRequest], purpose: FetchPurpose
  ) -> [RecordedFetch] {
    let origin: RequestRecord.Origin = purpose == .prefetch ? .prefetch : .network
    var toSend: [ScreenRequest] = []
    var sentKeys: Set<Key> = []
    for request in requests {
      let key = Key(method: request.method, url: request.url)
      if cache[key] == nil, sentKeys.insert(key).inserted { toSend.append(request) }
    }
    var fresh: [Key: Result<FetchedScreen, NavigationError>] = [:]
    for (request, answer) in zip(toSend, base.fetchAll(toSend, purpose: purpose)) {
      fresh[Key(method: request.method, url: request.url)] = answer.result
    }
    var answers: [RecordedFetch] = []
    for request in requests {
      let key = Key(method: request.method, url: request.url)
      let answer: RecordedFetch
      if let cached = cache[key] {
        answer = RecordedFetch(request, result: .success(cached), origin: .cache)
      } else if let result = fresh[key] {
        answer = RecordedFetch(request, result: result, origin: origin)
        if case .success(let screen) = result { cache[key] = screen }
      } else {
        answer = RecordedFetch(request, result: base.fetch(request), origin: origin)
      }
      records.append(answer.record)
      answers.append(answer)
    }
    return answers
  }

  /// Whether a screen for `request` is cached.
  public func isCached(_ request: ScreenRequest) -> Bool {
    cache[Key(method: request.method, url: request.url)] != nil
  }

  private mutating func load(
    _ request: ScreenRequest, origin: RequestRecord.Origin
  ) -> RecordedFetch {
    let key = Key(method: request.method, url: request.url)
    let answer: RecordedFetch
    if let cached = cache[key] {
      answer = RecordedFetch(request, result: .success(cached), origin: .cache)
    } else {
      answer = RecordedFetch(request, result: base.fetch(request), origin: origin)
      if case .success(let screen) = answer.result { cache[key] = screen }
    }
    records.append(answer.record)
    return answer
  }
}

/// One request of a run, as the state's `requests` list shows it: a screen fetch
/// (navigation, prefetch) or a `sendRequest`.
public struct RequestRecord: Sendable, Equatable {
  /// What asked for the request.
  public enum Kind: String, Sendable, Equatable {
    /// A screen fetched for a navigation or a prefetch.
    case screen
    /// A `beagle:sendRequest` action.
    case request
  }

  /// Where the answer came from.
  public enum Origin: String, Sendable, Equatable {
    /// Fetched for a navigation.
    case network
    /// Fetched ahead of time for a `shouldPrefetch` route.
    case prefetch
    /// Served from an earlier fetch or prefetch; nothing was sent.
    case cache
    /// A `sendRequest` answered by the HTTP server of `--base-url`.
    case http
    /// A `sendRequest` answered by a mock (`--mocks`, the manifest's `mocks`).
    case mock
    /// A `sendRequest` answered by a `respond` script step.
    case respond
    /// A `sendRequest` still waiting for its answer (a `respond` step).
    case pending
    /// A `sendRequest` that could not be sent (its URL could not be built).
    case unsent
  }

  public var kind: Kind
  /// The `sendRequest`'s number in the run (1, 2, …), nil for screens.
  public var id: Int?
  public var method: HTTPMethod
  public var url: String
  /// The HTTP status; nil for files, connection failures and pending requests.
  public var status: Int?
  public var origin: Origin
  /// Why the request failed, nil when it succeeded.
  public var error: NavigationError?

  /// A screen request.
  public init(
    method: HTTPMethod, url: String, status: Int?, origin: Origin, error: NavigationError? = nil
  ) {
    self.init(
      kind: .screen, id: nil, method: method, url: url, status: status, origin: origin,
      error: error)
  }

  public init(
    kind: Kind, id: Int?, method: HTTPMethod, url: String, status: Int?, origin: Origin,
    error: NavigationError? = nil
  ) {
    self.kind = kind
    self.id = id
    self.method = method
    self.url = url
    self.status = status
    self.origin = origin
    self.error = error
  }

  /// Whether the request still waits for its answer.
  public var isPending: Bool { origin == .pending }
}
