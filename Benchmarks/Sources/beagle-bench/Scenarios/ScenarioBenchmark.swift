#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times `beagle-run test` over generated golden scenarios, run as CI runs them
/// (worker processes, one per core, each testing one scenario at a time).
///
/// The scenarios are written once to `Benchmarks/.payloads/scenarios-vN-COUNT/`
/// (gitignored); an untimed first run records their goldens (and warms the page
/// cache), then each timed run must pass every scenario.
struct ScenarioBenchmark {
  /// The target for 1 000 scenarios on the project's 2-core machine.
  static let targetSeconds = 10.0

  var options: ScenarioBenchOptions
  /// The package root.
  var root: String

  struct Result {
    var executable: String
    var folder: String
    var count: Int
    var runs: Int
    var medianSeconds: Double
    var fastestSeconds: Double
    /// The largest peak resident set of the timed runs, in KiB.
    var peakKilobytes: Int
  }

  func run() throws(BenchError) -> Result {
    let executable = try FileIO.releaseCLI(root: root, cliPath: options.cliPath)
    let folder =
      root + "/Benchmarks/.payloads/scenarios-v\(ScenarioGenerator.version)-\(options.count)"
    try generate(into: folder)

    Log.progress("recording goldens and warming up: \(executable) test \(folder)…")
    _ = try child(executable, folder).run()

    let runs = try TimedRuns.measure(
      child(executable, folder), count: options.runs, label: "beagle-run test",
      hint: "; run it to see which scenarios fail")
    return Result(
      executable: executable, folder: folder, count: options.count, runs: options.runs,
      medianSeconds: runs.medianSeconds, fastestSeconds: runs.fastestSeconds,
      peakKilobytes: runs.peakKilobytes)
  }

  /// Writes the scenarios unless a complete set is already there.
  private func generate(into folder: String) throws(BenchError) {
    let marker = folder + "/.complete"
    if FileIO.size(ofFileAt: marker) != nil { return }
    Log.progress("generating \(options.count) scenarios in \(folder)…")
    var generator = ScenarioGenerator()
    for file in generator.files(count: options.count) {
      let path = folder + "/" + file.path
      if let slash = path.lastIndex(of: "/") { try FileIO.makeDirectory(String(path[..<slash])) }
      try FileIO.store(file.bytes, atPath: path)
    }
    try FileIO.store([], atPath: marker)
  }

  /// `beagle-run test FOLDER`, output discarded, outside CI (so goldens are recorded).
  private func child(_ executable: String, _ folder: String) -> ChildProcess {
    var child = ChildProcess(
      executable: executable, arguments: ["test", folder], standardOutput: .discard,
      standardError: .discard)
    child.removedVariables = ["CI", "GITHUB_ACTIONS"]
    return child
  }

  static func render(_ result: Result) -> String {
    let median = result.medianSeconds
    let verdict = median < targetSeconds ? "PASS" : "FAIL"
    return """

      Golden scenarios (beagle-run test: one worker process per core)

        \(result.executable) test \(result.folder)
        \(result.count) scenarios, median of \(result.runs) runs: \(Format.fixed(median * 1_000, 0)) ms (fastest \(Format.fixed(result.fastestSeconds * 1_000, 0)) ms), \(Format.fixed(Double(result.count) / median, 0)) scenarios/s, peak memory \(Format.fixed(Double(result.peakKilobytes) / 1_024, 1)) MB  [\(verdict) target < \(Format.number(targetSeconds)) s]

      """
  }
}
