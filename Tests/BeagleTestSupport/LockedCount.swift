import Foundation

/// A count that several threads add to and read, under a lock: how many times a job
/// ran, a value was released, a piece was printed.
public final class LockedCount: @unchecked Sendable {
  // @unchecked: `value` is read and written only under `lock`.
  private let lock = NSLock()
  private var value = 0

  public init() {}

  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  public func add() {
    lock.lock()
    value += 1
    lock.unlock()
  }

  /// Makes the count `other` when that is more.
  public func raise(to other: Int) {
    lock.lock()
    value = max(value, other)
    lock.unlock()
  }
}
