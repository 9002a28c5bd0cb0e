import Foundation

/// The worker processes of a `test` run that are running, for an interruption to
/// reach from another thread.
final class LiveWorkers: @unchecked Sendable {
  // @unchecked: `workers` is accessed under `lock`.
  private let lock = NSLock()
  private var workers: [ObjectIdentifier: WorkerProcess] = [:]

  func add(_ worker: WorkerProcess) {
    lock.lock()
    workers[ObjectIdentifier(worker)] = worker
    lock.unlock()
  }

  func remove(_ worker: WorkerProcess) {
    lock.lock()
    workers[ObjectIdentifier(worker)] = nil
    lock.unlock()
  }

  /// Sends `signal` to each.
  func send(_ signal: Int32) {
    lock.lock()
    let running = Array(workers.values)
    lock.unlock()
    for worker in running { worker.send(signal) }
  }
}
