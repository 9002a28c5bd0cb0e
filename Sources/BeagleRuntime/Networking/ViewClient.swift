import BeagleHTTP
import BeagleJSON

/// Fetches the bytes of a remote screen (Beagle's `ViewClient`).
///
/// Fetching is synchronous: beagle-run runs one step at a time and a navigation
/// cannot continue before its destination exists, so a blocking call with a
/// bounded wait (see ``HTTPViewClient``) keeps callers simple. The requirement is
/// `mutating` so that wrappers such as ``CachingViewClient`` can be values;
/// stateless clients implement it with a plain `func`.
public protocol ViewClient: Sendable {
  /// Fetches the screen `request` designates, or says why it could not.
  mutating func fetch(_ request: ScreenRequest) -> Result<FetchedScreen, NavigationError>

  /// Fetches for a navigation or ahead of time, and says how, as the state's
  /// `requests` shows it. The default fetches with ``fetch(_:)`` and records a
  /// network or prefetch request; ``CachingViewClient`` answers from its cache.
  mutating func fetch(_ request: ScreenRequest, purpose: FetchPurpose) -> RecordedFetch

  /// Fetches every request for `purpose` and gives the answers in the requests' order.
  /// A client that waits on the network sends them all at once, each under its own
  /// timeout, so that the prefetches of a screen (docs/spec.md §3.4) take about one
  /// timeout, not one each, as the `sendRequest`s of a step do. The default fetches
  /// them one after another with ``fetch(_:purpose:)``.
  mutating func fetchAll(_ requests: [ScreenRequest], purpose: FetchPurpose) -> [RecordedFetch]
}

/// A request for a screen: the URL already built by ``URLBuilder``, and the route's
/// `httpAdditionalData`.
public struct ScreenRequest: Sendable, Equatable {
  /// The built URL (absolute, or a path when no base URL is configured).
  public var url: String
  public var method: HTTPMethod
  /// Header fields; sent in name order so requests are deterministic.
  public var headers: [String: String]
  /// The JSON body, sent encoded when present.
  public var body: JSONValue?

  public init(
    url: String, method: HTTPMethod = .get, headers: [String: String] = [:], body: JSONValue? = nil
  ) {
    self.url = url
    self.method = method
    self.headers = headers
    self.body = body
  }
}

/// A fetched screen: its bytes (not yet parsed) and where they came from.
public struct FetchedScreen: Sendable, Equatable {
  /// The body exactly as received or read.
  public var bytes: [UInt8]
  /// The URL that was requested.
  public var url: String
  /// What diagnostics call the source: a file path for files, the URL for HTTP.
  public var source: String
  /// The `Content-Type` the server sent (nil for files); a non-JSON body is the
  /// caller's to report.
  public var contentType: String?
  /// The HTTP status (nil for files).
  public var status: Int?

  public init(
    bytes: [UInt8], url: String, source: String, contentType: String? = nil, status: Int? = nil
  ) {
    self.bytes = bytes
    self.url = url
    self.source = source
    self.contentType = contentType
    self.status = status
  }
}
