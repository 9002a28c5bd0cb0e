import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One ``ScenarioWorker`` child process, seen from `beagle-run test`: send it a
/// scenario's path, wait for its answer line with a deadline.
///
/// Used by one thread at a time (the thread of ``ParallelMap`` that started it).
final class WorkerProcess: @unchecked Sendable {
  // @unchecked: only the thread that owns the worker touches it.

  /// What came back for a scenario.
  enum Answer {
    case line(String)
    /// The process ended (or closed its output) without answering.
    case ended
    case timedOut
  }

  private let process = Process()
  private let input: FileHandle
  private let outputHandle: FileHandle
  private var output: Int32 { outputHandle.fileDescriptor }
  private let logURL: URL
  private var buffer: [UInt8] = []

  init(
    executable: String, arguments: [String], variables: [String: String],
    workingDirectory: String?
  ) throws {
    let stdin = Pipe()
    let stdout = Pipe()
    // Another worker started at the same time must not inherit these ends, or this
    // worker's end of file would wait for that one.
    for handle in [
      stdin.fileHandleForReading, stdin.fileHandleForWriting, stdout.fileHandleForReading,
      stdout.fileHandleForWriting,
    ] {
      _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }
    logURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("beagle-run-worker-\(UUID().uuidString).log")
    try Data().write(to: logURL)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = variables
    if let workingDirectory {
      process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory)
    }
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = try FileHandle(forWritingTo: logURL)
    try process.run()
    input = stdin.fileHandleForWriting
    outputHandle = stdout.fileHandleForReading
    try? stdout.fileHandleForWriting.close()
    try? stdin.fileHandleForReading.close()
  }

  /// Sends `path` and waits at most `seconds` for the answer line; gives up (as if
  /// the process had ended) 0.2 s after `isCancelled` turns true, should the
  /// interruption forwarded to the process not have ended it.
  func ask(
    _ path: String, seconds: Double, isCancelled: () -> Bool = { false }
  ) -> Answer {
    do {
      try input.write(contentsOf: Data((path + "\n").utf8))
    } catch {
      return .ended
    }
    let deadline = Date().addingTimeInterval(seconds)
    var cancelledAt: Date?
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return .line(line)
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return .timedOut }
      if cancelledAt == nil, isCancelled() { cancelledAt = Date() }
      if let cancelledAt, Date().timeIntervalSince(cancelledAt) > 0.2 { return .ended }
      // Short slices: a dead worker is noticed even if its pipe stays open somewhere.
      var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(min(left, 0.1) * 1000) + 1)
      if ready > 0 {
        let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if count <= 0 { return .ended }
        buffer += chunk[..<count]
      } else if ready == 0, !process.isRunning {
        return .ended
      }
    }
  }

  /// Why the process ended without an answer (after ``Answer/ended``).
  func endReason(memoryMegabytes: Int) -> String {
    process.waitUntilExit()
    let status = process.terminationStatus
    if process.terminationReason == .uncaughtSignal {
      return "crashed: its process was killed by signal \(status)\(Self.signalName(status)); "
        + "beagle-run crashed or went over the scenario memory budget of "
        + "\(memoryMegabytes) MB (--scenario-memory)"
    }
    return "its process exited with code \(status) without a result"
  }

  /// What the process wrote on stderr (a crash's message, without its stack trace), at
  /// most 20 lines.
  func log() -> String {
    guard let data = FileManager.default.contents(atPath: logURL.path), !data.isEmpty else {
      return ""
    }
    let lines = String(decoding: data, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false)
    var shown = lines.last == "" ? lines.dropLast() : lines[...]
    // The message, not the stack trace the runtime prints after it.
    if let trace = shown.firstIndex(where: { $0.hasPrefix("Current stack trace") }) {
      shown = shown[..<trace]
    }
    guard !shown.isEmpty else { return "" }
    return shown.prefix(20).joined(separator: "\n") + "\n"
  }

  /// The process's id, which names the temporary file of a golden it is writing
  /// (``GoldenWriter/temporaryLocation(for:process:)``).
  var processIdentifier: Int32 { process.processIdentifier }

  /// Sends `signal` to the process (an interruption forwarded), if it runs.
  func send(_ signal: Int32) {
    if process.isRunning { kill(process.processIdentifier, signal) }
  }

  /// Stops the process (if running) and removes its log.
  func stop() {
    try? input.close()
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    try? outputHandle.close()
    try? FileManager.default.removeItem(at: logURL)
  }

  private static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGSEGV: " (SIGSEGV)"
    case SIGBUS: " (SIGBUS)"
    case SIGILL: " (SIGILL)"
    case SIGTRAP: " (SIGTRAP)"
    case SIGABRT: " (SIGABRT)"
    case SIGKILL: " (SIGKILL)"
    default: ""
    }
  }
}
