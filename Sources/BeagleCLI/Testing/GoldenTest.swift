import BeagleJSON
import Foundation

/// Tests one scenario against its golden: runs it, compares the output with
/// `NAME.expected`, and writes the golden when the record mode says so.
struct GoldenTest: Sendable {
  var runner: ScenarioRunner
  /// What may be written (``RecordMode/never`` under `CI=true`).
  var recordMode: RecordMode
  /// Why a missing golden is not written when the mode is `never`.
  var withheldReason: String
  /// The goldens being written, removed if the run is interrupted.
  var temporaryFiles: TemporaryFiles? = nil
  /// Once cancelled (an interruption), no golden is written.
  var cancellation: ParallelMap.Cancellation? = nil
  /// The largest golden read or written: every input's limit, lowered by tests.
  var limit = InputLimit.bytes

  func test(_ path: String) -> ScenarioResult {
    let start = ContinuousClock.now
    var result = evaluate(path)
    let elapsed = ContinuousClock.now - start
    result.seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return result
  }

  private func evaluate(_ path: String) -> ScenarioResult {
    var result = ScenarioResult(
      path: path, goldenPath: Scenario.goldenPath(for: path), outcome: .passed)
    let output: ScenarioRunner.Output
    do {
      let (scenario, bytes) = try runner.scenario(at: path)
      if let reason = scenario.skipReason {
        result.outcome = .skipped(reason: reason)
        return result
      }
      output = try runner.run(scenario, bytes: bytes)
    } catch {
      result.outcome = .invalidScenario(error.error, file: error.file)
      return result
    }
    result.coverage = output.coverage
    result.drawing = output.drawing

    let actual = GoldenFile(inputs: output.inputs, body: output.body)
    let location = runner.environment.location(of: result.goldenPath)
    result.firstError = output.firstError
    let read = GoldenRead.read(
      result.goldenPath, at: location,
      root: ProjectRoot(folder: Scenario.folder(of: path), role: .scenario),
      environment: runner.environment, allowsOutsideRoot: runner.allowsOutsideRoot,
      limit: limit)
    if case .refused(let reason) = read {
      // Never shown (a link to `/proc/self/environ` must not reach a CI log), never
      // written over: whatever is there is the user's to move.
      result.outcome = .refusedGolden(reason: reason)
      return result
    }
    if let failed = output.failedStep {
      // A failed step (an `expect` that did not hold, a `tap` that matched nothing) is
      // never approved output: not written in any mode, and
      // failing on every run even if an older run recorded it.
      var diff: String?
      if case .text(let text) = read {
        let golden = GoldenFile(parsing: text)
        if golden?.body != actual.body {
          let header = golden.map { $0.headerLine + "\n" } ?? ""
          diff = UnifiedDiff(old: text, new: header + actual.body)
            .text(oldName: result.goldenPath, newName: "actual output")
        }
      }
      result.outcome = .failedStep(failed, diff: diff)
      return result
    }
    let text: String
    switch read {
    case .text(let read):
      text = read
    case .missing:
      result.outcome = .missingGolden
      record(actual, at: location, into: &result, isMissing: true)
      return result
    case .tooLarge:
      // What it holds was not read; only `--record failed|all` replaces it.
      result.outcome = .oversizedGolden
      record(actual, at: location, into: &result, isFailed: true)
      return result
    case .refused:
      return result  // handled above
    }
    guard let golden = GoldenFile(parsing: text) else {
      let diff = UnifiedDiff(old: text, new: actual.text)
      result.outcome = .invalidGolden(
        diff: diff.text(oldName: result.goldenPath, newName: "actual output"))
      record(actual, at: location, into: &result, isFailed: true)
      return result
    }
    if golden.body == actual.body {
      let isStale = golden.inputs != actual.inputs
      result.outcome = isStale ? .stale : .passed
      record(actual, at: location, into: &result, isStale: isStale)
      return result
    }
    // Diff under the golden's own header, so hunks number the golden file's lines.
    let diff = UnifiedDiff(old: text, new: golden.headerLine + "\n" + actual.body)
    result.outcome = .mismatch(
      diff: diff.text(oldName: result.goldenPath, newName: "actual output"),
      line: diff.firstChangedLine ?? 1, inputsChanged: golden.inputs != actual.inputs)
    record(actual, at: location, into: &result, isFailed: true)
    return result
  }

  private func record(
    _ golden: GoldenFile, at location: String, into result: inout ScenarioResult,
    isMissing: Bool = false, isFailed: Bool = false, isStale: Bool = false
  ) {
    guard recordMode.writes(isMissing: isMissing, isFailed: isFailed, isStale: isStale),
      cancellation?.isCancelled != true
    else {
      if isMissing { result.recording = .withheld(reason: withheldReason) }
      return
    }
    let text = golden.text
    // Never what the next run would refuse to read: that golden could never be replaced.
    guard text.utf8.count <= limit else {
      result.recording = .failed(
        reason: "the output is larger than \(InputLimit.text(limit)), the most a"
          + " golden can be; it was not written")
      return
    }
    if let reason = GoldenWriter.write(
      text, path: result.goldenPath, location: location, temporaryFiles: temporaryFiles)
    {
      result.recording = .failed(reason: reason)
    } else {
      result.recording = isStale && recordMode != .all ? .refreshedHeader : .wrote
    }
  }
}
