import BeagleRuntime
import Dispatch
import Foundation

/// Runs `count` independent jobs on `workers` threads and returns their results in
/// index order, whatever order they finish in.
///
/// Plain threads rather than `DispatchQueue.concurrentPerform`: a scenario may
/// block on an HTTP BFF, and URLSession (Apple platforms) delivers its answers on Dispatch's shared
/// pool, which blocked `concurrentPerform` workers could starve. The threads get
/// the main thread's 8 MB stack, which the decoder's nesting limits assume; a thread
/// that cannot be started is a worker fewer (the calling thread works when none can).
enum ParallelMap {
  static let stackSize = 8 << 20

  static func map<Result: Sendable>(
    count: Int, workers: Int, _ job: @escaping @Sendable (Int) -> Result
  ) -> [Result] {
    map(count: count, workers: workers, state: {}, finish: { _ in }) { index, _ in job(index) }
  }

  /// ``map(count:workers:_:)`` where each thread keeps a state between its jobs (a
  /// worker process), made by `state` and handed to `finish` when the jobs are done.
  ///
  /// - Parameters:
  ///   - cancellation: once cancelled, no job starts; the results are those of the
  ///     jobs that had started (in index order, some indices missing).
  ///   - each: called on the calling thread with each result as soon as its job is
  ///     done (in the order they finish), while the others run.
  ///   - stackSize: the stack of each worker thread (tests ask for one no thread can
  ///     have).
  static func map<State, Result: Sendable>(
    count: Int, workers: Int, cancellation: Cancellation? = nil,
    stackSize: Int = ParallelMap.stackSize,
    state: @escaping @Sendable () -> State,
    finish: @escaping @Sendable (inout State) -> Void,
    _ job: @escaping @Sendable (Int, inout State) -> Result,
    each: (Int, Result) -> Void = { _, _ in }
  ) -> [Result] {
    guard count > 0 else { return [] }
    let slots = Slots<Result>(count: count, cancellation: cancellation)
    let wanted = max(1, min(workers, count))
    // A thread that cannot be started (an address space too small for its stack) is
    // one worker fewer; with none, the calling thread does every job.
    var started: [BackgroundJob<Bool>] = []
    if wanted > 1 {
      for _ in 0..<wanted {
        let worker = BackgroundJob.onNewThread(stackSize: stackSize) { () -> Bool in
          var local = state()
          while let index = slots.claim() {
            slots.store(job(index, &local), at: index)
          }
          finish(&local)
          slots.threadEnded()
          return true
        }
        guard let worker else { break }
        started.append(worker)
      }
    }
    if started.isEmpty {
      var local = state()
      while let index = slots.claim() {
        let result = job(index, &local)
        slots.store(result, at: index)
        each(index, result)
      }
      finish(&local)
      return slots.results()
    }
    while let (index, result) = slots.nextDone(threads: started.count) { each(index, result) }
    for worker in started { _ = worker.wait() }
    return slots.results()
  }

  /// A flag that stops ``map(count:workers:cancellation:state:finish:_:each:)`` from
  /// starting more jobs.
  final class Cancellation: @unchecked Sendable {
    // @unchecked: `isCancelled` is accessed under `lock`.
    private let lock = NSLock()
    private var cancelled = false

    var isCancelled: Bool {
      lock.lock()
      defer { lock.unlock() }
      return cancelled
    }

    func cancel() {
      lock.lock()
      cancelled = true
      lock.unlock()
    }
  }
}

/// The shared work list and results, under a lock.
private final class Slots<Result: Sendable>: @unchecked Sendable {
  // @unchecked: every access to the mutable members holds `condition`.
  private let condition = NSCondition()
  private let cancellation: ParallelMap.Cancellation?
  private var next = 0
  private var values: [Result?]
  /// Indices done and not yet handed to `each`.
  private var done: [Int] = []
  private var endedThreads = 0

  init(count: Int, cancellation: ParallelMap.Cancellation?) {
    values = Array(repeating: nil, count: count)
    self.cancellation = cancellation
  }

  /// The next index nobody has taken, or nil when all are taken (or cancelled).
  func claim() -> Int? {
    if cancellation?.isCancelled == true { return nil }
    condition.lock()
    defer { condition.unlock() }
    guard next < values.count else { return nil }
    next += 1
    return next - 1
  }

  func store(_ value: Result, at index: Int) {
    condition.lock()
    values[index] = value
    done.append(index)
    condition.signal()
    condition.unlock()
  }

  func threadEnded() {
    condition.lock()
    endedThreads += 1
    condition.signal()
    condition.unlock()
  }

  /// Waits for the next result done; nil once every thread has ended and every
  /// result was handed out.
  func nextDone(threads: Int) -> (Int, Result)? {
    condition.lock()
    defer { condition.unlock() }
    while done.isEmpty {
      if endedThreads == threads { return nil }
      condition.wait()
    }
    let index = done.removeFirst()
    guard let value = values[index] else { return nil }  // safe: stored before listed
    return (index, value)
  }

  func results() -> [Result] {
    condition.lock()
    defer { condition.unlock() }
    return values.compactMap { $0 }
  }
}
