import BeagleTestSupport
import Foundation
import Testing

@testable import BeagleRuntime

/// The jobs the parse, the decoder and the checks run on a second thread
/// (``BackgroundJob``): the result is the job's, whether or not a thread could be
/// started, and nothing of the job is still running once ``BackgroundJob/wait()``
/// returned (a command exits right after).
@Suite struct BackgroundJobTests {
  @Test("the job runs on another thread and wait() gives its result")
  func runsOnAnotherThread() {
    let job = BackgroundJob { (thread: currentThreadID(), sum: (1...100).reduce(0, +)) }
    let result = job.wait()
    #expect(result.sum == 5050)
    #expect(result.thread != currentThreadID())
    // Waiting again gives the same result, at once.
    #expect(job.wait().sum == 5050)
  }

  @Test("a job whose thread cannot be started runs on the calling thread")
  func runsHereWithoutAThread() {
    // No address space has room for a stack of a pebibyte: pthread_create fails, as it
    // does for the real 8 MB under `ulimit -v` or `test --scenario-memory` when memory
    // is short. Waiting for a thread that never started used to wait forever.
    let job = BackgroundJob(stackSize: 1 << 50) { (thread: currentThreadID(), value: 42) }
    let result = job.wait()
    #expect(result.value == 42)
    #expect(result.thread == currentThreadID())
  }

  @Test("a job that must run on a thread of its own is not run when none can be started")
  func onNewThreadOnly() {
    let ran = LockedCount()
    let refused = BackgroundJob.onNewThread(stackSize: 1 << 50) { ran.add() }
    #expect(refused == nil)
    #expect(ran.count == 0)
    let started = BackgroundJob.onNewThread { currentThreadID() }
    #expect(started?.wait() != currentThreadID())
  }

  /// A stress test: before the thread was joined, what a job captured was released by
  /// its thread after `wait()` had returned, at a time no run could predict, so this
  /// failed on some of the rounds, not on a given one.
  @Test("nothing of the job runs once wait() has returned")
  func jobIsDoneWhenWaitReturns() {
    let rounds = 300
    var stillHeld = 0
    for round in 0..<rounds {
      let releases = LockedCount()
      // Only the job holds the capture: it is released when the job is.
      let job = BackgroundJob { [capture = Capture(releases)] in capture.tag + round }
      #expect(job.wait() == round + 7)
      if releases.count != 1 { stillHeld += 1 }
    }
    #expect(stillHeld == 0, "captures still held after wait() in \(stillHeld) of \(rounds) rounds")
  }
}

/// A value a job captures, counted when it is released.
private final class Capture: Sendable {
  let releases: LockedCount
  let tag = 7

  init(_ releases: LockedCount) {
    self.releases = releases
  }

  deinit { releases.add() }
}
