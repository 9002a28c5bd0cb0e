import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Options of the preview benchmark.
struct ServeBenchOptions: Equatable {
  /// Events sent, one after the other.
  var events = 10_000
  /// The screen's size in KB (10^3 bytes).
  var kilobytes = 100
  /// The CLI to run; default `.build/release/beagle-run` in the package root.
  var cliPath: String?
}

/// `beagle-run serve` under a stream of events: starts the release CLI on a
/// generated screen of about `--size` KB (a counter whose button changes a context
/// that hundreds of texts bind to), posts `tap #inc` `--events` times to `/event`
/// as the page does (one connection each, same-origin headers), and reports the
/// answer times (median, p95, p99, max) and the server's resident memory (`VmRSS`)
/// along the way, to show it stays flat.
struct ServeBenchmark {
  var options: ServeBenchOptions
  var root: String

  struct Result {
    var screenBytes: Int
    var events: Int
    var medianMilliseconds: Double
    var p95Milliseconds: Double
    var p99Milliseconds: Double
    var maxMilliseconds: Double
    /// (events sent, VmRSS in KiB) samples.
    var memory: [(events: Int, kilobytes: Int)]
    /// The server's CPU time (user + system) per event, in ms: what an answer costs
    /// whatever else the machine runs (answer times include waiting for a core).
    var cpuMillisecondsPerEvent: Double
  }

  func run() throws(BenchError) -> Result {
    let cli = try FileIO.releaseCLI(root: root, cliPath: options.cliPath)
    let folder = root + "/Benchmarks/.payloads/serve"
    try FileIO.makeDirectory(root + "/Benchmarks/.payloads")
    try FileIO.makeDirectory(folder)
    let screen = Self.screen(kilobytes: options.kilobytes)
    try FileIO.store(Array(screen.utf8), atPath: folder + "/index.json")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: cli)
    process.arguments = ["serve", folder + "/index.json", "--port", "0"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw .spawnFailed(executable: cli, code: errno)
    }
    defer {
      kill(process.processIdentifier, SIGINT)
      process.waitUntilExit()
    }
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    let prefix = "serving http://127.0.0.1:"
    guard line.hasPrefix(prefix),
      let port = UInt16(line.dropFirst(prefix.count).prefix { $0.isNumber })
    else {
      throw .childFailed(command: "\(cli) serve", detail: "first line '\(line)'")
    }
    let pid = process.processIdentifier
    var times: [Double] = []
    times.reserveCapacity(options.events)
    var memory = [(0, Self.residentKilobytes(of: pid))]
    let cpuStart = Self.cpuSeconds(of: pid)
    let body = #"{"step": "tap #inc"}"#
    let request = Array(
      ("POST /event HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        .utf8)
    for index in 1...options.events {
      let start = ContinuousClock.now
      let status = try Self.exchange(request, port: port)
      let elapsed = ContinuousClock.now - start
      guard status == 200 else {
        throw .childFailed(command: "POST /event", detail: "status \(status) at event \(index)")
      }
      times.append(
        Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
      if index % max(1, options.events / 10) == 0 {
        memory.append((index, Self.residentKilobytes(of: pid)))
      }
    }
    let cpu = Self.cpuSeconds(of: pid) - cpuStart
    let sorted = times.sorted()
    func percentile(_ p: Double) -> Double {
      sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }
    return Result(
      screenBytes: screen.utf8.count, events: options.events,
      medianMilliseconds: percentile(0.5), p95Milliseconds: percentile(0.95),
      p99Milliseconds: percentile(0.99), maxMilliseconds: sorted.last ?? 0,
      memory: memory.map { (events: $0.0, kilobytes: $0.1) },
      cpuMillisecondsPerEvent: cpu * 1e3 / Double(options.events))
  }

  static func render(_ result: Result) -> String {
    var text = "beagle-run serve: \(result.events) events (tap #inc) on a "
    text += "\(Format.fixed(Double(result.screenBytes) / 1_000, 1)) KB screen\n"
    text += "  answer time: median \(Format.fixed(result.medianMilliseconds, 2)) ms,"
    text += " p95 \(Format.fixed(result.p95Milliseconds, 2)) ms,"
    text += " p99 \(Format.fixed(result.p99Milliseconds, 2)) ms,"
    text += " max \(Format.fixed(result.maxMilliseconds, 2)) ms\n"
    text += "  server CPU (user + system) per event: "
    text += "\(Format.fixed(result.cpuMillisecondsPerEvent, 2)) ms\n"
    text += "  server RSS (KiB) after N events:"
    for sample in result.memory { text += " \(sample.events): \(sample.kilobytes);" }
    return text + "\n"
  }

  /// A screen of about `kilobytes` KB: a counter and rows of texts bound to it.
  static func screen(kilobytes: Int) -> String {
    var rows: [String] = []
    var size = 0
    var index = 0
    while size < kilobytes * 1_000 - 600 {
      let row =
        #"{"_beagleComponent_": "beagle:container", "id": "row\#(index)", "children": ["#
        + #"{"_beagleComponent_": "beagle:text", "id": "name\#(index)", "text": "Row \#(index): lorem ipsum dolor sit amet"},"#
        + #"{"_beagleComponent_": "beagle:text", "id": "seen\#(index)", "text": "seen @{count} times"}]}"#
      rows.append(row)
      size += row.utf8.count + 2
      index += 1
    }
    return """
      {"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "Bench"},
       "child": {"_beagleComponent_": "beagle:container", "context": {"id": "count", "value": 0},
        "children": [
         {"_beagleComponent_": "beagle:button", "id": "inc", "text": "Add",
          "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "count", "value": "@{sum(count, 1)}"}]},
         \(rows.joined(separator: ",\n     "))
        ]}}
      """
  }

  /// Sends one request on a new connection and reads the answer; its status.
  private static func exchange(_ request: [UInt8], port: UInt16) throws(BenchError) -> Int {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      throw .childFailed(
        command: "connect 127.0.0.1:\(port)", detail: String(cString: strerror(errno)))
    }
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    var head: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      if head.count < 16 { head += chunk[..<min(count, 16)] }
    }
    let text = String(decoding: head, as: UTF8.self)
    return Int(text.dropFirst(9).prefix(3)) ?? 0
  }

  /// `VmRSS` of process `pid`, in KiB.
  /// The process's user and system CPU time, in seconds (`/proc/PID/stat` fields 14
  /// and 15, in clock ticks); 0 where there is no /proc.
  private static func cpuSeconds(of pid: Int32) -> Double {
    guard let bytes = try? FileIO.readProcFile("/proc/\(pid)/stat") else { return 0 }
    let text = String(decoding: bytes, as: UTF8.self)
    // The command name (field 2) is in parentheses and may hold spaces.
    guard let close = text.lastIndex(of: ")") else { return 0 }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // fields[0] is field 3 (state): utime is field 14, stime field 15.
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      return 0
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  private static func residentKilobytes(of pid: Int32) -> Int {
    guard let bytes = try? FileIO.readProcFile("/proc/\(pid)/status") else { return 0 }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    where line.hasPrefix("VmRSS:") {
      return Int(line.dropFirst(6).filter(\.isNumber)) ?? 0
    }
    return 0
  }
}
