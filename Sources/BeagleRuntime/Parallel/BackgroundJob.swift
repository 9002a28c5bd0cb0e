import Foundation

/// A job that runs on a thread of its own while the caller does other work;
/// ``wait()`` gives its result. What the job captures crosses threads, so it is
/// `@Sendable`; so is its result.
///
/// A plain thread with the main thread's 8 MB stack rather than Dispatch's pool: the
/// decoder and the checkers recurse once per level of nesting, and their nesting
/// limits assume that stack.
///
/// ```swift
/// let second = BackgroundJob { decode(secondHalf) }
/// let first = decode(firstHalf)
/// let both = first + second.wait()
/// ```
package final class BackgroundJob<Value: Sendable>: Sendable {
  /// The stack of the job's thread: the main thread's.
  static var stackSize: Int { 8 << 20 }

  private let outcome = Outcome()

  /// Starts `job` on a new thread.
  package init(_ job: @escaping @Sendable () -> Value) {
    let outcome = outcome
    let thread = Thread { outcome.store(job()) }
    thread.stackSize = Self.stackSize
    thread.start()
  }

  /// The job's result, once it has finished (waits for it).
  package func wait() -> Value {
    outcome.wait()
  }

  /// The result, written once by the job's thread and read by the waiting one.
  private final class Outcome: @unchecked Sendable {
    // @unchecked: `value` is only read or written while `condition` is locked.
    private let condition = NSCondition()
    private var value: Value?

    func store(_ result: Value) {
      condition.lock()
      value = result
      condition.broadcast()
      condition.unlock()
    }

    func wait() -> Value {
      condition.lock()
      defer { condition.unlock() }
      while true {
        if let value { return value }
        condition.wait()
      }
    }
  }
}
