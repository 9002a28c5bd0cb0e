import Foundation

/// Times `beagle-run graph` over a generated BFF of linked screens (1 000 by
/// default) written to a temporary folder: one process per run, as a user runs it.
struct GraphBenchmark {
  /// The target for 1 000 screens on the project's 2-core machine.
  static let targetSeconds = 2.0

  var options: GraphBenchOptions
  /// The package root.
  var root: String

  struct Result {
    var executable: String
    var count: Int
    var runs: Int
    var bytes: Int
    var medianSeconds: Double
    var fastestSeconds: Double
    var peakKilobytes: Int
    /// The graph's summary line (text format).
    var summary: String
  }

  func run() throws(BenchError) -> Result {
    let executable = try FileIO.releaseCLI(root: root, cliPath: options.cliPath)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("beagle-bench-graph-\(options.count)-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    Log.progress("generating \(options.count) screens in \(folder)…")
    try FileIO.makeDirectory(folder)
    var generator = GraphBFFGenerator()
    var bytes = 0
    for file in generator.files(count: options.count) {
      try FileIO.store(file.bytes, atPath: folder + "/" + file.name)
      bytes += file.bytes.count
    }
    let entry = folder + "/index.json"

    Log.progress("warming up: \(executable) graph \(entry)…")
    var summaryChild = ChildProcess(executable: executable, arguments: ["graph", entry])
    summaryChild.standardError = .discard
    let first = try summaryChild.run()
    guard first.status == 0 else {
      throw .childFailed(
        command: summaryChild.commandLine, detail: "exit status \(first.status)")
    }
    let summary = String(first.output.split(separator: "\n").first ?? "")
      .replacingOccurrences(of: folder + "/", with: "")

    let child = ChildProcess(
      executable: executable, arguments: ["graph", entry, "--format", "json"],
      standardOutput: .discard, standardError: .discard)
    let runs = try TimedRuns.measure(
      child, count: options.runs, label: "beagle-run graph --format json")
    return Result(
      executable: executable, count: options.count, runs: options.runs, bytes: bytes,
      medianSeconds: runs.medianSeconds, fastestSeconds: runs.fastestSeconds,
      peakKilobytes: runs.peakKilobytes, summary: summary)
  }

  static func render(_ result: Result) -> String {
    let median = result.medianSeconds
    let verdict = median < targetSeconds ? "PASS" : "FAIL"
    return """

      Navigation graph (beagle-run graph over a generated file BFF)

        \(result.executable) graph index.json --format json
        \(result.count) screens (\(Format.fixed(Double(result.bytes) / 1_000_000, 1)) MB), median of \(result.runs) runs: \(Format.fixed(median * 1_000, 0)) ms (fastest \(Format.fixed(result.fastestSeconds * 1_000, 0)) ms), peak memory \(Format.fixed(Double(result.peakKilobytes) / 1_024, 1)) MB  [\(verdict) target < \(Format.number(targetSeconds)) s]
        \(result.summary)

      """
  }
}
