import BeagleRuntime
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What stops a command before it ends: SIGINT (Ctrl-C), SIGTERM (a CI job's timeout,
/// `kill`), or a reader that went away (`| head -1`, a write failing with EPIPE).
///
/// Nothing is done in a signal handler: the signals are delivered to a Dispatch
/// source, whose handler runs on a queue. A command that has things to undo (`test`:
/// its worker processes, goldens being written) registers a cleanup for as long as
/// it runs; the cleanup forwards the signal and removes temporary files, and the
/// command then returns ``exitCode``. With no cleanup registered, the process exits
/// at once with that code.
///
/// Exit codes: 128 + the signal's number, as shells report a process a signal ended
/// (130 for SIGINT, 143 for SIGTERM); 1 for a closed pipe, quietly (DESIGN.md's
/// "the run hit an error": exit 0 would let `test … | head` under `pipefail` pass a
/// suite whose remaining scenarios never ran).
public final class Interruption: @unchecked Sendable {
  // @unchecked: every mutable member is accessed under `lock`.

  /// Why a command was interrupted.
  public enum Cause: Equatable, Sendable {
    case signal(Int32)
    case closedPipe

    /// 130 for SIGINT, 143 for SIGTERM, 1 for a closed pipe.
    public var exitCode: Int32 {
      switch self {
      case .signal(let number): 128 + number
      case .closedPipe: CommandLineTool.ExitCode.failure
      }
    }

    /// `SIGINT`, for messages.
    var name: String {
      switch self {
      case .signal(SIGINT): "SIGINT"
      case .signal(SIGTERM): "SIGTERM"
      case .signal(SIGHUP): "SIGHUP"
      case .signal(let number): "signal \(number)"
      case .closedPipe: "a closed pipe"
      }
    }
  }

  /// The signals watched.
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  private let lock = NSLock()
  private var firstCause: Cause?
  private var cleanups: [Int: @Sendable (Cause) -> Void] = [:]
  private var nextToken = 0
  private var sources: [any DispatchSourceSignal] = []
  private let exit: @Sendable (Int32) -> Void

  /// - Parameter exit: ends the process with a code (`exit(3)`); called when an
  ///   interruption comes while no command has a cleanup registered.
  public init(exit: @escaping @Sendable (Int32) -> Void) {
    self.exit = exit
  }

  /// Why the command was interrupted; nil while it was not.
  public var cause: Cause? {
    lock.lock()
    defer { lock.unlock() }
    return firstCause
  }

  /// Starts watching SIGINT, SIGTERM and SIGHUP (once; later calls do nothing).
  ///
  /// Dispatch needs a thread of its own for the signal sources and, when it cannot
  /// start one (an address-space limit with no room for its stack), waits for one
  /// forever: the command would hang before doing anything. So when no thread can be
  /// started, the signals keep their default actions instead: Ctrl-C or SIGTERM still
  /// end the process, as killed by that signal (the shell reports 130 or 143), only
  /// without the cleanups.
  public func watchSignals() {
    watchSignals(canStartThread: JoinableThread.canStartDefault)
  }

  /// ``watchSignals()`` with `canStartThread` telling whether a thread can be started
  /// now (a test replaces it).
  func watchSignals(canStartThread: () -> Bool) {
    lock.lock()
    defer { lock.unlock() }
    guard sources.isEmpty, canStartThread() else { return }
    for number in Self.signals {
      signal(number, SIG_IGN)  // the source, not the default action, handles it
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [weak self] in self?.interrupt(.signal(number)) }
      source.resume()
      sources.append(source)
    }
  }

  /// Whether the signals are being watched (``watchSignals()`` made its sources).
  var isWatchingSignals: Bool {
    lock.lock()
    defer { lock.unlock() }
    return !sources.isEmpty
  }

  /// Records an interruption (the first one wins) and runs the cleanups registered,
  /// or exits at once when there are none.
  public func interrupt(_ cause: Cause) {
    lock.lock()
    let isFirst = firstCause == nil
    if isFirst { firstCause = cause }
    let registered = Array(cleanups.values)
    lock.unlock()
    guard isFirst else { return }
    guard !registered.isEmpty else {
      exit(cause.exitCode)
      return
    }
    for cleanup in registered { cleanup(cause) }
  }

  /// Calls `ready`, then blocks until the command is interrupted, for a command that
  /// runs until it is stopped (`serve`); returns the interruption's exit code (130
  /// for SIGINT, 143 for SIGTERM, 1 for a closed pipe).
  @Sendable
  public func waitUntilInterrupted(ready: () -> Void) -> Int32 {
    let stopped = DispatchSemaphore(value: 0)
    return whileRunning(cleanup: { _ in stopped.signal() }) {
      ready()
      stopped.wait()
      return cause?.exitCode ?? Cause.signal(SIGINT).exitCode
    }
  }

  /// Runs `body` with `cleanup` registered: an interruption meanwhile calls it
  /// (once, on another thread) instead of exiting.
  func whileRunning<T>(
    cleanup: @escaping @Sendable (Cause) -> Void, _ body: () throws -> T
  ) rethrows -> T {
    lock.lock()
    let token = nextToken
    nextToken += 1
    cleanups[token] = cleanup
    let already = firstCause
    lock.unlock()
    if let already { cleanup(already) }
    defer {
      lock.lock()
      cleanups[token] = nil
      lock.unlock()
    }
    return try body()
  }
}
