/// A measured value, or the reason there is none (printed as is).
enum Outcome<Value> {
  case measured(Value)
  case unavailable(String)

  var value: Value? {
    if case .measured(let value) = self { return value }
    return nil
  }
}

/// The peak resident memory of a measuring child and of the idle baseline.
struct MemoryUse {
  var peakKilobytes: Int
  var baselineKilobytes: Int

  /// Peak minus baseline, in bytes.
  var extraBytes: Int { max(0, peakKilobytes - baselineKilobytes) * 1_024 }

  /// Peak minus baseline as a multiple of the input's size.
  func multiple(ofInput byteCount: Int) -> Double {
    byteCount > 0 ? Double(extraBytes) / Double(byteCount) : 0
  }
}

/// One measurement of our parser or of JSONSerialization on one payload.
struct ChildMeasurement {
  var medianSeconds: Double
  var fastestSeconds: Double
  var slowestSeconds: Double
  var runs: Int
  var memory: MemoryUse

  /// A median this far above the fastest run suggests another process was
  /// competing for the CPU. (The slowest run is not compared: the first run of
  /// a process is often slower, as its memory is fresh from the kernel.)
  static let noisySpread = 0.25

  var isNoisy: Bool { (medianSeconds - fastestSeconds) / fastestSeconds > Self.noisySpread }
}

/// Everything measured on one payload.
struct PayloadResult {
  var payload: Payload
  var runs: Int
  var measurements: [MeasurementKind: Outcome<ChildMeasurement>] = [:]
  var node: Outcome<Double> = .unavailable("n/a")
  var python: Outcome<Double> = .unavailable("n/a")

  func throughput(_ seconds: Double) -> Double {
    Double(payload.byteCount) / Double(PayloadStore.megabyte) / seconds
  }

  /// MB/s of one of our measurements or of JSONSerialization.
  func throughput(of kind: MeasurementKind) -> Double? {
    measurements[kind]?.value.map { throughput($0.medianSeconds) }
  }
}

/// Start-to-exit time of the CLI on the 1 KB screen.
struct StartupResult {
  var executable: String
  var medianMilliseconds: Double
  var fastestMilliseconds: Double
  var runs: Int
  /// The CLI's exit status on the screen (the same every run, or the first odd one).
  var status: Int32
}

enum Statistics {
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
