#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The printed result: the throughput and memory table, raw peaks, CLI start-up
/// and the targets of the issue with PASS/FAIL.
struct Report {
  var options: BenchOptions
  var payloads: [PayloadResult]
  var startup: Outcome<StartupResult>
  /// Why parse+decode is missing, if it is.
  var decodeNote: String?

  /// Parse must be at least this many times as fast as JSONSerialization.
  static let parseRatioTarget = 10.0
  /// Parse + decode must be at least this many times as fast as JSONSerialization.
  static let decodeRatioTarget = 4.0
  /// Our peak memory above the idle baseline, as a multiple of the input.
  static let memoryTarget = 5.0
  /// CLI start-to-exit on the 1 KB screen, in milliseconds (issue #10: the static
  /// release build, the documented install path).
  static let startupTarget = 10.0
  /// The ratio targets are judged on payloads at least this large.
  static let ratioTargetBytes = 10 * PayloadStore.megabyte

  func render() -> String {
    var lines: [String] = []
    lines.append("beagle-bench: \(machineDescription())")
    lines.append(runsDescription())
    lines.append("")
    lines.append(mainTable().render())
    lines.append("")
    lines.append("Throughput in MB/s (1 MB = 10^6 bytes) of the median run; higher is better.")
    lines.append(
      "mem = peak RSS of the measuring child minus an idle child's, as a multiple of the input.")
    lines.append(contentsOf: footnotes())
    lines.append("")
    lines.append(peakTable().render())
    lines.append("")
    lines.append(startupLine())
    lines.append("")
    lines.append("Targets")
    lines.append(contentsOf: targets().map { "  " + $0 })
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Tables

  private func mainTable() -> TextTable {
    var table = TextTable(header: [
      "payload", "runs", "parse", "parse+mat.", "parse+decode", "JSONSer.", "parse÷JSONSer.",
      "node", "python", "mem parse", "mem mat.", "mem decode", "mem JSONSer.",
    ])
    for result in payloads {
      var row = [result.payload.label, String(result.runs)]
      for kind in [MeasurementKind.parse, .materialize, .decode, .foundation] {
        let mark = result.measurements[kind]?.value?.isNoisy == true ? "*" : ""
        row.append(result.throughput(of: kind).map { mark + Format.throughput($0) } ?? "n/a")
      }
      row.append(parseRatio(result).map(Format.multiple) ?? "n/a")
      row.append(result.node.value.map { Format.throughput(result.throughput($0)) } ?? "n/a")
      row.append(result.python.value.map { Format.throughput(result.throughput($0)) } ?? "n/a")
      for kind in [MeasurementKind.parse, .materialize, .decode, .foundation] {
        row.append(memoryMultiple(result, kind).map(Format.multiple) ?? "n/a")
      }
      table.rows.append(row)
    }
    return table
  }

  private func peakTable() -> TextTable {
    var table = TextTable(header: [
      "peak RSS (MB)", "idle child", "parse", "parse+materialise", "parse+decode",
      "JSONSerialization",
    ])
    for result in payloads {
      let idle = result.measurements[.parse]?.value?.memory.baselineKilobytes
      var row = [result.payload.label, idle.map(Self.megabytes) ?? "n/a"]
      for kind in [MeasurementKind.parse, .materialize, .decode, .foundation] {
        row.append(
          result.measurements[kind]?.value.map { Self.megabytes($0.memory.peakKilobytes) } ?? "n/a")
      }
      table.rows.append(row)
    }
    return table
  }

  private func footnotes() -> [String] {
    var notes: [String] = []
    let isNoisy = payloads.contains { result in
      result.measurements.values.contains { $0.value?.isNoisy == true }
    }
    if isNoisy {
      let spread = Int(ChildMeasurement.noisySpread * 100)
      notes.append(
        "* median more than \(spread)% slower than the fastest run: something else was probably "
          + "using the CPU; rerun, or raise --runs")
    }
    if let decodeNote { notes.append("parse+decode: \(decodeNote)") }
    for (name, outcome) in [("node", payloads.first?.node), ("python", payloads.first?.python)] {
      if case .unavailable(let reason) = outcome { notes.append("\(name): \(reason)") }
    }
    return notes
  }

  private func startupLine() -> String {
    switch startup {
    case .unavailable(let reason):
      return "CLI start-to-exit on a 1 KB screen: \(reason)"
    case .measured(let result):
      let status = result.status == 0 ? "" : ", exit status \(result.status)"
      return
        "CLI start-to-exit on a 1 KB screen: median \(Format.fixed(result.medianMilliseconds, 2)) ms"
        + " (fastest \(Format.fixed(result.fastestMilliseconds, 2)) ms, \(result.runs) runs\(status);"
        + " \(result.executable))"
    }
  }

  // MARK: - Targets

  private func targets() -> [String] {
    var lines: [String] = []
    let large = payloads.filter { $0.payload.byteCount >= Self.ratioTargetBytes }
    let target = Format.number(Self.parseRatioTarget)
    if large.isEmpty {
      lines.append("n/a   parse ≥ \(target)× JSONSerialization (needs a payload of 10 MB or more)")
    }
    for result in large {
      let ratio = parseRatio(result)
      lines.append(
        verdict(ratio.map { $0 >= Self.parseRatioTarget })
          + "parse ≥ \(target)× JSONSerialization at \(result.payload.label): "
          + (ratio.map(Format.multiple) ?? "n/a"))
    }
    let decodeTarget = Format.number(Self.decodeRatioTarget)
    if let decodeNote {
      lines.append("n/a   parse+decode ≥ \(decodeTarget)× JSONSerialization: \(decodeNote)")
    } else {
      for result in large {
        let ratio = ratio(result, .decode)
        lines.append(
          verdict(ratio.map { $0 >= Self.decodeRatioTarget })
            + "parse+decode ≥ \(decodeTarget)× JSONSerialization at \(result.payload.label): "
            + (ratio.map(Format.multiple) ?? "n/a"))
      }
    }
    for kind in [MeasurementKind.parse, .materialize, .decode] {
      let title = "peak memory ≤ \(Format.number(Self.memoryTarget))× input, \(kind.title)"
      if kind == .decode, let decodeNote {
        lines.append("n/a   \(title): \(decodeNote)")
        continue
      }
      let multiples = payloads.map { ($0.payload.label, memoryMultiple($0, kind)) }
      let passes = multiples.map { $0.1.map { $0 <= Self.memoryTarget } }
      let isPass: Bool? = passes.contains { $0 == nil } ? nil : passes.allSatisfy { $0 == true }
      let values = multiples.map { "\($0.1.map(Format.multiple) ?? "n/a") at \($0.0)" }
      lines.append(verdict(isPass) + title + ": " + values.joined(separator: ", "))
    }
    let startupTitle = "CLI start-to-exit on 1 KB ≤ \(Format.number(Self.startupTarget)) ms"
    switch startup {
    case .unavailable(let reason):
      lines.append("n/a   \(startupTitle): \(reason)")
    case .measured(let result):
      lines.append(
        verdict(result.medianMilliseconds <= Self.startupTarget) + startupTitle + ": "
          + Format.fixed(result.medianMilliseconds, 2) + " ms")
    }
    return lines
  }

  private func verdict(_ isPass: Bool?) -> String {
    switch isPass {
    case true?: "PASS  "
    case false?: "FAIL  "
    case nil: "n/a   "
    }
  }

  // MARK: - Helpers

  private func parseRatio(_ result: PayloadResult) -> Double? {
    ratio(result, .parse)
  }

  private func ratio(_ result: PayloadResult, _ kind: MeasurementKind) -> Double? {
    guard let ours = result.throughput(of: kind),
      let foundation = result.throughput(of: .foundation)
    else { return nil }
    return ours / foundation
  }

  private func memoryMultiple(_ result: PayloadResult, _ kind: MeasurementKind) -> Double? {
    result.measurements[kind]?.value?.memory.multiple(ofInput: result.payload.byteCount)
  }

  private static func megabytes(_ kilobytes: Int) -> String {
    Format.fixed(Double(kilobytes) * 1_024 / 1e6, 1)
  }

  private func runsDescription() -> String {
    "median of \(options.runs) runs per measurement; each measurement in its own child process"
  }

  private func machineDescription() -> String {
    var name = utsname()
    uname(&name)
    let system = withUnsafeBytes(of: &name.sysname) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    let machine = withUnsafeBytes(of: &name.machine) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    return "\(system) \(machine), \(cores) cores, release build"
  }
}
