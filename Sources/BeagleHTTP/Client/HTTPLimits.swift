import Dispatch
import Foundation

/// What a run allows its HTTP exchanges: a time per request, a size per answer, and
/// a budget of waiting time for the whole run.
///
/// The clients of one run (the runtime's view client for screens, its request client
/// for `sendRequest`) share one value, and so one ``HTTPBudget``.
public struct HTTPLimits: Sendable {
  /// The default `--timeout`: seconds per request.
  public static let defaultTimeout = 10.0
  /// The default `--max-body-bytes`: 16 MB.
  public static let defaultMaximumBodyBytes = 16 << 20
  /// The default `--http-budget`: seconds of waiting for the whole run.
  public static let defaultBudget = 60.0

  /// The longest a request may take, from sending to the last byte of its answer.
  public var timeout: Double
  /// The largest body read; a longer answer stops being read and is an error.
  public var maximumBodyBytes: Int
  /// The run's waiting time, shared by every request.
  public var budget: HTTPBudget
  /// The certificate authorities `https:` trusts instead of the system's: a PEM file
  /// (or a folder of them, OpenSSL's hashed layout); nil for the system's. The CLI
  /// sets it from `CURL_CA_BUNDLE`, else `SSL_CERT_FILE`, else `SSL_CERT_DIR`, as the
  /// `curl` tool does. Linux only: on Apple platforms the system's trust settings apply.
  public var certificateAuthorities: String?

  public init(
    timeout: Double = defaultTimeout, maximumBodyBytes: Int = defaultMaximumBodyBytes,
    budget: HTTPBudget = HTTPBudget(seconds: defaultBudget), certificateAuthorities: String? = nil
  ) {
    self.timeout = timeout
    self.maximumBodyBytes = maximumBodyBytes
    self.budget = budget
    self.certificateAuthorities = certificateAuthorities
  }
}

/// The seconds a run may spend waiting for HTTP answers (`--http-budget`).
///
/// Only time spent blocked counts: requests sent together in one step wait
/// together, so they use the budget once. When it is spent, requests fail at once
/// with ``HTTPError/budgetSpent(url:seconds:)`` instead of being sent.
public final class HTTPBudget: @unchecked Sendable {
  // @unchecked: `spent` is only read and written under `lock`.
  /// The budget, in seconds.
  public let seconds: Double
  private let lock = NSLock()
  private var spent = 0.0

  public init(seconds: Double) {
    self.seconds = seconds
  }

  /// The seconds left, 0 when spent.
  public var remaining: Double {
    lock.lock()
    defer { lock.unlock() }
    return max(0, seconds - spent)
  }

  /// Counts `duration` seconds of waiting.
  func spend(_ duration: Double) {
    lock.lock()
    defer { lock.unlock() }
    spent += max(0, duration)
  }
}
