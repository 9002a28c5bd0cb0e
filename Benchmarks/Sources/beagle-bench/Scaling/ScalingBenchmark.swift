import Foundation

/// `beagle-bench scaling`: times whole `beagle-run` processes on generated clean
/// screens of growing size and fits how each workload's time grows.
///
/// Every workload runs on every size `runs` times (after one untimed warm-up run);
/// the median wall time, the throughput, and the child's peak resident set are
/// reported. The growth exponent is the slope of a least-squares line through
/// (log size, log time), with the workload's time on the 1 KB screen (start-up)
/// subtracted first: 1.0 is linear, 2.0 quadratic.
struct ScalingBenchmark {
  /// The issue's target for every exponent.
  static let targetExponent = 1.15
  /// The issue's target for `run --format json` on 10 MB, in seconds.
  static let jsonTargetSeconds = 2.0
  /// The issue's target for peak memory on 10 MB, as a multiple of the input.
  static let memoryTarget = 5.0

  var options: ScalingOptions
  /// The package root.
  var root: String

  /// One workload on one size.
  struct Cell {
    /// The median of the runs (for start-up: the fastest).
    var medianSeconds: Double
    var peakKilobytes: Int
    var status: Int32
  }

  struct Row {
    var workload: ScalingWorkload
    /// Start-up: the same workload on the 1 KB screen, fastest of 9 runs.
    var startupSeconds: Double
    /// The peak resident set on the 1 KB screen (the runtime's own), in KiB.
    var startupPeakKilobytes: Int
    /// By size, in the order of ``ScalingOptions/sizes``; nil when skipped.
    var cells: [Cell?]
  }

  struct Result {
    var executable: String
    var payloads: [Payload]
    var runs: Int
    var rows: [Row]
  }

  func run() throws(BenchError) -> Result {
    let executable = try FileIO.releaseCLI(root: root, cliPath: options.cliPath)
    let store = PayloadStore(directory: root + "/Benchmarks/.payloads")
    var payloads: [Payload] = []
    for size in options.sizes { payloads.append(try store.cleanScreen(megabytes: size)) }
    let small = try store.smallScreen()
    let scriptPath = store.directory + "/scaling-script-v1.txt"
    try FileIO.store(Array(ScalingWorkload.script.utf8), atPath: scriptPath)

    var rows: [Row] = []
    for workload in options.workloads {
      // The fastest of several runs: start-up is short and easily disturbed.
      let startup = try measure(
        workload, on: small, executable: executable, scriptPath: scriptPath, runs: 9,
        statistic: { $0.min() ?? .nan })
      var cells: [Cell?] = []
      var isTooSlow = false
      for payload in payloads {
        guard !isTooSlow else {
          cells.append(nil)
          continue
        }
        Log.progress("\(workload.name) on \(payload.label)…")
        let cell = try measure(
          workload, on: payload, executable: executable, scriptPath: scriptPath,
          runs: options.runs)
        cells.append(cell)
        isTooSlow = cell.medianSeconds > options.limitSeconds
      }
      rows.append(
        Row(
          workload: workload, startupSeconds: startup.medianSeconds,
          startupPeakKilobytes: startup.peakKilobytes, cells: cells))
    }
    return Result(executable: executable, payloads: payloads, runs: options.runs, rows: rows)
  }

  private func measure(
    _ workload: ScalingWorkload, on payload: Payload, executable: String, scriptPath: String,
    runs: Int, statistic: ([Double]) -> Double = Statistics.median
  ) throws(BenchError) -> Cell {
    let child = ChildProcess(
      executable: executable,
      arguments: workload.arguments(screen: payload.path, scriptPath: scriptPath),
      standardOutput: .discard, standardError: .discard)
    _ = try child.run()  // warm-up: page cache, the file's pages
    var seconds: [Double] = []
    var peak = 0
    var status: Int32 = 0
    for _ in 0..<runs {
      let outcome = try child.run()
      if outcome.status != 0 { status = outcome.status }
      seconds.append(Statistics.seconds(outcome.wallTime))
      peak = max(peak, outcome.peakResidentKilobytes)
    }
    return Cell(medianSeconds: statistic(seconds), peakKilobytes: peak, status: status)
  }

  /// The slope of the least-squares line through (log x, log y).
  static func exponent(_ points: [(x: Double, y: Double)]) -> Double? {
    let logs = points.filter { $0.x > 0 && $0.y > 0 }.map { (x: log($0.x), y: log($0.y)) }
    guard logs.count >= 2 else { return nil }
    let count = Double(logs.count)
    let meanX = logs.map(\.x).reduce(0, +) / count
    let meanY = logs.map(\.y).reduce(0, +) / count
    var covariance = 0.0
    var variance = 0.0
    for point in logs {
      covariance += (point.x - meanX) * (point.y - meanY)
      variance += (point.x - meanX) * (point.x - meanX)
    }
    return variance > 0 ? covariance / variance : nil
  }

  static func exponent(of row: Row, payloads: [Payload]) -> Double? {
    var points: [(x: Double, y: Double)] = []
    for (payload, cell) in zip(payloads, row.cells) {
      guard let cell else { continue }
      points.append((Double(payload.byteCount), cell.medianSeconds - row.startupSeconds))
    }
    return exponent(points)
  }

  /// The whole process's peak as a multiple of the input's size.
  static func wholeMultiple(_ cell: Cell, payload: Payload) -> Double {
    Double(cell.peakKilobytes) * 1_024 / Double(payload.byteCount)
  }

  /// The peak above the 1 KB screen's, as a multiple of the input's size.
  static func extraMultiple(_ cell: Cell, row: Row, payload: Payload) -> Double {
    Double(max(0, cell.peakKilobytes - row.startupPeakKilobytes)) * 1_024
      / Double(payload.byteCount)
  }

  static func render(_ result: Result) -> String {
    let megabytes = result.payloads.map { Double($0.byteCount) / Double(PayloadStore.megabyte) }
    var time = TextTable(
      header: ["workload", "1 KB"] + result.payloads.map(\.label) + ["exponent"])
    var memory = TextTable(header: ["workload"] + result.payloads.map(\.label))
    var verdicts: [String] = []
    for row in result.rows {
      var cells = [row.workload.name, Format.milliseconds(row.startupSeconds * 1_000)]
      var memoryCells = [row.workload.name]
      for (index, cell) in row.cells.enumerated() {
        guard let cell else {
          cells.append("skipped")
          memoryCells.append("skipped")
          continue
        }
        let rate = megabytes[index] / cell.medianSeconds
        let failed = cell.status == 0 ? "" : " (exit \(cell.status))"
        cells.append(
          "\(Format.fixed(cell.medianSeconds * 1_000, 0)) ms, \(Format.throughput(rate)) MB/s"
            + failed)
        let payload = result.payloads[index]
        let whole = wholeMultiple(cell, payload: payload)
        let extra = extraMultiple(cell, row: row, payload: payload)
        memoryCells.append(
          "\(Format.fixed(Double(cell.peakKilobytes) / 1_024, 1)) MB "
            + "(\(Format.multiple(whole)) / \(Format.multiple(extra)))")
      }
      let exponent = exponent(of: row, payloads: result.payloads)
      cells.append(exponent.map { Format.fixed($0, 2) } ?? "n/a")
      time.rows.append(cells)
      memory.rows.append(memoryCells)
      if let exponent {
        let mark = exponent <= targetExponent ? "PASS" : "FAIL"
        verdicts.append(
          "\(mark) \(row.workload.name): exponent \(Format.fixed(exponent, 2)) "
            + "(target ≤ \(Format.number(targetExponent)))")
      }
      if let last = row.cells.last, let cell = last,
        let payload = result.payloads.last, payload.byteCount >= 10 * PayloadStore.megabyte
      {
        // The target counts the whole process, runtime and shared libraries included.
        let multiple = wholeMultiple(cell, payload: payload)
        let mark = multiple <= memoryTarget ? "PASS" : "FAIL"
        verdicts.append(
          "\(mark) \(row.workload.name): whole-process peak memory on \(payload.label) "
            + "\(Format.multiple(multiple)) the input (target ≤ \(Format.number(memoryTarget))×)")
        if row.workload.arguments == ["run", "--format", "json"] {
          let mark = cell.medianSeconds < jsonTargetSeconds ? "PASS" : "FAIL"
          verdicts.append(
            "\(mark) run --format json on \(payload.label): "
              + "\(Format.fixed(cell.medianSeconds, 2)) s (target < \(Format.number(jsonTargetSeconds)) s)"
          )
        }
      }
    }
    return """

      Scaling (whole beagle-run processes; median of \(result.runs) runs after a warm-up)

        \(result.executable)

      \(time.render())

      Peak resident memory (the whole process, ru_maxrss) and, in brackets, as a
      multiple of the input: the whole peak (what the target counts) / the peak above
      the same workload's on the 1 KB screen (the runtime's own)

      \(memory.render())

      \(verdicts.map { "  " + $0 }.joined(separator: "\n"))

      """
  }
}

/// Options of `beagle-bench scaling`.
struct ScalingOptions: Equatable {
  /// Payload sizes in MB (10^6 bytes).
  var sizes: [Double] = [0.1, 0.3, 1, 3, 10]
  var runs = 3
  /// The CLI to time; default `.build/release/beagle-run` in the package root.
  var cliPath: String?
  /// Larger sizes are skipped for a workload once one size takes longer than this.
  var limitSeconds = 60.0
  var workloads = ScalingWorkload.all
}
