import Foundation

/// `beagle-bench instructions`: instructions per byte of whole `beagle-run`
/// processes, counted by callgrind, start-up subtracted.
///
/// For `check`, `run` and `run --format json` it runs the CLI under `valgrind
/// --tool=callgrind` on the clean screen of `--size` MB (minified, and
/// pretty-printed as a second column) and on the 1 KB screen, and reports
///
///     (instructions on the screen − instructions on the 1 KB screen) / screen bytes
///
/// Instruction counts do not depend on the machine's load, so this is the figure to
/// compare on a shared machine. The CLI is copied into a folder of its own with its
/// debug information stripped (`strip --strip-debug`): valgrind refuses the DWARF the
/// Swift toolchain writes, and a binary beside many files starts slower (its folder
/// is listed at start-up).
struct InstructionsBenchmark {
  /// The issue's targets on a 1 MB minified screen, per workload name.
  static let targets: [String: Double] = [
    "check": 120, "run (text)": 180, "run --format json": 180,
  ]

  /// The workloads measured: those the issue's targets name.
  static let workloads = ScalingWorkload.all.filter { targets[$0.name] != nil }

  var options: InstructionsOptions
  /// The package root.
  var root: String

  struct Row {
    var workload: ScalingWorkload
    /// Instructions per byte, minified and pretty-printed (median of the runs); no
    /// pretty-printed figure for a screen given with `--screen`.
    var minified: Double
    var pretty: Double?
    /// Total instructions of the runs on the minified screen and on the 1 KB screen.
    var minifiedTotals: [Int]
    var smallTotals: [Int]
  }

  struct Result {
    var executable: String
    var minified: Payload
    var pretty: Payload?
    var small: Payload
    var runs: Int
    var rows: [Row]
  }

  func run() throws(BenchError) -> Result {
    guard let valgrind = ChildProcess.find("valgrind") else {
      throw .invalidArgument(
        "valgrind is not installed, so instructions cannot be counted: install it (Debian and"
          + " Ubuntu: apt-get install valgrind) and run 'beagle-bench instructions' again")
    }
    guard let strip = ChildProcess.find("strip") else {
      throw .invalidArgument(
        "'strip' is not on PATH: valgrind needs a copy of beagle-run without debug information"
          + " (Debian and Ubuntu: apt-get install binutils)")
    }
    let cli = try FileIO.releaseCLI(root: root, cliPath: options.cliPath)
    let store = PayloadStore(directory: root + "/Benchmarks/.payloads")
    let minified: Payload
    let pretty: Payload?
    if let screen = options.screenPath {
      (minified, pretty) = (try Payload.given(screen), nil)
    } else {
      minified = try store.cleanScreen(megabytes: options.size)
      pretty = try store.cleanScreen(megabytes: options.size, isMinified: false)
    }
    let small = try store.smallScreen()

    let folder = try FileIO.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let executable = folder + "/bin/beagle-run"
    try FileIO.makeDirectory(folder + "/bin")
    try ChildProcess.copyStripped(cli, to: executable, strip: strip)

    func count(_ workload: ScalingWorkload, _ screen: Payload) throws(BenchError) -> Int {
      let output = folder + "/callgrind.out"
      let process = ChildProcess(
        executable: valgrind,
        arguments: ["--tool=callgrind", "--callgrind-out-file=" + output]
          + [executable] + workload.arguments(screen: screen.path, scriptPath: ""),
        standardOutput: .discard, standardError: .discard)
      let outcome = try process.run()
      guard let total = Self.totalInstructions(try FileIO.readBytes(atPath: output)) else {
        throw .childFailed(
          command: process.commandLine,
          detail: "exit status \(outcome.status), no instruction total in \(output)")
      }
      return total
    }

    var rows: [Row] = []
    for workload in Self.workloads {
      var smallTotals: [Int] = []
      var minifiedTotals: [Int] = []
      var prettyTotals: [Int] = []
      for run in 1...options.runs {
        Log.progress("\(workload.name) under callgrind, run \(run) of \(options.runs)…")
        smallTotals.append(try count(workload, small))
        minifiedTotals.append(try count(workload, minified))
        if let pretty { prettyTotals.append(try count(workload, pretty)) }
      }
      let startup = Double(Self.median(smallTotals))
      rows.append(
        Row(
          workload: workload,
          minified: (Double(Self.median(minifiedTotals)) - startup) / Double(minified.byteCount),
          pretty: pretty.map {
            (Double(Self.median(prettyTotals)) - startup) / Double($0.byteCount)
          },
          minifiedTotals: minifiedTotals, smallTotals: smallTotals))
    }
    return Result(
      executable: cli, minified: minified, pretty: pretty, small: small, runs: options.runs,
      rows: rows)
  }

  /// The `totals:` (or `summary:`) line of a callgrind output file: instructions.
  static func totalInstructions(_ file: [UInt8]) -> Int? {
    let text = String(decoding: file, as: UTF8.self)
    for line in text.split(separator: "\n").reversed() {
      for prefix in ["totals:", "summary:"] where line.hasPrefix(prefix) {
        let number = line.dropFirst(prefix.count).split(separator: " ").first
        if let number, let value = Int(number) { return value }
      }
    }
    return nil
  }

  static func median(_ values: [Int]) -> Int {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[sorted.count / 2]
  }

  static func render(_ result: Result) -> String {
    var table = TextTable(
      header: [
        "command",
        result.pretty == nil ? result.minified.label : "minified (\(result.minified.label))",
        result.pretty.map { "pretty (\($0.label))" } ?? "pretty", "target",
      ])
    var verdicts: [String] = []
    for row in result.rows {
      let target = targets[row.workload.name]
      table.rows.append([
        "`\(row.workload.name)`", Format.fixed(row.minified, 1),
        row.pretty.map { Format.fixed($0, 1) } ?? "—",
        target.map { "≤ " + Format.number($0) } ?? "—",
      ])
      if let target {
        let mark = row.minified <= target ? "PASS" : "FAIL"
        verdicts.append(
          "  \(mark)  \(row.workload.name) ≤ \(Format.number(target)) instructions/byte on "
            + "\(result.minified.label)\(result.pretty == nil ? "" : " minified"): "
            + Format.fixed(row.minified, 1))
      }
    }
    let startups = result.rows.map {
      "\($0.workload.name) \(Format.count(Double(median($0.smallTotals))))"
    }
    return """
      Instructions per byte (callgrind, whole process, start-up subtracted)

        \(result.executable) (stripped copy), median of \(result.runs) run(s)
        (instructions on the screen − on the 1 KB screen) / screen bytes
        screens: \(([result.minified.path] + (result.pretty.map { [$0.path] } ?? [])).joined(separator: ", "))
        start-up (1 KB screen): \(startups.joined(separator: ", "))

      \(table.render())
      Targets
      \(verdicts.joined(separator: "\n"))

      """
  }
}

/// Options of `beagle-bench instructions`.
struct InstructionsOptions: Equatable {
  /// The clean screen's size in MB (10^6 bytes).
  var size: Double = 1
  /// Runs per measurement under callgrind; the median is reported.
  var runs = 1
  /// The CLI to measure; default `.build/release/beagle-run` in the package root.
  var cliPath: String?
  /// A screen to measure instead of the generated ones (`--screen PATH`); it has no
  /// pretty-printed column.
  var screenPath: String?
}
