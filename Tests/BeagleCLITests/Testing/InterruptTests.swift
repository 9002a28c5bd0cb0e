import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue #19: an interrupted or cut-off `beagle-run` stops everything it started,
/// writes nothing after, leaves no temporary file and exits 130/143 (1, quietly, on a
/// closed pipe). These run the built executable, with a server that answers late.
@Suite(.serialized) struct InterruptTests {
  /// A running `beagle-run` with its own temporary folder (`TMPDIR`), so the worker
  /// logs it leaves can be counted.
  private final class Running {
    let process = Process()
    let folder: String
    let temporary: String
    let outputURL: URL
    let errorURL: URL

    init(_ arguments: [String], in folder: String, stdout: FileHandle? = nil) throws {
      self.folder = folder
      temporary = folder + "/.tmp"
      try FileManager.default.createDirectory(
        atPath: temporary, withIntermediateDirectories: true)
      outputURL = URL(fileURLWithPath: temporary + "/../.stdout")
      errorURL = URL(fileURLWithPath: temporary + "/../.stderr")
      try Data().write(to: outputURL)
      try Data().write(to: errorURL)
      guard let executable = builtExecutable() else { throw CocoaError(.fileNoSuchFile) }
      process.executableURL = executable
      process.arguments = arguments
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      var environment = ProcessInfo.processInfo.environment
      environment["TMPDIR"] = temporary
      environment["CI"] = nil
      environment["NO_COLOR"] = "1"
      process.environment = environment
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = try stdout ?? FileHandle(forWritingTo: outputURL)
      process.standardError = try FileHandle(forWritingTo: errorURL)
      try process.run()
    }

    var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }

    /// Waits at most `seconds` for the process to end; whether it did.
    func wait(seconds: Double) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
        return false
      }
      return true
    }

    /// The files of the scenario folder and of the temporary folder, hidden ones
    /// included (but not this helper's own).
    func leftovers() throws -> [String] {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { ![".tmp", ".stdout", ".stderr"].contains($0) }
      let temporaryNames = try FileManager.default.contentsOfDirectory(atPath: temporary)
      return (names + temporaryNames.map { ".tmp/" + $0 }).sorted()
    }
  }

  /// Waits until `condition` holds, at most `seconds`.
  private func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
      guard Date() < deadline else { return false }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return true
  }

  /// A folder of scenarios whose screen comes from `server` (answering late).
  private func slowScenarios(_ server: TestHTTPServer, count: Int) throws -> ScenarioFolder {
    let folder = try ScenarioFolder()
    for index in 1...count {
      try folder.write(
        "s\(index).scenario", "screen: /slow\nbase-url: \(server.baseURL)\ntimeout: 20\n")
    }
    return folder
  }

  /// A screen answered after 4 seconds.
  private static let slow: CannedResponse = {
    var response = CannedResponse.json(#"{"_beagleComponent_": "beagle:text", "text": "late"}"#)
    response.delay = 4
    return response
  }()

  @Test(
    "a signal to 'test' reaches every worker: nothing is written after it, no file is left, exit 128+N",
    arguments: [SIGTERM, SIGINT])
  func signalStopsWorkers(signal: Int32) throws {
    let server = try TestHTTPServer(routes: ["/slow": Self.slow], concurrent: true)
    defer { server.shutdown() }
    let folder = try slowScenarios(server, count: 2)
    let running = try Running(["test", ".", "--scenario-timeout", "60"], in: folder.path)
    // Both workers are inside their scenario, waiting for the server.
    #expect(eventually(15) { server.requests.count == 2 })
    kill(running.process.processIdentifier, signal)
    #expect(running.wait(seconds: 5))
    #expect(running.process.terminationReason == .exit)
    #expect(running.process.terminationStatus == 128 + signal)
    #expect(
      running.errors
        == "beagle-run: interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM") after 0 of 2"
        + " scenarios; nothing was written after it\n")
    // Past the server's delay: a worker still running would have written its golden.
    Thread.sleep(forTimeInterval: 5)
    let left = try running.leftovers()
    #expect(left == ["s1.scenario", "s2.scenario"])
  }

  @Test("a signal to 'run' exits 128+N rather than dying of it", arguments: [SIGTERM, SIGINT])
  func signalEndsRun(signal: Int32) throws {
    let server = try TestHTTPServer(routes: ["/slow": Self.slow])
    defer { server.shutdown() }
    let folder = try ScenarioFolder()
    let running = try Running(
      ["run", "/slow", "--base-url", server.baseURL, "--timeout", "20"], in: folder.path)
    #expect(eventually(15) { server.requests.count == 1 })
    kill(running.process.processIdentifier, signal)
    #expect(running.wait(seconds: 5))
    #expect(running.process.terminationReason == .exit)
    #expect(running.process.terminationStatus == 128 + signal)
  }

  @Test("a closed output pipe stops the run at once, quietly, with exit 1")
  func closedPipe() throws {
    let server = try TestHTTPServer(routes: ["/slow": Self.slow])
    defer { server.shutdown() }
    let folder = try ScenarioFolder()
    try folder.write("home.json", sampleScreen.replacingOccurrences(of: "/next", with: "/slow"))
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()  // the reader is gone before the first line
    let start = Date()
    let running = try Running(
      [
        "run", "home.json", "--base-url", server.baseURL, "--timeout", "20", "--step",
        #"tap "Next""#,
      ], in: folder.path, stdout: pipe.fileHandleForWriting)
    try pipe.fileHandleForWriting.close()
    #expect(running.wait(seconds: 15))
    // State 0 could not be written: the tap (4 s for the server's answer) never ran.
    #expect(Date().timeIntervalSince(start) < 3)
    #expect(server.requests.isEmpty)
    #expect(running.process.terminationStatus == 1)
    #expect(running.errors == "")
  }

  @Test("each scenario's result is printed when it and those before it are done")
  func progress() throws {
    let server = try TestHTTPServer(routes: ["/slow": Self.slow], concurrent: true)
    defer { server.shutdown() }
    let folder = try slowScenarios(server, count: 1)
    try folder.write("home.json", sampleScreen)
    try folder.write("a.scenario", "screen: home.json\n")
    try folder.write("a.expected", "not a golden\n")
    let running = try Running(["test", ".", "--record", "never"], in: folder.path)
    // `a` (first in path order) is done long before `s1`, which waits 4 s.
    #expect(eventually(15) { server.requests.count == 1 })
    #expect(eventually(3) { running.output.hasPrefix("FAIL  a.scenario: a.expected has no") })
    #expect(running.process.isRunning)
    #expect(!running.output.contains("s1.scenario"))
    #expect(running.wait(seconds: 20))
    #expect(running.output.hasSuffix("0 passed, 2 failed\n"))
  }
}
