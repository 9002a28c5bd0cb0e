/// The wall times and the largest peak resident set of repeated runs of one child
/// process, as the graph and scenario benchmarks take them.
struct TimedRuns {
  var seconds: [Double] = []
  /// The largest peak resident set of the runs, in KiB.
  var peakKilobytes = 0

  var medianSeconds: Double { Statistics.median(seconds) }
  var fastestSeconds: Double { seconds.min() ?? .nan }

  /// Runs `child` `count` times, logging `label` and the run number; a run that
  /// exits non-zero stops the measurement with `hint` after its exit status.
  static func measure(
    _ child: ChildProcess, count: Int, label: String, hint: String = ""
  ) throws(BenchError) -> TimedRuns {
    var runs = TimedRuns()
    for run in 1...max(1, count) {
      Log.progress("\(label), run \(run) of \(count)…")
      let outcome = try child.run()
      guard outcome.status == 0 else {
        throw .childFailed(
          command: child.commandLine, detail: "exit status \(outcome.status)\(hint)")
      }
      runs.seconds.append(Statistics.seconds(outcome.wallTime))
      runs.peakKilobytes = max(runs.peakKilobytes, outcome.peakResidentKilobytes)
    }
    return runs
  }
}
