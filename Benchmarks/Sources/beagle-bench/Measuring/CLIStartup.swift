/// Start-to-exit time of `beagle-run FILE` on a 1 KB screen: what a user waits
/// for on every invocation, dominated by process start-up and dynamic linking.
enum CLIStartup {
  static let runs = 20
  /// Untimed runs first, so the executable and its libraries are in the page cache.
  static let warmUpRuns = 2

  static let unbuiltNote = "n/a (build beagle-run in release first)"

  /// - Parameter isDefaultPath: whether `executable` is the default location
  ///   (then a missing file means the CLI was not built yet).
  static func measure(
    executable: String, isDefaultPath: Bool, screen: Payload
  ) -> Outcome<StartupResult> {
    guard FileIO.isExecutable(executable) else {
      return .unavailable(isDefaultPath ? unbuiltNote : "n/a (no executable at '\(executable)')")
    }
    let child = ChildProcess(
      executable: executable, arguments: [screen.path], standardOutput: .discard,
      standardError: .discard)
    var milliseconds: [Double] = []
    var status: Int32?
    do throws(BenchError) {
      for run in 0..<(warmUpRuns + runs) {
        let outcome = try child.run()
        if status == nil || outcome.status != 0 { status = outcome.status }
        if run >= warmUpRuns { milliseconds.append(Statistics.seconds(outcome.wallTime) * 1_000) }
      }
    } catch {
      return .unavailable("n/a (\(error))")
    }
    return .measured(
      StartupResult(
        executable: executable, medianMilliseconds: Statistics.median(milliseconds),
        fastestMilliseconds: milliseconds.min() ?? .nan, runs: runs, status: status ?? 0))
  }
}
