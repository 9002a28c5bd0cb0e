import Foundation

/// Looks at the preview's files every `interval` seconds on a thread of its own,
/// and reloads the preview when they changed.
final class FileWatcher: @unchecked Sendable {
  private let preview: Preview
  private let interval: Double
  private let lock = NSLock()
  private var isStopped = false
  private let ended = DispatchSemaphore(value: 0)

  init(preview: Preview, interval: Double) {
    self.preview = preview
    self.interval = interval
  }

  func start() {
    let thread = Thread { [self] in
      defer { ended.signal() }
      while true {
        Thread.sleep(forTimeInterval: interval)
        lock.lock()
        let stopped = isStopped
        lock.unlock()
        if stopped { return }
        preview.reloadIfChanged()
      }
    }
    thread.start()
  }

  func stop() {
    lock.lock()
    isStopped = true
    lock.unlock()
    ended.wait()
  }
}
