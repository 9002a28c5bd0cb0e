import BeagleCLI
import Foundation

/// What one command line produced.
struct Outcome {
  var code: Int32
  var output: String
  var errors: String
}

/// The repository root (the folder holding Package.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs the CLI in-process. SwiftPM runs tests from the package root, so the
/// relative paths of Examples/ resolve (the working directory is never changed:
/// tests run in parallel).
func beagleRun(
  _ arguments: String..., stdin: String = "", variables: [String: String] = [:]
)
  -> Outcome
{
  let input = Array(stdin.utf8)
  let tool = CommandLineTool(
    environment: .init(variables: variables, standardInput: { input }))
  var output = ""
  var errors = ""
  let code = tool.run(
    ["beagle-run"] + arguments, output: { output += $0 }, errors: { errors += $0 })
  return Outcome(code: code, output: output, errors: errors)
}

/// A temporary file holding `bytes`, removed when the process ends.
func temporaryFile(_ bytes: [UInt8], name: String = "screen.json") throws -> String {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("beagle-run-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let file = folder.appendingPathComponent(name)
  try Data(bytes).write(to: file)
  return file.path
}

/// The built `beagle-run` executable next to the test bundle.
func builtExecutable() -> URL? {
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for _ in 0..<4 {
    let candidate = folder.appendingPathComponent("beagle-run")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    folder.deleteLastPathComponent()
  }
  let fallback = repositoryRoot.appendingPathComponent(".build/debug/beagle-run")
  return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
}

/// Runs the built executable as a process, with a time limit.
///
/// Standard input, output and error are temporary files, not pipes: a pipe's write
/// end can leak into a child spawned concurrently by another test, and a child
/// reading stdin would then never see end of file.
func runProcess(
  _ arguments: [String], stdin: Data? = nil, stdinPath: String? = nil, seconds: Double = 60,
  unsetting: [String] = []
) throws -> Outcome {
  guard let executable = builtExecutable() else {
    return Outcome(code: -1, output: "", errors: "beagle-run executable not found")
  }
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("beagle-run-process-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let inputURL = folder.appendingPathComponent("stdin")
  let outputURL = folder.appendingPathComponent("stdout")
  let errorURL = folder.appendingPathComponent("stderr")
  try (stdin ?? Data()).write(to: inputURL)
  try Data().write(to: outputURL)
  try Data().write(to: errorURL)
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = repositoryRoot
  var environment = ProcessInfo.processInfo.environment
  environment["NO_COLOR"] = "1"
  for name in unsetting { environment[name] = nil }
  process.environment = environment
  process.standardInput = try FileHandle(
    forReadingFrom: stdinPath.map(URL.init(fileURLWithPath:)) ?? inputURL)
  process.standardOutput = try FileHandle(forWritingTo: outputURL)
  process.standardError = try FileHandle(forWritingTo: errorURL)
  try process.run()
  let deadline = Date().addingTimeInterval(seconds)
  while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
  if process.isRunning {
    process.terminate()
    return Outcome(code: -2, output: "", errors: "timed out")
  }
  return Outcome(
    code: process.terminationStatus,
    output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
    errors: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}

/// The line a usage error of `arguments` ends with: the help of the verb spelled out,
/// or of `run` when a screen is given to it, else the full help.
func seeHelp(_ arguments: [String]) -> String {
  let verbs = ["run", "check", "eval", "test", "graph", "serve", "components", "actions"]
  guard let first = arguments.first else { return "See 'beagle-run --help'." }
  if verbs.contains(first) { return "See 'beagle-run help \(first)'." }
  if first == "help" || first.hasPrefix("-") { return "See 'beagle-run --help'." }
  return "See 'beagle-run help run'."
}
