import Foundation

/// A job that runs on a thread of its own while the caller does other work;
/// ``wait()`` gives its result once that thread has ended. What the job captures
/// crosses threads, so it is `@Sendable`; so is its result.
///
/// A plain thread with the main thread's 8 MB stack rather than Dispatch's pool: the
/// decoder and the checkers recurse once per level of nesting, and their nesting
/// limits assume that stack. The thread is joined (``JoinableThread``): nothing of the
/// job runs after ``wait()`` returns, so a command that exits right after does not
/// exit under a thread still releasing the job's captures. When no thread can be
/// started (an address space too small for its stack), the job runs at once on the
/// calling thread (the result is the same; one thread does the work).
///
/// ```swift
/// let second = BackgroundJob { decode(secondHalf) }
/// let first = decode(firstHalf)
/// let both = first + second.wait()
/// ```
package final class BackgroundJob<Value: Sendable>: Sendable {
  /// The stack of the job's thread: the main thread's.
  package static var stackSize: Int { 8 << 20 }

  private let outcome: Outcome
  /// The job's thread; nil when the job ran on the calling thread.
  private let thread: JoinableThread?

  /// Starts `job` on a new thread (runs it now when no thread can be started).
  package convenience init(_ job: @escaping @Sendable () -> Value) {
    self.init(stackSize: Self.stackSize, job)
  }

  /// Starts `job` on a new thread whose stack has `stackSize` bytes (tests ask for
  /// one no thread can have).
  init(stackSize: Int, _ job: @escaping @Sendable () -> Value) {
    let outcome = Outcome()
    self.outcome = outcome
    thread = JoinableThread(stackSize: stackSize) { outcome.store(job()) }
    if thread == nil { outcome.store(job()) }
  }

  /// Starts `job` on a new thread; nil, having run nothing, when no thread can be
  /// started. For a job that must not run on the calling thread: one that waits for
  /// what the caller does after starting it (a producer the caller drains as it goes).
  package static func onNewThread(
    stackSize: Int = BackgroundJob.stackSize, _ job: @escaping @Sendable () -> Value
  ) -> BackgroundJob? {
    let outcome = Outcome()
    guard let thread = JoinableThread(stackSize: stackSize, { outcome.store(job()) }) else {
      return nil
    }
    return BackgroundJob(outcome: outcome, thread: thread)
  }

  private init(outcome: Outcome, thread: JoinableThread) {
    self.outcome = outcome
    self.thread = thread
  }

  /// The job's result, once it has finished and its thread has ended (waits for both).
  package func wait() -> Value {
    let value = outcome.wait()
    thread?.join()
    return value
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
