import BeagleRuntime
import Foundation

/// Runs one scenario in-process, as `beagle-run` would run its header's command
/// line from the scenario's folder, and captures what it printed.
///
/// Paths in the output are those of the header (relative to the scenario's
/// folder), whatever folder `beagle-run test` was started from, so goldens are
/// the same on every machine. Colour is never used.
struct ScenarioRunner: Sendable {
  /// A scenario's output, ready to compare with its golden.
  struct Output: Equatable, Sendable {
    /// The golden body: stdout, stderr, exit code.
    var body: String
    /// The hash of every file the scenario read, the scenario file included.
    var inputs: InputHash
  }

  /// A broken scenario, and the file the error is in (the scenario or its script).
  struct Failure: Error, Equatable {
    var error: ScenarioError
    var file: String
  }

  /// The environment of `beagle-run test` itself.
  var environment: CommandLineTool.Environment

  /// Reads and parses the scenario file at `path`.
  func scenario(at path: String) throws(Failure) -> (Scenario, bytes: [UInt8]) {
    guard let data = FileManager.default.contents(atPath: environment.location(of: path)) else {
      throw Failure(error: .unreadable(path: path), file: path)
    }
    let bytes = [UInt8](data)
    do {
      return (try ScenarioParser.parse(bytes, path: path), bytes)
    } catch {
      throw Failure(error: error, file: path)
    }
  }

  func run(_ scenario: Scenario, bytes: [UInt8]) throws(Failure) -> Output {
    var local = CommandLineTool.Environment(
      variables: environment.variables, standardInput: { [] },
      workingDirectory: environment.location(of: scenario.folder), processorCount: 1)
    local.isOutputTerminal = false
    local.isErrorTerminal = false
    var inputs: [String: [UInt8]] = [scenario.fileName: bytes]

    var prepared = PreparedScript(script: scenario.steps, name: scenario.fileName)
    if let script = scenario.scriptFile {
      let file = joined(scenario.folder, script.value)
      guard let data = FileManager.default.contents(atPath: local.location(of: script.value))
      else {
        throw Failure(
          error: .invalidValue(
            key: script.key, message: "cannot read '\(script.value)'", line: script.line),
          file: scenario.path)
      }
      inputs[script.value] = [UInt8](data)
      do {
        prepared = PreparedScript(
          script: try Script(parsing: String(decoding: data, as: UTF8.self)), name: script.value)
      } catch {
        throw Failure(error: .invalidStep(error), file: file)
      }
    }

    var scenario = scenario
    for index in scenario.settings.indices where scenario.settings[index].key == "mocks" {
      // Until the mocks reader resolves paths through the environment, give it the
      // file's location (the hash still names the file as written).
      let value = scenario.settings[index].value
      if let data = FileManager.default.contents(atPath: local.location(of: value)) {
        inputs[value] = [UInt8](data)
      }
      scenario.settings[index].value = absolute(local.location(of: value))
    }
    let options: Options
    do {
      options = try ArgumentParser.parse(scenario.arguments)
    } catch {
      throw Failure(
        error: .invalidValue(key: "command", message: error.message, line: 1), file: scenario.path)
    }

    let source: ScreenSource = scenario.isRoute ? .route(scenario.screen) : .file(scenario.screen)
    var output = ""
    var errors = ""
    let outcome: RunCommand.Outcome
    switch scenario.command {
    case .run:
      outcome = RunCommand(
        options: options, environment: local, usesColor: false, source: source,
        preparedScript: prepared
      ).run(output: { output += $0 }, errors: { errors += $0 })
    case .check:
      outcome = CheckCommand(
        options: options, environment: local, usesColor: false, sources: [source]
      ).run(output: { output += $0 }, errors: { errors += $0 })
    }
    inputs.merge(outcome.inputs) { scenarioFile, _ in scenarioFile }
    return Output(
      body: GoldenFile.body(output: output, errors: errors, exitCode: outcome.code),
      inputs: InputHash(inputs))
  }

  private func joined(_ folder: String, _ path: String) -> String {
    path.hasPrefix("/") || folder == "." ? path : folder + "/" + path
  }

  private func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    return FileManager.default.currentDirectoryPath + "/" + path
  }
}
