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

    let actual = GoldenFile(inputs: output.inputs, body: output.body)
    let location = runner.environment.location(of: result.goldenPath)
    result.firstError = output.firstError
    if let failed = output.failedStep {
      // A failed step (an `expect` that did not hold, a `tap` that matched nothing) is
      // never approved output: not written in any mode, and
      // failing on every run even if an older run recorded it.
      var diff: String?
      if case .text(let text) = Self.readGolden(at: location) {
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
    switch Self.readGolden(at: location) {
    case .text(let read):
      text = read
    case .missing:
      result.outcome = .missingGolden
      record(actual, at: location, into: &result, isMissing: true)
      return result
    case .tooLarge:
      // Never recorded over: what it holds was not read, so nothing says it is a golden.
      result.outcome = .oversizedGolden
      return result
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

  /// What reading a golden gave.
  private enum GoldenRead {
    case text(String)
    /// No file there, or one that cannot be read (as before: it is recorded).
    case missing
    /// Larger than ``InputLimit/bytes``.
    case tooLarge
  }

  /// The golden at `location`, read as every input is: never more than
  /// ``InputLimit/bytes`` (``FileBytes``).
  private static func readGolden(at location: String) -> GoldenRead {
    do {
      return .text(String(decoding: try FileBytes.read(atPath: location), as: UTF8.self))
    } catch .tooLarge {
      return .tooLarge
    } catch {
      return .missing
    }
  }

  private func record(
    _ golden: GoldenFile, at location: String, into result: inout ScenarioResult,
    isMissing: Bool = false, isFailed: Bool = false, isStale: Bool = false
  ) {
    guard recordMode.writes(isMissing: isMissing, isFailed: isFailed, isStale: isStale) else {
      if isMissing { result.recording = .withheld(reason: withheldReason) }
      return
    }
    if let reason = ReportFile.write(golden.text, path: result.goldenPath, location: location) {
      result.recording = .failed(reason: reason)
    } else {
      result.recording = isStale && recordMode != .all ? .refreshedHeader : .wrote
    }
  }
}
