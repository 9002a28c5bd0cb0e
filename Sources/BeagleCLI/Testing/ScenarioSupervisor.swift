import BeagleJSON
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs scenarios in worker processes of the same executable (``ScenarioWorker``), one
/// per core, each testing one scenario at a time: a scenario that crashes, runs longer
/// than its time budget or uses more memory than its budget fails alone, with its
/// reason, and the others still run. A worker is started again after such a failure.
struct ScenarioSupervisor {
  /// The default time budget of a scenario, in seconds.
  static let defaultTimeout = 30.0
  /// The default memory budget of a scenario's process, in megabytes.
  static let defaultMemoryMegabytes = 2048

  /// The running `beagle-run`, started again as the workers.
  var executable: String
  var environment: CommandLineTool.Environment
  var recordMode: RecordMode
  var withheldReason: String
  var allowsOutsideRoot: Bool
  var timeout: Double
  var memoryMegabytes: Int
  /// `test --coverage`: the workers send what each scenario exercised with its result.
  var collectsCoverage = false
  /// `test --html`: the workers send each scenario's drawing with its result.
  var drawsStoryboard = false

  /// Once cancelled, no scenario starts (an interruption).
  var cancellation: ParallelMap.Cancellation?
  /// The workers running, so that an interruption reaches them.
  var workers = LiveWorkers()

  /// Tests `paths`; `each` is called on this thread with each result as it comes.
  func test(
    _ paths: [String], each: (Int, ScenarioResult) -> Void = { _, _ in }
  ) -> [ScenarioResult] {
    // A worker that died makes writing to it fail with EPIPE rather than kill us.
    signal(SIGPIPE, SIG_IGN)
    let workers = self.workers
    return ParallelMap.map(
      count: paths.count, workers: environment.processorCount, cancellation: cancellation,
      state: { () -> WorkerProcess? in nil },
      finish: {
        if let worker = $0 { workers.remove(worker) }
        $0?.stop()
      },
      { index, worker in test(paths[index], worker: &worker) }, each: each)
  }

  /// Forwards `signal` to every worker running: each stops where it is, and its
  /// scenario's thread then removes what it left (``test(_:worker:)``).
  func interrupt(with signal: Int32) {
    cancellation?.cancel()
    workers.send(signal)
  }

  private func test(_ path: String, worker: inout WorkerProcess?) -> ScenarioResult {
    let start = ContinuousClock.now
    var result = ScenarioResult(
      path: path, goldenPath: Scenario.goldenPath(for: path), outcome: .passed)
    func interrupted(_ reason: String, log: String = "") -> ScenarioResult {
      if let stopped = worker {
        workers.remove(stopped)
        stopped.stop()
        // Killed while writing the golden, it left the temporary file only it and we
        // can name: the golden itself is untouched (the rename never happened).
        let golden = environment.location(of: Scenario.goldenPath(for: path))
        unlink(
          GoldenWriter.temporaryLocation(for: golden, process: stopped.processIdentifier))
      }
      worker = nil
      let elapsed = ContinuousClock.now - start
      result.seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      result.outcome = .interrupted(reason: reason, log: log)
      return result
    }
    if worker == nil {
      do {
        worker = try WorkerProcess(
          executable: executable, arguments: arguments, variables: variables,
          workingDirectory: environment.workingDirectory)
      } catch {
        return interrupted("cannot start a process to run it: \(error.localizedDescription)")
      }
      if let started = worker { workers.add(started) }
      // Interrupted while it started: it must not run a scenario.
      if cancellation?.isCancelled == true { return interrupted("interrupted") }
    }
    guard let running = worker else { return interrupted("cannot start a process to run it") }
    let cancellation = self.cancellation
    switch running.ask(
      path, seconds: timeout, isCancelled: { cancellation?.isCancelled == true })
    {
    case .line(let line):
      guard let value = try? JSONValue(parsing: line), let answer = ScenarioResult(wireValue: value)
      else { return interrupted("its process answered something that is not a result") }
      return answer
    case .timedOut:
      return interrupted(
        "stopped after \(Self.text(timeout)) s, the scenario time budget (--scenario-timeout)")
    case .ended:
      let reason = running.endReason(memoryMegabytes: memoryMegabytes)
      return interrupted(reason, log: running.log())
    }
  }

  /// The environment of the workers: `beagle-run test`'s, without the Swift runtime's
  /// backtrace of a crash (its message is what the report shows).
  private var variables: [String: String] {
    var variables = environment.variables
    if variables["SWIFT_BACKTRACE"] == nil { variables["SWIFT_BACKTRACE"] = "enable=no" }
    return variables
  }

  private var arguments: [String] {
    [
      ScenarioWorker.verb, "--record", recordMode.rawValue, "--withheld", withheldReason,
      "--memory", String(memoryMegabytes << 20), "--allow-outside-root",
      allowsOutsideRoot ? "true" : "false", "--coverage", collectsCoverage ? "true" : "false",
      "--html", drawsStoryboard ? "true" : "false",
    ]
  }

  /// `30`, `0.5`.
  static func text(_ seconds: Double) -> String {
    seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
  }
}
