/// The HTTP methods beagle-run sends (a route's `httpAdditionalData.method`, a
/// `sendRequest`'s `method`).
public enum HTTPMethod: String, Sendable, Equatable, Hashable, CaseIterable {
  case get = "GET"
  case post = "POST"
  case put = "PUT"
  case delete = "DELETE"
  case head = "HEAD"
  case patch = "PATCH"
}
