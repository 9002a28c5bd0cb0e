import BeagleHTTP
import BeagleJSON

/// Where a navigation action goes: a screen given inline, or a URL to fetch (docs/spec.md §3.3).
///
/// Parsed from an action's raw `route` value as iOS decides: a route whose
/// `screen` is an object is local; any other route is remote and needs `url`.
/// Expressions are not evaluated here: the caller passes the evaluated URL (and
/// may replace ``RemoteRoute/httpAdditionalData``'s body with its evaluated value).
///
/// ```swift
/// let route = try Route(parsing: ["url": "/cart/@{id}", "shouldPrefetch": true], url: "/cart/7")
/// // .remote(RemoteRoute(url: "/cart/7", shouldPrefetch: true, …))
/// ```
public enum Route: Sendable, Equatable {
  /// A screen written in the action; rendered without a request.
  case local(screen: JSONValue)
  /// A screen fetched from a URL.
  case remote(RemoteRoute)

  /// Reads a route object.
  ///
  /// - Parameters:
  ///   - value: The action's `route` field as written.
  ///   - url: The evaluated `url`, replacing the raw one (which may hold an
  ///     expression); nil to use the raw string.
  /// - Throws: ``NavigationError`` when the value is not an object, a remote route
  ///   has no `url`, or a field has the wrong type.
  public init(parsing value: JSONValue, url: String? = nil) throws(NavigationError) {
    guard let object = value.objectValue else {
      throw .routeNotAnObject(found: describeValue(value))
    }
    if let screen = object["screen"], screen.objectValue != nil {
      self = .local(screen: screen)
      return
    }
    guard let raw = object["url"] else { throw .missingURL }
    guard let rawURL = raw.stringValue else {
      throw .wrongType(field: "url", expected: "a string", found: describeValue(raw))
    }
    var remote = RemoteRoute(url: url ?? rawURL)
    if let flag = object["shouldPrefetch"], !flag.isNull {
      guard let bool = flag.boolValue else {
        throw .wrongType(
          field: "shouldPrefetch", expected: "a boolean", found: describeValue(flag))
      }
      remote.shouldPrefetch = bool
    }
    if let fallback = object["fallback"], !fallback.isNull {
      guard fallback.objectValue != nil else {
        throw .wrongType(
          field: "fallback", expected: "a screen object", found: describeValue(fallback))
      }
      remote.fallback = fallback
    }
    if let data = object["httpAdditionalData"], !data.isNull {
      remote.httpAdditionalData = try HTTPAdditionalData(parsing: data)
    }
    self = .remote(remote)
  }

  /// The URL of a route that can be fetched ahead of time: remote, with
  /// `shouldPrefetch: true` and a URL without expressions (iOS `BeaglePrefetchHelper`).
  public static func prefetchableURL(in value: JSONValue) -> String? {
    guard value["shouldPrefetch"]?.boolValue == true, value["screen"]?.objectValue == nil,
      let url = value["url"]?.stringValue, !url.isEmpty, !url.containsExpressionMarker
    else { return nil }
    return url
  }
}

/// A route fetched from a URL.
public struct RemoteRoute: Sendable, Equatable {
  /// The URL as evaluated, before URL building.
  public var url: String
  /// Whether the route may be fetched ahead of time (a hint, docs/spec.md §3.4).
  public var shouldPrefetch: Bool
  /// The screen object shown when the request fails.
  public var fallback: JSONValue?
  /// Method, headers and body of the request.
  public var httpAdditionalData: HTTPAdditionalData

  public init(
    url: String, shouldPrefetch: Bool = false, fallback: JSONValue? = nil,
    httpAdditionalData: HTTPAdditionalData = HTTPAdditionalData()
  ) {
    self.url = url
    self.shouldPrefetch = shouldPrefetch
    self.fallback = fallback
    self.httpAdditionalData = httpAdditionalData
  }

  /// The request for this route, with the URL made by `builder`.
  ///
  /// - Throws: ``NavigationError/emptyURL`` when the URL is empty,
  ///   ``NavigationError/malformedURL(_:)`` when it gives no valid URL.
  public func request(using builder: URLBuilder) throws(NavigationError) -> ScreenRequest {
    let built = try builder.url(for: url).get()
    return ScreenRequest(
      url: built, method: httpAdditionalData.method, headers: httpAdditionalData.headers,
      body: httpAdditionalData.body)
  }
}

/// A remote route's `httpAdditionalData`: `{method?, headers?, body?}`.
public struct HTTPAdditionalData: Sendable, Equatable {
  /// GET unless given.
  public var method: HTTPMethod
  public var headers: [String: String]
  /// The body as given (the caller evaluates its expressions).
  public var body: JSONValue?

  public init(method: HTTPMethod = .get, headers: [String: String] = [:], body: JSONValue? = nil) {
    self.method = method
    self.headers = headers
    self.body = body
  }

  /// Reads `{method?, headers?, body?}`; `method` is one of iOS's upper-case names.
  public init(parsing value: JSONValue) throws(NavigationError) {
    let field = "httpAdditionalData"
    guard let object = value.objectValue else {
      throw .wrongType(field: field, expected: "an object", found: describeValue(value))
    }
    self.init()
    for (key, member) in object.members {
      switch key {
      case "method":
        guard let name = member.stringValue else {
          throw .wrongType(
            field: "\(field).method", expected: "a string", found: describeValue(member))
        }
        guard let parsed = HTTPMethod(rawValue: name) else {
          throw .invalidValue(
            field: "\(field).method", value: name, allowed: HTTPMethod.allCases.map(\.rawValue))
        }
        method = parsed
      case "headers":
        guard let headers = member.objectValue else {
          throw .wrongType(
            field: "\(field).headers", expected: "an object", found: describeValue(member))
        }
        for (name, header) in headers.members {
          guard let text = header.stringValue else {
            throw .wrongType(
              field: "\(field).headers.\(name)", expected: "a string",
              found: describeValue(header))
          }
          self.headers[name] = text
        }
      case "body":
        body = member.isNull ? nil : member
      default:
        throw .unknownField(key, owner: "'\(field)'")
      }
    }
  }
}
