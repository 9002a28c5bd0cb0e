/// Why an HTTP exchange gave no answer.
///
/// Any HTTP status is an answer (``HTTPResponse``); these are the failures before
/// one: the URL, the connection, the time and size limits. `url` is the URL as the
/// caller's messages name it.
public enum HTTPError: Error, Equatable, Sendable {
  /// A URL that is not an absolute http or https URL with a host.
  case invalidURL(String)
  /// The connection could not be made or broke, or the answer is not valid HTTP.
  case connectionFailed(url: String, reason: String)
  /// No complete answer within ``HTTPLimits/timeout``.
  case timedOut(url: String, seconds: Double)
  /// The answer's body is longer than ``HTTPLimits/maximumBodyBytes``.
  case bodyTooLarge(url: String, limit: Int)
  /// The run's ``HTTPBudget`` was spent before the answer came.
  case budgetSpent(url: String, seconds: Double)
}
