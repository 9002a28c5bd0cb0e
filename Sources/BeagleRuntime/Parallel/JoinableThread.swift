import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A POSIX thread that runs one closure and that ``join()`` waits for to end.
///
/// Not Foundation's `Thread`: its `start()` cannot say that no thread was started
/// (`pthread_create` fails when the address space has no room for the stack, under
/// `ulimit -v` or `test --scenario-memory`, or when the process may have no more
/// threads), and a thread of its own cannot be joined: it goes on releasing what its
/// closure captured and tearing itself down after the closure returned, while the
/// process may already be exiting.
///
/// ```swift
/// guard let thread = JoinableThread(stackSize: 8 << 20, { work() }) else { work(); return }
/// other()
/// thread.join()  // `work` and everything it captured are done with
/// ```
package final class JoinableThread: @unchecked Sendable {
  // @unchecked: `handle` is read and written only under `lock`.
  private let lock = NSLock()
  /// The thread until it is joined.
  private var handle: pthread_t?

  /// Starts `body` on a new thread whose stack has `stackSize` bytes; nil, having run
  /// nothing, when no such thread can be started.
  init?(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return nil }
    defer { pthread_attr_destroy(&attributes) }
    guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return nil }
    // Handed to the thread, which takes it back (and releases it) when `body` returns.
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
      var started: pthread_t?
    #else
      var started = pthread_t()
    #endif
    guard pthread_create(&started, &attributes, { runThreadBody($0) }, context) == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(context).release()
      return nil
    }
    handle = started
  }

  /// Whether a thread with the system's default stack can be started now: one is
  /// started and joined, running nothing.
  ///
  /// Dispatch starts its own threads with that stack and, when one cannot be
  /// started (`ulimit -v`, no more threads allowed), waits and tries again forever;
  /// code about to hand Dispatch its first work asks this first.
  package static func canStartDefault() -> Bool {
    #if canImport(Darwin)
      var started: pthread_t?
    #else
      var started = pthread_t()
    #endif
    guard pthread_create(&started, nil, { _ in nil }, nil) == 0 else { return false }
    #if canImport(Darwin)
      if let started { pthread_join(started, nil) }
    #else
      pthread_join(started, nil)
    #endif
    return true
  }

  /// Waits until the thread has ended: `body` returned and what it captured was
  /// released. Later calls return at once.
  func join() {
    lock.lock()
    defer { lock.unlock() }
    guard let handle else { return }
    pthread_join(handle, nil)
    self.handle = nil
  }

  deinit {
    // Never joined: the system reclaims the thread when it ends.
    if let handle { pthread_detach(handle) }
  }
}

/// The closure a ``JoinableThread`` runs, passed to it through `pthread_create`'s
/// context pointer.
private final class ThreadBody {
  let run: @Sendable () -> Void

  init(_ run: @escaping @Sendable () -> Void) {
    self.run = run
  }
}

/// A ``JoinableThread``'s start routine: runs its body, then releases it (and what
/// the body captured) on the thread, before the thread ends.
private func runThreadBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let context else { return nil }
  Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
  return nil
}
