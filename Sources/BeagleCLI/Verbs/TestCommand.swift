import BeagleRendering
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `beagle-run test PATH... [--record missing|failed|all|never] [--junit FILE]`:
/// runs every scenario found under the paths in parallel, compares each output
/// with its golden, and prints one line per scenario (with a unified diff for a
/// mismatch) in path order as soon as the scenarios before it are done (with a
/// counter on a terminal), then `N passed, N failed` (and `, N skipped`).
///
/// The report goes to stdout; problems with the command itself (a path that does
/// not exist, a report that cannot be written) to stderr. Exit 1 when any scenario
/// failed, including one whose golden was written on this run.
struct TestCommand {
  var options: TestOptions
  var environment: CommandLineTool.Environment

  /// Lines of a diff shown in the report; the rest is summarised (the JUnit
  /// report keeps it all).
  static let shownDiffLines = 400

  var isCI: Bool { Self.isTrue(environment.variables["CI"]) }
  var isGitHubActions: Bool { Self.isTrue(environment.variables["GITHUB_ACTIONS"]) }

  /// - Parameter styled: writes `plain` escaped as `output` escapes it, then styled by
  ///   the function given (colour, line control) without escaping what it adds.
  func execute(
    output: (String) -> Void, errors: (String) -> Void,
    styled: ((String) -> String, String) -> Void
  ) -> Int32 {
    var failed = false
    let requested = options.recordMode ?? .missing
    let mode = isCI ? .never : requested
    if isCI, let given = options.recordMode, given != .never {
      errors(
        "beagle-run: warning: CI=true: goldens are never written; ignoring '--record \(given.rawValue)'\n"
      )
    }
    let found = ScenarioDiscovery(
      environment: environment, allowsOutsideRoot: options.allowsOutsideRoot
    ).find(options.inputs)
    for problem in found.problems {
      errors("beagle-run: error: \(problem)\n")
      failed = true
    }

    var scenarios = found.scenarios
    if let shard = options.shard {
      scenarios = scenarios.filter(shard.contains)
      errors(
        "beagle-run: note: shard \(shard.index)/\(shard.count): \(scenarios.count) of"
          + " \(Count.phrase(found.scenarios.count, "scenario"))\n")
    }
    var progress = TestProgress(total: scenarios.count, isTerminal: environment.isOutputTerminal)
    func control(_ sequence: String) { styled({ _ in sequence }, "") }
    func print(_ result: ScenarioResult) {
      let report = Self.report(result)
      if options.usesColor {
        styled(UnifiedDiff.colored, report)
      } else {
        output(report)
      }
      if isGitHubActions, result.isFailure {
        output(GitHubAnnotation(result).command + "\n")
      }
    }
    let (results, interruption) = run(scenarios, mode: mode) { index, result in
      progress.finished(index, result, print: print, control: control)
    }
    progress.end(control: control)
    if let interruption {
      // Nothing more is written: no report, no coverage, no summary that could pass
      // for a whole run's. A closed pipe ends quietly.
      if case .signal = interruption {
        errors(
          "beagle-run: interrupted by \(interruption.name) after \(results.count) of"
            + " \(Count.phrase(scenarios.count, "scenario")); nothing was written after it\n")
      }
      return interruption.exitCode
    }

    for orphan in found.orphans {
      let name = String(orphan.split(separator: "/").last ?? Substring(orphan))
      let scenario = Scenario.goldenPathStem(name) + Scenario.fileExtension
      output("orphaned golden \(orphan): no \(scenario) beside it (delete it if it was removed)\n")
    }
    let written = results.filter { $0.recording == .wrote }.count
    if written > 0 {
      output(
        "recorded \(Count.phrase(written, "golden")): review the changes (git diff), then run again\n"
      )
    }

    if let path = options.junitPath {
      let xml = JUnitReport(results: results).xml
      if let reason = ReportFile.write(xml, path: path, location: environment.location(of: path)) {
        errors("beagle-run: error: cannot write the JUnit report to '\(path)': \(reason)\n")
        failed = true
      }
    }

    if let path = options.htmlPath {
      let html = HTMLReport(results: results).document()
      if let reason = ReportFile.writeRegular(
        html, path: path, location: environment.location(of: path))
      {
        errors("beagle-run: error: cannot write the HTML report to '\(path)': \(reason)\n")
        failed = true
      }
    }

    if options.showsCoverage, !writeCoverage(results, output: output, errors: errors) {
      failed = true
    }

    output(Self.summary(results) + "\n")
    failed = failed || results.contains { $0.isFailure }
    return failed ? CommandLineTool.ExitCode.failure : CommandLineTool.ExitCode.success
  }

  /// Tests `scenarios` in worker processes (or threads with `--in-process`), handing
  /// each result to `each` as it comes; the results of the scenarios that finished, in
  /// path order, and why the run was interrupted, if it was.
  private func run(
    _ scenarios: [String], mode: RecordMode, each: (Int, ScenarioResult) -> Void
  ) -> ([ScenarioResult], Interruption.Cause?) {
    let withheldReason = isCI ? "CI=true" : "--record never"
    let cancellation = ParallelMap.Cancellation()
    var finished = [ScenarioResult?](repeating: nil, count: scenarios.count)
    func collect(_ index: Int, _ result: ScenarioResult) {
      // A scenario cut short by the interruption is not a result.
      guard !cancellation.isCancelled else { return }
      finished[index] = result
      each(index, result)
    }
    let interruption = environment.interruption ?? Interruption(exit: { _ in })
    if let executable = environment.executablePath, !options.isInProcess {
      let supervisor = ScenarioSupervisor(
        executable: executable, environment: environment, recordMode: mode,
        withheldReason: withheldReason, allowsOutsideRoot: options.allowsOutsideRoot,
        timeout: options.scenarioTimeout ?? ScenarioSupervisor.defaultTimeout,
        memoryMegabytes: options.scenarioMemoryMegabytes
          ?? ScenarioSupervisor.defaultMemoryMegabytes,
        collectsCoverage: options.showsCoverage, drawsStoryboard: options.htmlPath != nil,
        cancellation: cancellation)
      interruption.whileRunning(
        cleanup: { cause in
          if case .signal(let number) = cause {
            supervisor.interrupt(with: number)
          } else {
            supervisor.interrupt(with: SIGTERM)
          }
        },
        { _ = supervisor.test(scenarios, each: collect) })
    } else {
      let temporaryFiles = TemporaryFiles()
      let tester = GoldenTest(
        runner: ScenarioRunner(
          environment: environment, allowsOutsideRoot: options.allowsOutsideRoot,
          collectsCoverage: options.showsCoverage, drawsStoryboard: options.htmlPath != nil),
        recordMode: mode, withheldReason: withheldReason, temporaryFiles: temporaryFiles,
        cancellation: cancellation)
      interruption.whileRunning(
        cleanup: { _ in
          cancellation.cancel()
          temporaryFiles.removeAll()
        },
        {
          _ = ParallelMap.map(
            count: scenarios.count, workers: environment.processorCount,
            cancellation: cancellation, state: {}, finish: { _ in },
            { index, _ in tester.test(scenarios[index]) }, each: collect)
        })
    }
    return (finished.compactMap { $0 }, interruption.cause)
  }

  /// `N passed, N failed`, and `, N skipped` when any were.
  static func summary(_ results: [ScenarioResult]) -> String {
    let failed = results.filter(\.isFailure).count
    let skipped = results.filter(\.isSkipped).count
    let passed = results.count - failed - skipped
    return "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
  }

  /// A scenario's lines in the report: `PASS`, `FAIL` or `SKIP`, its path and what
  /// happened, then a located error or a diff.
  static func report(_ result: ScenarioResult) -> String {
    let status = result.isSkipped ? "SKIP" : result.isFailure ? "FAIL" : "PASS"
    let summary = result.summary
    var text = "\(status)  \(result.path)" + (summary.isEmpty ? "" : ": \(summary)") + "\n"
    let details = result.details.split(separator: "\n", omittingEmptySubsequences: false)
    // `details` ends with a newline, so its last piece is empty.
    let lines = details.dropLast()
    if lines.count > shownDiffLines {
      text += lines.prefix(shownDiffLines).joined(separator: "\n") + "\n"
      text +=
        "… \(lines.count - shownDiffLines) more lines; '--record failed' and 'git diff' show"
        + " them all\n"
    } else {
      text += result.details
    }
    return text
  }

  private static func isTrue(_ value: String?) -> Bool {
    guard let value = value?.lowercased() else { return false }
    return value == "true" || value == "1"
  }
}

extension Scenario {
  /// `cart` for `cart.expected`.
  static func goldenPathStem(_ name: String) -> String {
    name.hasSuffix(goldenExtension) ? String(name.dropLast(goldenExtension.count)) : name
  }
}

// MARK: - Validation

extension TestCommand {
  /// Scenarios to run; the options of a run come from each scenario's header.
  static func validate(_ options: TestOptions, line: ParsedCommandLine) throws(UsageError) {
    guard !options.inputs.isEmpty else {
      throw UsageError(
        message:
          "'test' needs at least one scenario file or folder, as in beagle-run test Examples/")
    }
    if let name = line.givenNames.first(where: {
      !ArgumentParser.testOptionNames.contains($0)
    }) {
      throw UsageError(message: refusal(of: name))
    }
  }

  /// Why `test` refuses a run option on its command line, naming where it belongs
  /// in a scenario.
  static func refusal(of name: String) -> String {
    let key = String(name.drop { $0 == "-" })
    switch name {
    case "--step":
      return "'test' takes steps from each scenario, one a line after its '---' line (or from"
        + " the file its 'script:' key names), not from the command line"
    case "--context":
      return "'test' does not take '--context' ('eval' takes it), and a scenario's header has"
        + " no context key; a scenario sets the global context with its 'global:' key, and"
        + " screens declare their own contexts"
    default:
      guard ScenarioParser.keys[key] != nil else {
        return "'test' does not take '\(name)', and a scenario's header has no key for it;"
          + " keys are \(ScenarioParser.keyList)"
      }
      return "'test' takes '\(name)' from each scenario's header, not from the command line"
    }
  }
}
