import BeagleRuntime
import Foundation
import Testing

@testable import BeagleCLI

/// Watching SIGINT/SIGTERM/SIGHUP needs a Dispatch thread, which waits forever for a
/// thread it cannot start: under an address-space limit with no room for a thread's
/// stack, every command hung before reading its input. When no thread can start, the
/// signals keep their default actions instead.
@Suite struct SignalWatchTests {
  @Test func noThreadNoSources() {
    let interruption = Interruption(exit: { _ in })
    interruption.watchSignals(canStartThread: { false })
    #expect(!interruption.isWatchingSignals)
  }

  @Test func threadsStartHere() {
    #expect(JoinableThread.canStartDefault())
  }

  /// The built executable under `ulimit -v` from 40 to 260 MB, 2 MB apart: whatever
  /// the limit does (no start at all, an error, a crash in the runtime's own
  /// out-of-memory report, success), the process ends. Before the fix, the limits
  /// with room for the program but not for Dispatch's 8 MB thread stack hung.
  @Test func everyAddressLimitEnds() throws {
    guard let executable = builtExecutable() else {
      Issue.record("beagle-run executable not found")
      return
    }
    let screen = try temporaryFile(
      Array(#"{"_beagleComponent_":"beagle:text","text":"hi"}"#.utf8))
    var hung: [Int] = []
    for megabytes in stride(from: 40, through: 260, by: 2) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = [
        "-c", "ulimit -v \(megabytes * 1024) && exec \"$0\" check \"$1\"",
        executable.path, screen,
      ]
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let deadline = Date().addingTimeInterval(20)
      while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
      if process.isRunning {
        hung.append(megabytes)
        kill(process.processIdentifier, SIGKILL)
      }
      process.waitUntilExit()
    }
    #expect(hung.isEmpty, "hung under ulimit -v of \(hung) MB")
  }
}
