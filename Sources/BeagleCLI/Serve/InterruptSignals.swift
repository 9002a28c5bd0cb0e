import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waiting for SIGINT (Ctrl-C) or SIGTERM, for a command that runs until it is
/// stopped (`serve`): the signals are taken from their default action (which ends
/// the process at once) and delivered to the waiting thread, so the command can
/// stop its server and return its exit code: 130 for SIGINT, 143 for SIGTERM, as a
/// shell reports a process killed by them.
public enum InterruptSignals {
  /// Installs the handlers, calls `ready`, and blocks until a signal arrives.
  @Sendable
  public static func wait(ready: () -> Void) -> Int32 {
    let received = Received()
    var sources: [any DispatchSourceSignal] = []
    for (number, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { received.deliver(code) }
      source.resume()
      sources.append(source)
    }
    ready()
    let code = received.wait()
    for source in sources { source.cancel() }
    return code
  }

  /// The first signal's exit code, handed from the signal queue to the waiter.
  private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var code: Int32?

    func deliver(_ code: Int32) {
      lock.lock()
      let isFirst = self.code == nil
      if isFirst { self.code = code }
      lock.unlock()
      if isFirst { arrived.signal() }
    }

    func wait() -> Int32 {
      arrived.wait()
      lock.lock()
      defer { lock.unlock() }
      return code ?? 130
    }
  }
}
