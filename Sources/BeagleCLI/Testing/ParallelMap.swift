import Dispatch
import Foundation

/// Runs `count` independent jobs on `workers` threads and returns their results in
/// index order, whatever order they finish in.
///
/// Plain threads rather than `DispatchQueue.concurrentPerform`: a scenario may
/// block on an HTTP BFF, and URLSession (Apple platforms) delivers its answers on Dispatch's shared
/// pool, which blocked `concurrentPerform` workers could starve. The threads get
/// the main thread's 8 MB stack, which the decoder's nesting limits assume.
enum ParallelMap {
  static let stackSize = 8 << 20

  static func map<Result: Sendable>(
    count: Int, workers: Int, _ job: @escaping @Sendable (Int) -> Result
  ) -> [Result] {
    map(count: count, workers: workers, state: {}, finish: { _ in }) { index, _ in job(index) }
  }

  /// ``map(count:workers:_:)`` where each thread keeps a state between its jobs (a
  /// worker process), made by `state` and handed to `finish` when the jobs are done.
  static func map<State, Result: Sendable>(
    count: Int, workers: Int, state: @escaping @Sendable () -> State,
    finish: @escaping @Sendable (inout State) -> Void,
    _ job: @escaping @Sendable (Int, inout State) -> Result
  ) -> [Result] {
    guard count > 0 else { return [] }
    let slots = Slots<Result>(count: count)
    let threads = max(1, min(workers, count))
    if threads == 1 {
      var local = state()
      let results = (0..<count).map { job($0, &local) }
      finish(&local)
      return results
    }
    let done = DispatchGroup()
    for _ in 0..<threads {
      done.enter()
      let thread = Thread {
        var local = state()
        while let index = slots.claim() {
          slots.store(job(index, &local), at: index)
        }
        finish(&local)
        done.leave()
      }
      thread.stackSize = stackSize
      thread.start()
    }
    done.wait()
    return slots.results()
  }
}

/// The shared work list and results, under a lock.
private final class Slots<Result: Sendable>: @unchecked Sendable {
  // @unchecked: every access to `next` and `values` holds `lock`.
  private let lock = NSLock()
  private var next = 0
  private var values: [Result?]

  init(count: Int) {
    values = Array(repeating: nil, count: count)
  }

  /// The next index nobody has taken, or nil when all are taken.
  func claim() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < values.count else { return nil }
    next += 1
    return next - 1
  }

  func store(_ value: Result, at index: Int) {
    lock.lock()
    values[index] = value
    lock.unlock()
  }

  func results() -> [Result] {
    lock.lock()
    defer { lock.unlock() }
    return values.compactMap { $0 }
  }
}
