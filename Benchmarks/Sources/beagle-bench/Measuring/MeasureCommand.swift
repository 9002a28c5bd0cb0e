import BeagleJSON
import Foundation

/// The hidden subcommand a measuring child runs:
///
///     beagle-bench measure KIND FILE --runs N
///     beagle-bench measure KIND --idle
///
/// The child first warms the measured code up on a 1 KB screen held in memory
/// (so code pages and allocator set-up are the same in every child), then either
/// reports its peak memory at once (`--idle`, the baseline) or reads FILE and
/// runs the measurement N times. It prints one line for the parent:
///
///     result peak_kb=51234 times_ns=81234567,80987654,… cpu_ns=81000000,…
///
/// `peak_kb` is the process's peak resident set right after the first run;
/// `cpu_ns` the CPU time of each run (the calling thread's).
enum MeasureCommand {
  static let resultPrefix = "result"

  /// What a child reported.
  struct Report: Equatable {
    var peakKilobytes: Int
    var times: [Duration]
    /// CPU time of each run; empty from a child that did not report it.
    var cpuTimes: [Duration] = []

    var line: String {
      let nanoseconds = times.map { String(Self.nanoseconds($0)) }.joined(separator: ",")
      var line = "\(MeasureCommand.resultPrefix) peak_kb=\(peakKilobytes) times_ns=\(nanoseconds)"
      if !cpuTimes.isEmpty {
        line += " cpu_ns=" + cpuTimes.map { String(Self.nanoseconds($0)) }.joined(separator: ",")
      }
      return line
    }

    init(peakKilobytes: Int, times: [Duration], cpuTimes: [Duration] = []) {
      self.peakKilobytes = peakKilobytes
      self.times = times
      self.cpuTimes = cpuTimes
    }

    /// Reads the line a child printed; nil when there is none.
    init?(output: String) {
      guard
        let line = output.split(separator: "\n").last(where: {
          $0.hasPrefix(MeasureCommand.resultPrefix + " ")
        })
      else { return nil }
      var peak: Int?
      var times: [Duration] = []
      var cpuTimes: [Duration] = []
      for field in line.split(separator: " ").dropFirst() {
        let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "peak_kb": peak = Int(parts[1])
        case "times_ns", "cpu_ns":
          for value in parts[1].split(separator: ",") {
            guard let nanoseconds = Int64(value) else { return nil }
            if parts[0] == "times_ns" {
              times.append(.nanoseconds(nanoseconds))
            } else {
              cpuTimes.append(.nanoseconds(nanoseconds))
            }
          }
        default: continue
        }
      }
      guard let peak else { return nil }
      self.init(peakKilobytes: peak, times: times, cpuTimes: cpuTimes)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
      let (seconds, attoseconds) = duration.components
      return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
  }

  /// Runs the measurement in this process and returns the report line.
  static func run(kind: MeasurementKind, path: String?, runs: Int) throws -> Report {
    let warmUp = PayloadGenerator.screen(bytes: 1_024)
    _ = try measure(kind, bytes: warmUp, data: Data(warmUp), runs: 1)
    guard let path else {
      return Report(peakKilobytes: ProcessMemory.peakResidentKilobytes(), times: [])
    }
    switch kind {
    case .foundation:
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      return try measure(kind, bytes: [], data: data, runs: runs)
    case .parse, .materialize, .decode:
      return try measure(kind, bytes: try FileIO.readBytes(atPath: path), data: Data(), runs: runs)
    }
  }

  private static func measure(
    _ kind: MeasurementKind, bytes: [UInt8], data: Data, runs: Int
  ) throws -> Report {
    switch kind {
    case .parse:
      return try time(runs: runs) { try JSONDocument(parsing: bytes) }
    case .materialize:
      return try time(runs: runs) { try JSONDocument(parsing: bytes).root.value }
    case .decode:
      return try time(runs: runs) {
        guard let decoded = try decodeBenchmark(bytes: bytes) else {
          throw BenchError.childFailed(command: "measure", detail: decodeUnavailableNote)
        }
        return decoded
      }
    case .foundation:
      return try time(runs: runs) { try JSONSerialization.jsonObject(with: data) }
    }
  }

  /// Times `work` `runs` times. Each result stays alive until its clock has
  /// stopped, so freeing it is not part of the time.
  private static func time<Result>(runs: Int, _ work: () throws -> Result) throws -> Report {
    var times: [Duration] = []
    var cpuTimes: [Duration] = []
    var peak = 0
    let clock = ContinuousClock()
    for run in 0..<max(1, runs) {
      let cpuStart = CPUTime.ofThisThread()
      let start = clock.now
      let result = try work()
      let elapsed = clock.now - start
      let cpu = CPUTime.ofThisThread() - cpuStart
      withExtendedLifetime(result) {}
      times.append(elapsed)
      cpuTimes.append(cpu)
      if run == 0 { peak = ProcessMemory.peakResidentKilobytes() }
    }
    return Report(peakKilobytes: peak, times: times, cpuTimes: cpuTimes)
  }
}
