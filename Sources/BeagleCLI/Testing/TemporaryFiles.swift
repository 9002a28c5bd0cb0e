import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files this process is writing right now (goldens on their way to
/// their place), so that an interrupted run can remove them before it exits.
public final class TemporaryFiles: @unchecked Sendable {
  // @unchecked: every access to `paths` holds `lock`.
  private let lock = NSLock()
  private var paths: Set<String> = []

  public init() {}

  func add(_ path: String) {
    lock.lock()
    paths.insert(path)
    lock.unlock()
  }

  func remove(_ path: String) {
    lock.lock()
    paths.remove(path)
    lock.unlock()
  }

  /// Removes every file still listed.
  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    for path in paths { unlink(path) }
    paths.removeAll()
  }
}
