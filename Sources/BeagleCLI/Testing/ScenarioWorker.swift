import BeagleJSON
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The child side of `beagle-run test`'s isolation: a process started as
/// `beagle-run __scenario-worker --record MODE --withheld REASON --memory BYTES
/// --allow-outside-root true|false --coverage true|false --html true|false`
/// that reads scenario paths, one a line, tests each, and answers each with its
/// result as one line of JSON (``ScenarioResult/wireValue``), with what it exercised
/// when `--coverage true` and its drawing when `--html true`.
///
/// A scenario that crashes this process, or runs past its budget, takes only this
/// process down; ``ScenarioSupervisor`` reports it as failed and starts another.
struct ScenarioWorker {
  /// The hidden verb; not in the help, not for people.
  static let verb = "__scenario-worker"

  var tester: GoldenTest
  /// The address space the process may use; nil for no limit.
  var memoryBytes: Int?

  /// Reads the worker's arguments (after the verb); nil when they are not its own.
  init?(arguments: [String], environment: CommandLineTool.Environment) {
    var record = RecordMode.missing
    var withheld = "--record never"
    var memory: Int?
    var allowsOutsideRoot = false
    var collectsCoverage = false
    var drawsStoryboard = false
    var remaining = arguments[...]
    while let name = remaining.popFirst() {
      guard let value = remaining.popFirst() else { return nil }
      switch name {
      case "--record":
        guard let mode = RecordMode(rawValue: value) else { return nil }
        record = mode
      case "--withheld": withheld = value
      case "--allow-outside-root": allowsOutsideRoot = value == "true"
      case "--coverage": collectsCoverage = value == "true"
      case "--html": drawsStoryboard = value == "true"
      case "--memory":
        guard let bytes = Int(value), bytes > 0 else { return nil }
        memory = bytes
      default: return nil
      }
    }
    var local = environment
    local.processorCount = 1
    tester = GoldenTest(
      runner: ScenarioRunner(
        environment: local, allowsOutsideRoot: allowsOutsideRoot,
        collectsCoverage: collectsCoverage, drawsStoryboard: drawsStoryboard),
      recordMode: record, withheldReason: withheld)
    memoryBytes = memory
  }

  /// Serves until standard input ends.
  func serve(readLine: () -> String?, output: (String) -> Void) -> Int32 {
    if let memoryBytes { Self.limitAddressSpace(to: memoryBytes) }
    // `beagle-run test` ignores these signals (it handles them), and an ignored signal
    // stays ignored across exec: the signal it forwards must end this process.
    // Nor may they be blocked: a mask is inherited too (a test runner's may block them).
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in Interruption.signals {
      signal(number, SIG_DFL)
      sigaddset(&unblocked, number)
    }
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    while let path = readLine() {
      guard !path.isEmpty else { continue }
      output(JSONPrinter().print(tester.test(path).wireValue) + "\n")
    }
    return CommandLineTool.ExitCode.success
  }

  /// Caps the process's address space, so that a scenario using too much memory fails
  /// its allocation (and this process) instead of the machine.
  private static func limitAddressSpace(to bytes: Int) {
    #if canImport(Glibc)
      var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
      _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
    #elseif canImport(Darwin)
      var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
      _ = setrlimit(RLIMIT_AS, &limit)
    #endif
  }
}
