import Foundation
import Testing

@testable import BeagleCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `run` renders a screen of at least 1 000 components and prints its states on two
/// threads (RunCommand.parallelThreshold): standard output, standard error and the
/// exit code must be those of one thread. The threshold is forced down to 0 so that
/// small screens take the two-thread path.
@Suite struct ParallelRunTests {
  /// `beagle-run ARGS…` through ``RunCommand``, with `threshold` as its parallel
  /// threshold.
  func run(_ arguments: [String], threshold: Int?) throws -> Outcome {
    let line = try ArgumentParser.parse(arguments)
    guard case .run(let options) = line.options else {
      Issue.record("not a run: \(arguments)")
      return Outcome(code: -1, output: "", errors: "")
    }
    var command = RunCommand(
      options: options, environment: .init(workingDirectory: repositoryRoot.path),
      usesColor: false)
    command.parallelThreshold = threshold
    var output = ""
    var errors = ""
    let code = command.execute(output: { output += $0 }, errors: { errors += $0 })
    return Outcome(code: code, output: output, errors: errors)
  }

  /// Expects one and two threads to give the same outcome for `arguments`.
  func expectSame(
    _ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
  )
    throws
  {
    let one = try run(arguments, threshold: nil)
    let two = try run(arguments, threshold: 0)
    #expect(two.output == one.output, "\(arguments)", sourceLocation: sourceLocation)
    #expect(two.errors == one.errors, "\(arguments)", sourceLocation: sourceLocation)
    #expect(two.code == one.code, "\(arguments)", sourceLocation: sourceLocation)
  }

  static let formats: [[String]] = [[], ["--format", "json"], ["--format", "html"]]

  @Test("every screen of Examples/ runs the same on two threads as on one")
  func examples() throws {
    let files = try #require(
      FileManager.default.enumerator(atPath: repositoryRoot.appendingPathComponent("Examples").path)
    )
    .compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
    #expect(files.count >= 20)
    for file in files {
      for format in Self.formats {
        try expectSame(["run", "Examples/" + file] + format)
      }
    }
  }

  /// Sections of a root container, with an unknown component, a binding to an
  /// undeclared context, an expression that does not parse and a value over
  /// `--max-value-bytes` in each half, and a list in the second whose items run past
  /// a small `--max-nodes`.
  static func troubledScreen(count: Int = 40) -> String {
    var sections: [String] = []
    for index in 0..<count {
      let text: String
      switch index {
      case 3, count - 9: text = #"{"_beagleComponent_": "beagle:txet", "text": "x"}"#
      case 5, count - 4:
        text = #"{"_beagleComponent_": "beagle:text", "text": "@{missing\#(index).a}"}"#
      case 7, count - 7: text = #"{"_beagleComponent_": "beagle:text", "text": "@{sum(1,}"}"#
      case 9, count - 11:
        text = #"{"_beagleComponent_": "beagle:text", "text": "@{page.long}@{page.long}"}"#
      case count - 2:
        let elements = (0..<30).map { #"{"n": \#($0)}"# }.joined(separator: ",")
        text = #"""
          {"_beagleComponent_": "beagle:listView", "dataSource": [\#(elements)],
           "templates": [{"view": {"_beagleComponent_": "beagle:text", "text": "@{item.n}"}}]}
          """#
      default:
        text = #"{"_beagleComponent_": "beagle:text", "text": "@{page.title} \#(index)"}"#
      }
      sections.append(
        #"{"_beagleComponent_": "beagle:container", "id": "s\#(index)", "children": [\#(text)]}"#)
    }
    let long = String(repeating: "x", count: 600)
    return #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:container",
        "context": {"id": "page", "value": {"title": "t", "long": "\#(long)"}},
        "children": [\#(sections.joined(separator: ",\n"))]}}
      """#
  }

  @Test("errors, refusals and the node budget in both halves give the same output and code")
  func troubled() throws {
    let path = try temporaryFile(Array(Self.troubledScreen().utf8))
    for format in Self.formats {
      try expectSame(["run", path] + format)
      try expectSame(["run", path, "--max-value-bytes", "1000", "--max-nodes", "70"] + format)
      try expectSame(["run", path, "--strict"] + format)
    }
    // The forced path is taken: one thread's output has what the checks find.
    let one = try run(["run", path, "--format", "json"], threshold: nil)
    #expect(one.code == 1)
    #expect(one.output.contains("beagle:txet"))
  }

  @Test("twenty runs of a screen with errors in both halves print the same")
  func repeated() throws {
    let path = try temporaryFile(Array(Self.troubledScreen(count: 120).utf8))
    let one = try run(["run", path, "--format", "json"], threshold: nil)
    for _ in 0..<20 {
      let two = try run(["run", path, "--format", "json"], threshold: 0)
      #expect(two.output == one.output)
      #expect(two.errors == one.errors)
      #expect(two.code == one.code)
    }
  }

  @Test(
    "a signal during a large run's two-thread printing exits 128+N", arguments: [SIGTERM, SIGINT])
  func signalDuringSplitRun(signal: Int32) throws {
    // 2 MB, 24 000 components: past the 1 000 components threshold; its states are
    // longer than a pipe holds.
    let screen = Self.troubledScreen(count: 12_000)
    #expect(screen.utf8.count > 256 << 10)
    let path = try temporaryFile(Array(screen.utf8))
    let executable = try #require(builtExecutable())
    let process = Process()
    process.executableURL = executable
    process.arguments = ["run", path, "--format", "json"]
    let pipe = Pipe()
    process.standardOutput = pipe.fileHandleForWriting
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Nobody reads: the run blocks on its output once the pipe is full, mid-state.
    let first = pipe.fileHandleForReading.readData(ofLength: 1)
    #expect(first == Data("{".utf8))
    Thread.sleep(forTimeInterval: 0.3)
    #expect(process.isRunning)
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 128 + signal)
  }

  @Test("a pipe closed during a large run's two-thread printing ends the run quietly, exit 1")
  func closedPipeDuringSplitRun() throws {
    // Without errors: nothing is said on standard error after the states.
    let sections = (0..<12_000).map { index in
      #"{"_beagleComponent_": "beagle:container", "children": [{"_beagleComponent_": "beagle:text", "text": "@{page.title} \#(index)"}]}"#
    }
    let screen = #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:container", "context": {"id": "page", "value": {"title": "t"}},
        "children": [\#(sections.joined(separator: ","))]}}
      """#
    let path = try temporaryFile(Array(screen.utf8))
    let executable = try #require(builtExecutable())
    let process = Process()
    process.executableURL = executable
    process.arguments = ["run", path, "--format", "json"]
    let pipe = Pipe()
    let errors = Pipe()
    process.standardOutput = pipe.fileHandleForWriting
    process.standardError = errors.fileHandleForWriting
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try pipe.fileHandleForWriting.close()
    try errors.fileHandleForWriting.close()
    // The first bytes of the state, then the reader goes away mid-state.
    let first = pipe.fileHandleForReading.readData(ofLength: 1)
    #expect(first == Data("{".utf8))
    try pipe.fileHandleForReading.close()
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 1)
    #expect(errors.fileHandleForReading.readDataToEndOfFile().isEmpty)
  }
}
