/// The whole benchmark: generates the payloads, runs every measurement in a
/// child process of its own, times the other parsers and the CLI.
struct Benchmark {
  var options: BenchOptions
  /// The package root (payloads and the CLI are found relative to it).
  var root: String
  /// This executable, re-run as the measuring child.
  var executable: String

  func run() throws(BenchError) -> Report {
    let store = PayloadStore(directory: root + "/Benchmarks/.payloads")
    let smallScreen = try store.smallScreen()
    let decodeNote = decodeAvailability(smallScreen)
    var kinds = MeasurementKind.allCases
    if decodeNote != nil { kinds.removeAll { $0 == .decode } }

    Log.progress("measuring the idle baseline of each child…")
    var baselines: [MeasurementKind: Int] = [:]
    for kind in kinds {
      baselines[kind] = try child(kind, arguments: ["--idle"]).peakKilobytes
    }

    var results: [PayloadResult] = []
    var payloads: [Payload] = []
    for size in options.sizes {
      payloads.append(try store.screen(megabytes: size))
      if options.includesPretty {
        payloads.append(try store.screen(megabytes: size, isMinified: false))
      }
    }
    for payload in payloads {
      let runs = options.runs
      var result = PayloadResult(payload: payload, runs: runs)
      for kind in kinds {
        Log.progress("\(payload.label): \(kind.title) (runs: \(runs))…")
        let report = try child(kind, arguments: [payload.path, "--runs", String(runs)])
        let seconds = report.times.map(Statistics.seconds)
        let measurement = ChildMeasurement(
          medianSeconds: Statistics.median(seconds), fastestSeconds: seconds.min() ?? .nan,
          slowestSeconds: seconds.max() ?? .nan, runs: runs,
          memory: MemoryUse(
            peakKilobytes: report.peakKilobytes, baselineKilobytes: baselines[kind] ?? 0))
        result.measurements[kind] = .measured(measurement)
      }
      if let decodeNote { result.measurements[.decode] = .unavailable(decodeNote) }
      Log.progress("\(payload.label): node, python…")
      result.node = ExternalParser.node.medianSeconds(path: payload.path, runs: runs)
      result.python = ExternalParser.python.medianSeconds(path: payload.path, runs: runs)
      results.append(result)
    }

    let cli = options.cliPath ?? root + "/.build/release/beagle-run"
    Log.progress("CLI start-up on \(smallScreen.path)…")
    let startup = CLIStartup.measure(
      executable: cli, isDefaultPath: options.cliPath == nil, screen: smallScreen)
    return Report(options: options, payloads: results, startup: startup, decodeNote: decodeNote)
  }

  /// nil when `decodeBenchmark(bytes:)` works, else what to print instead.
  private func decodeAvailability(_ screen: Payload) -> String? {
    do {
      let bytes = try FileIO.readBytes(atPath: screen.path)
      return try decodeBenchmark(bytes: bytes) == nil ? decodeUnavailableNote : nil
    } catch {
      return "n/a (decoder failed on \(screen.path): \(error))"
    }
  }

  private func child(
    _ kind: MeasurementKind, arguments: [String]
  ) throws(BenchError) -> MeasureCommand.Report {
    let process = ChildProcess(
      executable: executable, arguments: ["measure", kind.rawValue] + arguments)
    let outcome = try process.run()
    guard outcome.status == 0, let report = MeasureCommand.Report(output: outcome.output) else {
      throw .childFailed(command: process.commandLine, detail: "exit status \(outcome.status)")
    }
    return report
  }
}
