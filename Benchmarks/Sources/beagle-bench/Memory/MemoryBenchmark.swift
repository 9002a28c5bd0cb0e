import Foundation

/// `beagle-bench memory`: the whole-process peak resident memory and wall time of
/// `beagle-run` for every verb and format on one clean screen (10 MB by default),
/// against issue #20's targets: peak ≤ 5× the input; the whole `check` process ≥ 4×
/// faster than Foundation's `JSONSerialization` parses the same file, `run --format
/// json` ≥ 2×.
///
/// Each workload runs `runs` times (after one untimed warm-up run) in a child
/// process of its own; a run's peak is the child's `ru_maxrss` from `wait4`, its
/// time from `posix_spawn` to `wait4`, and the medians of the runs are reported.
/// The whole process is what the targets count: the Swift runtime and Foundation's
/// shared libraries included, which is why the report also shows `beagle-run
/// --version` (the baseline no input can go under) and each workload's peak on the
/// 1 KB screen. `JSONSerialization.jsonObject(with:)` is timed in a measuring child
/// (`beagle-bench measure jsonserialization FILE --runs N`) on the same file's
/// bytes, already read into a `Data`, after a warm-up: the parse alone.
struct MemoryBenchmark {
  /// The issue's target: peak resident memory of the whole process, as a multiple
  /// of the input's size.
  static let target = ScalingBenchmark.memoryTarget
  /// The issue's speed targets: how many times faster than `JSONSerialization`'s
  /// parse of the same file the whole process must be, by workload name.
  static let speedTargets: [(workload: String, times: Double)] = [
    ("check", 4), ("run --format json", 2),
  ]

  var options: MemoryOptions
  /// The package root.
  var root: String

  struct Row {
    var workload: ScalingWorkload
    /// Medians, in KiB: on the screen, and on the 1 KB screen.
    var peakKilobytes: Int
    var smallPeakKilobytes: Int
    /// The smallest and largest peak of the runs on the screen, in KiB.
    var range: ClosedRange<Int>
    var status: Int32
    /// Start-to-exit wall time on the screen, in seconds: median and fastest run.
    var medianSeconds: Double
    var fastestSeconds: Double
    /// The process's CPU time (user + system) on the screen, median, in seconds.
    var medianCPUSeconds: Double
  }

  struct Result {
    var executable: String
    var payload: Payload
    var runs: Int
    /// `beagle-run --version`, median, in KiB.
    var baselineKilobytes: Int
    var rows: [Row]
    /// `/proc/loadavg`'s first three fields when the measurement ended.
    var load: String?
    /// This process's own peak, in KiB: no child's peak reads lower (below).
    var floorKilobytes: Int
    /// `JSONSerialization.jsonObject(with:)` on the screen's bytes, in seconds:
    /// median and fastest of `runs`, and the median CPU time.
    var foundationSeconds: (median: Double, fastest: Double, cpu: Double)
  }

  func run() throws(BenchError) -> Result {
    let executable = try FileIO.releaseCLI(root: root, cliPath: options.cliPath)
    let store = PayloadStore(directory: root + "/Benchmarks/.payloads")
    let payload: Payload
    if let screen = options.screenPath {
      payload = try Payload.given(screen)
    } else {
      payload = try store.cleanScreen(megabytes: options.size)
    }
    let small = try store.smallScreen()
    let scriptPath = store.directory + "/scaling-script-v1.txt"
    try FileIO.store(Array(ScalingWorkload.script.utf8), atPath: scriptPath)

    let version = ChildProcess(
      executable: executable, arguments: ["--version"], standardOutput: .discard,
      standardError: .discard)
    let baseline = try peaks(of: version, runs: options.runs)
    var rows: [Row] = []
    for workload in ScalingWorkload.all {
      Log.progress("\(workload.name) on \(payload.label)…")
      func child(_ screen: Payload) -> ChildProcess {
        ChildProcess(
          executable: executable,
          arguments: workload.arguments(screen: screen.path, scriptPath: scriptPath),
          standardOutput: .discard, standardError: .discard)
      }
      let onSmall = try peaks(of: child(small), runs: options.runs)
      let onPayload = try peaks(of: child(payload), runs: options.runs)
      rows.append(
        Row(
          workload: workload, peakKilobytes: Self.median(onPayload.kilobytes),
          smallPeakKilobytes: Self.median(onSmall.kilobytes),
          range: (onPayload.kilobytes.min() ?? 0)...(onPayload.kilobytes.max() ?? 0),
          status: onPayload.status, medianSeconds: Statistics.median(onPayload.seconds),
          fastestSeconds: onPayload.seconds.min() ?? .nan,
          medianCPUSeconds: Statistics.median(onPayload.cpuSeconds)))
    }
    Log.progress("JSONSerialization on \(payload.label)…")
    let foundation = try foundationSeconds(path: payload.path, runs: options.runs)
    let load = (try? FileIO.readProcFile("/proc/loadavg")).map {
      String(decoding: $0, as: UTF8.self).split(separator: " ").prefix(3).joined(separator: " ")
    }
    return Result(
      executable: executable, payload: payload, runs: options.runs,
      baselineKilobytes: Self.median(baseline.kilobytes), rows: rows, load: load,
      floorKilobytes: ProcessMemory.peakResidentKilobytes(), foundationSeconds: foundation)
  }

  /// The peaks and wall times of `runs` runs after an untimed warm-up, and the last
  /// failing status.
  private func peaks(
    of child: ChildProcess, runs: Int
  ) throws(BenchError) -> (
    kilobytes: [Int], seconds: [Double], cpuSeconds: [Double], status: Int32
  ) {
    _ = try child.run()
    var kilobytes: [Int] = []
    var seconds: [Double] = []
    var cpuSeconds: [Double] = []
    var status: Int32 = 0
    for _ in 0..<runs {
      let outcome = try child.run()
      if outcome.status != 0 { status = outcome.status }
      kilobytes.append(outcome.peakResidentKilobytes)
      seconds.append(Statistics.seconds(outcome.wallTime))
      cpuSeconds.append(Statistics.seconds(outcome.cpuTime))
    }
    return (kilobytes, seconds, cpuSeconds, status)
  }

  /// `JSONSerialization`'s parse of the file at `path`, timed `runs` times in a
  /// measuring child: the median and the fastest run, and the median CPU time, in
  /// seconds.
  private func foundationSeconds(
    path: String, runs: Int
  ) throws(BenchError) -> (median: Double, fastest: Double, cpu: Double) {
    let process = ChildProcess(
      executable: ChildProcess.currentExecutable(),
      arguments: ["measure", MeasurementKind.foundation.rawValue, path, "--runs", String(runs)])
    let outcome = try process.run()
    guard outcome.status == 0, let report = MeasureCommand.Report(output: outcome.output) else {
      throw .childFailed(command: process.commandLine, detail: "exit status \(outcome.status)")
    }
    let seconds = report.times.map(Statistics.seconds)
    return (
      Statistics.median(seconds), seconds.min() ?? .nan,
      Statistics.median(report.cpuTimes.map(Statistics.seconds))
    )
  }

  static func median(_ values: [Int]) -> Int {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// `kilobytes` (KiB) as a multiple of `bytes`.
  static func multiple(_ kilobytes: Int, of bytes: Int) -> Double {
    Double(kilobytes) * 1_024 / Double(bytes)
  }

  static func render(_ result: Result) -> String {
    let input = result.payload.byteCount
    var table = TextTable(
      header: [
        "workload", "peak (median)", "runs' range", "× input", "1 KB screen",
        "above 1 KB, × input",
      ])
    var verdicts: [String] = []
    for row in result.rows {
      let whole = multiple(row.peakKilobytes, of: input)
      let above = multiple(max(0, row.peakKilobytes - row.smallPeakKilobytes), of: input)
      let failed = row.status == 0 ? "" : " (exit \(row.status))"
      table.rows.append([
        row.workload.name,
        megabytes(row.peakKilobytes) + failed,
        megabytes(row.range.lowerBound) + "–" + megabytes(row.range.upperBound),
        Format.multiple(whole),
        atMost(row.smallPeakKilobytes, floor: result.floorKilobytes),
        Format.multiple(above),
      ])
      let mark = whole <= target ? "PASS" : "FAIL"
      verdicts.append(
        "\(mark) \(row.workload.name): whole-process peak on \(result.payload.label) "
          + "\(megabytes(row.peakKilobytes)), \(Format.multiple(whole)) the input "
          + "(target ≤ \(Format.number(target))×)")
    }
    let foundation = result.foundationSeconds
    var speedTable = TextTable(
      header: [
        "workload", "wall time (median)", "fastest", "JSONSerialization ÷ workload",
        "CPU time (median)", "CPU: JSONSerialization ÷ workload",
      ])
    for row in result.rows {
      speedTable.rows.append([
        row.workload.name, Format.milliseconds(row.medianSeconds * 1_000),
        Format.milliseconds(row.fastestSeconds * 1_000),
        Format.multiple(foundation.median / row.medianSeconds),
        Format.milliseconds(row.medianCPUSeconds * 1_000),
        Format.multiple(foundation.cpu / row.medianCPUSeconds),
      ])
    }
    for (name, times) in speedTargets {
      guard let row = result.rows.first(where: { $0.workload.name == name }) else { continue }
      let ratio = foundation.median / row.medianSeconds
      let mark = ratio >= times && row.status == 0 ? "PASS" : "FAIL"
      verdicts.append(
        "\(mark) \(name): the whole process \(Format.multiple(ratio)) faster than "
          + "JSONSerialization's parse of \(result.payload.label) "
          + "(\(Format.milliseconds(row.medianSeconds * 1_000)) against "
          + "\(Format.milliseconds(foundation.median * 1_000)); target ≥ \(Format.number(times))×; "
          + "CPU time \(Format.multiple(foundation.cpu / row.medianCPUSeconds)))")
    }
    let baseline = result.baselineKilobytes
    let room = Double(input) * target / 1_024 - Double(baseline)
    return """

      Peak memory and wall time (whole beagle-run processes, ru_maxrss and spawn to exit; \
      median of \(result.runs) runs after a warm-up)

        \(result.executable)
        input: \(result.payload.path) (\(result.payload.label))
        baseline: beagle-run --version peaks at \(atMost(baseline, floor: result.floorKilobytes)), \
      \(Format.multiple(multiple(baseline, of: input))) the input; \
      the target leaves \(megabytes(Int(room))) above it
        load average at the end: \(result.load ?? "n/a")

      A spawned child's ru_maxrss on Linux starts at its parent's resident size, here \
      \(megabytes(result.floorKilobytes)) (this process's own peak): a smaller peak shows as \
      "≤" that (use /usr/bin/time -f %M for the exact figure). MB are MiB; the input is \
      \(result.payload.byteCount) bytes.

      \(table.render())

      Wall time of each whole process against JSONSerialization.jsonObject(with:) parsing \
      the same file already in memory (median \(Format.milliseconds(foundation.median * 1_000)), \
      fastest \(Format.milliseconds(foundation.fastest * 1_000)), CPU time \
      \(Format.milliseconds(foundation.cpu * 1_000)), \(result.runs) runs in one child). The targets \
      are on wall time; CPU time (a process is not charged for waiting for a core) is the \
      steadier comparison on a busy machine:

      \(speedTable.render())

      \(verdicts.map { "  " + $0 }.joined(separator: "\n"))

      """
  }

  /// `kilobytes` as MB, or "≤ floor" when it may be the parent's peak, not the child's.
  private static func atMost(_ kilobytes: Int, floor: Int) -> String {
    kilobytes <= floor ? "≤ " + megabytes(floor) : megabytes(kilobytes)
  }

  private static func megabytes(_ kilobytes: Int) -> String {
    Format.fixed(Double(kilobytes) / 1_024, 1) + " MB"
  }
}

/// Options of `beagle-bench memory`.
struct MemoryOptions: Equatable {
  /// The screen's size in MB (10^6 bytes).
  var size = 10.0
  var runs = 3
  /// The CLI to measure; default `.build/release/beagle-run` in the package root.
  var cliPath: String?
  /// A screen to measure instead of the generated one (`--screen PATH`).
  var screenPath: String?
}
