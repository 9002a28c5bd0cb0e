import BeagleJSON
import BeagleRuntime

/// What testing one scenario gave: how its output compared with its golden, and
/// whether the golden was written.
struct ScenarioResult: Sendable, Equatable {
  enum Outcome: Sendable, Equatable {
    /// The output matches the golden.
    case passed
    /// The output matches, but the golden was recorded from other inputs (its
    /// header's hash differs). Not a failure, as in swift-snapshot-testing: the
    /// output is what was approved.
    case stale
    case skipped(reason: String)
    /// The scenario file (or its script) is broken; `file` is where the error is.
    case invalidScenario(ScenarioError, file: String)
    case missingGolden
    /// The output differs: the unified diff, the golden line where it starts, and
    /// whether the inputs changed since the golden was recorded.
    case mismatch(diff: String, line: Int, inputsChanged: Bool)
    /// The golden has no v1 header line (not recorded by `beagle-run test`).
    case invalidGolden(diff: String)
    /// The golden is larger than ``InputLimit/bytes``: not read; only `--record
    /// failed|all` writes over it.
    case oversizedGolden
    /// The golden exists but is not used: outside the scenario's folder (a symbolic
    /// link), not a regular file, or unreadable. `reason` names it and says why;
    /// what it holds is never read, shown or written over.
    case refusedGolden(reason: String)
    /// A step failed (an `expect` did not hold, or a step could not be performed)
    /// and stopped the run: never recorded, whatever the mode. The diff is against
    /// the golden when one exists and differs.
    case failedStep(FailedStep, diff: String?)
    /// The scenario did not finish: it crashed the process running it, or went over
    /// its time or memory budget. `reason` says which; `log` is what the process
    /// printed on stderr (a crash's message).
    case interrupted(reason: String, log: String)
  }

  /// What happened to the golden file on this run.
  enum Recording: Sendable, Equatable {
    /// The golden was written (created or rewritten).
    case wrote
    /// Only the header of a stale golden was rewritten (`--record failed`): its
    /// output is what was approved, so there is nothing to review and it passes.
    case refreshedHeader
    /// A missing golden was not written; the reason says why (`CI=true`).
    case withheld(reason: String)
    /// Writing failed.
    case failed(reason: String)
  }

  /// The scenario file, as found.
  var path: String
  var goldenPath: String
  var outcome: Outcome
  var recording: Recording?
  /// What the scenario exercised (`test --coverage`).
  var coverage: CoverageSample?
  /// Its drawing, from the run that gave this result (`test --html`).
  var drawing: ScenarioDrawing?
  /// How long the scenario took, for the JUnit report.
  var seconds: Double = 0
  /// The first `error:` line the scenario printed on stderr, shown on a FAIL line.
  var firstError: String?

  var isSkipped: Bool {
    if case .skipped = outcome { return true }
    return false
  }

  /// Failed: a broken scenario or golden, a missing golden, a mismatch, or any
  /// golden written on this run (a recording run never passes).
  var isFailure: Bool {
    switch outcome {
    case .passed, .stale, .skipped: recording != nil && recording != .refreshedHeader
    case .invalidScenario, .missingGolden, .mismatch, .invalidGolden, .oversizedGolden,
      .refusedGolden, .failedStep, .interrupted:
      true
    }
  }

  /// One line saying what happened, after the scenario's path.
  var summary: String {
    switch outcome {
    case .missingGolden, .mismatch, .invalidGolden:
      return outcomeSummary + (firstError.map { "; first error: \($0)" } ?? "")
    default:
      return outcomeSummary
    }
  }

  private var outcomeSummary: String {
    let wrote = recording == .wrote
    switch outcome {
    case .passed:
      return wrote ? "recorded \(goldenPath) again (--record all)" : ""
    case .stale:
      switch recording {
      case .refreshedHeader:
        return "refreshed the stale header of \(goldenPath) (the output is unchanged)"
      case .wrote:
        return "recorded \(goldenPath) again (--record all)"
      default:
        return "stale golden: its inputs changed since it was recorded, its output did not"
          + " (--record failed refreshes its header)"
      }
    case .skipped(let reason):
      return reason
    case .invalidScenario:
      return "invalid scenario"
    case .missingGolden:
      switch recording {
      case .wrote: return "no golden yet; recorded \(goldenPath): review it, then run again"
      case .withheld(let reason): return "no golden \(goldenPath) (not recorded: \(reason))"
      default: return "no golden \(goldenPath)"
      }
    case .mismatch(_, _, let inputsChanged):
      let why =
        inputsChanged
        ? "its inputs changed since it was recorded"
        : "its inputs did not change since it was recorded, so beagle-run's behaviour did"
      return "output differs from \(goldenPath) (\(why))"
        + (wrote ? "; recorded the new output" : "")
    case .invalidGolden:
      return "\(goldenPath) has no '\(GoldenFile.headerPrefix)…' first line"
        + (wrote ? "; recorded it again" : "; record it again with --record failed")
    case .oversizedGolden:
      return "golden \(InputError.tooLarge(goldenPath, limit: InputLimit.bytes).description)"
        + (wrote ? "; recorded the new output" : "; '--record failed' replaces it")
    case .refusedGolden(let reason):
      return "golden \(reason); nothing was written"
    case .failedStep(let failed, _):
      return failed.summary
    case .interrupted(let reason, _):
      return reason
    }
  }

  /// The lines under the summary: the located error or the diff.
  var details: String {
    var text = ""
    switch outcome {
    case .invalidScenario(let error, let file):
      text = "\(file)\(error.line.map { ":\($0)" } ?? ""): error: \(error.description)\n"
    case .mismatch(let diff, _, _), .invalidGolden(let diff):
      text = diff
    case .failedStep(let failed, let diff):
      text = failed.locatedError + "\n" + (diff ?? "")
    case .interrupted(_, let log):
      text = log
    default:
      break
    }
    if case .failed(let reason) = recording {
      text += "beagle-run: error: cannot write \(goldenPath): \(reason)\n"
    }
    return text
  }

  /// The file and line a CI annotation points at.
  var place: (file: String, line: Int) {
    switch outcome {
    case .invalidScenario(let error, let file): (file, error.line ?? 1)
    case .mismatch(_, let line, _): (goldenPath, line)
    case .failedStep(let failed, _): (failed.file, failed.line)
    case .missingGolden, .interrupted: (path, 1)
    default: (goldenPath, 1)
    }
  }
}
