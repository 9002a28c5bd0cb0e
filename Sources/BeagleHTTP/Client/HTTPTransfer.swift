import Dispatch
import Foundation

/// An HTTP exchange under way: started by ``HTTPExchange/start(_:url:text:limits:)``
/// (or already finished), waited for with ``wait()``.
///
/// Several transfers run at once (the `sendRequest`s of one step); waiting blocks on
/// a semaphore, so it costs no CPU. The wait ends when the answer is complete, when
/// the request's ``HTTPLimits/timeout`` has passed since it was started, or when the
/// run's ``HTTPBudget`` is spent; the last two cancel the exchange.
public final class HTTPTransfer: @unchecked Sendable {
  // @unchecked: `outcome` and `cancelHandler` are only used under `lock`.
  private let lock = NSLock()
  private let done = DispatchSemaphore(value: 0)
  private var outcome: Result<HTTPResponse, HTTPError>?
  private var cancelHandler: (@Sendable () -> Void)?
  private var isCancelled = false
  /// The URL as messages name it.
  let url: String
  let limits: HTTPLimits
  /// When the request was started: its timeout counts from here.
  let started: DispatchTime

  /// A transfer that already has its result (a client that answers at once).
  public init(finished result: Result<HTTPResponse, HTTPError>) {
    url = ""
    limits = HTTPLimits()
    started = .now()
    outcome = result
  }

  init(url: String, limits: HTTPLimits) {
    self.url = url
    self.limits = limits
    self.started = .now()
  }

  /// Whether the transfer was given up (timeout, budget): the work doing it stops.
  var wasCancelled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return isCancelled
  }

  /// What cancels the work under way (a URLSession task on Apple platforms); run once
  /// on cancel.
  func onCancel(_ handler: @escaping @Sendable () -> Void) {
    lock.lock()
    let cancelled = isCancelled
    if !cancelled { cancelHandler = handler }
    lock.unlock()
    if cancelled { handler() }
  }

  /// Delivers the result; the first one counts.
  func finish(_ result: Result<HTTPResponse, HTTPError>) {
    lock.lock()
    defer { lock.unlock() }
    guard outcome == nil else { return }
    outcome = result
    done.signal()
  }

  /// Waits for the answer (at once when it is already there).
  public func wait() -> Result<HTTPResponse, HTTPError> {
    if let outcome = current { return outcome }
    let waitStart = DispatchTime.now()
    let remaining = limits.budget.remaining
    let deadline = started + limits.timeout
    let isBudgetFirst = waitStart + remaining < deadline
    let answered = done.wait(timeout: isBudgetFirst ? waitStart + remaining : deadline)
    limits.budget.spend(
      Double(DispatchTime.now().uptimeNanoseconds - waitStart.uptimeNanoseconds) / 1e9)
    if answered == .timedOut {
      finish(
        .failure(
          isBudgetFirst
            ? .budgetSpent(url: url, seconds: limits.budget.seconds)
            : .timedOut(url: url, seconds: limits.timeout)))
      cancel()
    } else {
      done.signal()  // later waits return at once
    }
    return current ?? .failure(.timedOut(url: url, seconds: limits.timeout))
  }

  private var current: Result<HTTPResponse, HTTPError>? {
    lock.lock()
    defer { lock.unlock() }
    return outcome
  }

  private func cancel() {
    lock.lock()
    isCancelled = true
    let handler = cancelHandler
    cancelHandler = nil
    lock.unlock()
    handler?()
  }
}
