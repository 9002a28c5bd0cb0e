import BeagleExpressions
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
    /// The step that failed and stopped the run (an `expect` that did not hold, or a
    /// step that could not be performed), its file named as `test` names the
    /// scenario (`Examples/shop/cart.scenario`); such an output is never a golden.
    var failedStep: FailedStep?
    /// The first `error:` line of standard error, for the report's FAIL line.
    var firstError: String?
    /// What the scenario exercised, when ``ScenarioRunner/collectsCoverage``.
    var coverage: CoverageSample? = nil
    /// The drawing of this run, when ``ScenarioRunner/drawsStoryboard``.
    var drawing: ScenarioDrawing? = nil
  }

  /// A broken scenario, and the file the error is in (the scenario or its script).
  struct Failure: Error, Equatable {
    var error: ScenarioError
    var file: String
  }

  /// The environment of `beagle-run test` itself.
  var environment: CommandLineTool.Environment
  /// `test --allow-outside-root`: the files a scenario (and its manifest) names
  /// may be outside the scenario's folder.
  var allowsOutsideRoot = false
  /// `test --coverage`: record what each scenario exercised.
  var collectsCoverage = false
  /// `test --html`: a `run` scenario's states are also drawn as frames, from the same
  /// run (``Output/drawing``); a `check` or `graph` scenario's drawing is its output.
  var drawsStoryboard = false

  /// The folder every file a scenario names must stay in, seen from the scenario's
  /// folder (its working directory).
  static let root = ProjectRoot(folder: ".", role: .scenario)

  /// Reads and parses the scenario file at `path`.
  func scenario(at path: String) throws(Failure) -> (Scenario, bytes: [UInt8]) {
    let bytes: [UInt8]
    do {
      bytes = try SourceFile.bytes(path, at: environment.location(of: path))
    } catch .tooLarge(_, let limit) {
      throw Failure(error: .tooLarge(path: path, limit: limit), file: path)
    } catch {
      throw Failure(error: .unreadable(path: path), file: path)
    }
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
    try checkFilesExist(scenario, in: local)

    var prepared = PreparedScript(script: scenario.steps, name: scenario.fileName)
    if let script = scenario.scriptFile {
      let file = joined(scenario.folder, script.value)
      let data: [UInt8]
      do {
        data = try SourceFile.bytes(script.value, at: local.location(of: script.value))
      } catch {
        let message =
          if case .tooLarge = error { error.description } else { "cannot read '\(script.value)'" }
        throw Failure(
          error: .invalidValue(key: script.key, message: message, line: script.line),
          file: scenario.path)
      }
      inputs[script.value] = data
      do {
        prepared = PreparedScript(
          script: try Script(
            parsing: String(decoding: data, as: UTF8.self), jsonOptions: scenario.jsonOptions),
          name: script.value)
      } catch {
        throw Failure(error: .invalidStep(error), file: file)
      }
    }

    for setting in scenario.settings where setting.key == "mocks" {
      if let data = try? SourceFile.bytes(setting.value, at: local.location(of: setting.value)) {
        inputs[setting.value] = data
      }
    }
    let line: ParsedCommandLine
    do {
      line = try ArgumentParser.parse(scenario.arguments)
    } catch {
      // On the header line of the option at fault (`explain: true` in a check), else `command`.
      let setting = error.option.flatMap { scenario.setting(String($0.dropFirst(2))) }
      throw Failure(
        error: .invalidValue(
          key: setting?.key ?? "command", message: error.message,
          line: setting?.line ?? scenario.setting("command")?.line ?? 1),
        file: scenario.path)
    }

    // The scenario's folder is the project root, unless the test run allows more.
    func scenarioInput(_ options: InputOptions) -> InputOptions {
      var input = options
      input.projectRoot = Self.root
      input.allowsOutsideRoot = allowsOutsideRoot
      return input
    }
    let source: ScreenSource = scenario.isRoute ? .route(scenario.screen) : .file(scenario.screen)
    var output = ""
    var errors = ""
    let outcome: RunCommand.Outcome
    var coverage: CoverageSample?
    var drawing: ScenarioDrawing?
    switch line.options {
    case .run(var options):
      options.input = scenarioInput(options.input)
      let observer =
        collectsCoverage || drawsStoryboard
        ? RunObserver(
          printsStates: true, collectsCoverage: collectsCoverage,
          drawsStoryboard: drawsStoryboard) : nil
      outcome = RunCommand(
        options: options, environment: local, usesColor: false, source: source,
        preparedScript: prepared, observer: observer
      ).run(output: { output += $0 }, errors: { errors += $0 })
      if collectsCoverage {
        coverage = observer.map { CoverageSample(folder: scenario.folder, observer: $0) }
      }
      // A run that drew nothing (`--compare-profiles` prints no states) shows its output.
      drawing = observer.flatMap {
        $0.drawsStoryboard && !$0.storyboard.isEmpty ? .frames($0.storyboard) : nil
      }
    case .check(var options):
      options.input = scenarioInput(options.input)
      outcome = CheckCommand(
        options: options, environment: local, usesColor: false, sources: [source]
      ).run(output: { output += $0 }, errors: { errors += $0 })
    case .graph(var options):
      options.input = scenarioInput(options.input)
      outcome = GraphCommand(
        options: options, environment: local, usesColor: false, source: source
      ).run(output: { output += $0 }, errors: { errors += $0 })
    case .eval, .test, .serve, .components, .actions, .completions, .help:
      // `command` is run, check or graph, and the command line starts with it.
      throw Failure(
        error: .invalidValue(
          key: "command", message: "'\(line.verb.rawValue)' is not a scenario command",
          line: scenario.setting("command")?.line ?? 1),
        file: scenario.path)
    }
    inputs.merge(outcome.inputs) { scenarioFile, _ in scenarioFile }
    if let mockError = outcome.mockError {
      let setting = scenario.setting("mocks") ?? scenario.setting("registry")
      throw Failure(error: .invalidMocks(mockError, line: setting?.line), file: scenario.path)
    }
    var failed = outcome.failedStep
    if let name = failed?.file {
      failed?.file = name == scenario.fileName ? scenario.path : joined(scenario.folder, name)
    }
    // As the command line's streams do: the goldens hold what a user sees.
    output = output.spellingSettings(OptionTable.spelling(of:))
    errors = errors.spellingSettings(OptionTable.spelling(of:))
    let firstError = Self.firstError(errors: errors, output: output)
    let body = GoldenFile.body(output: output, errors: errors, exitCode: outcome.code)
    if drawsStoryboard, drawing == nil { drawing = .text(body) }
    return Output(
      body: body, inputs: InputHash(inputs), failedStep: failed, firstError: firstError,
      coverage: coverage, drawing: drawing)
  }

  /// A file or folder the header names that does not exist, or that is outside
  /// the scenario's folder (without `--allow-outside-root`), is the scenario's
  /// mistake, not an output to record (a renamed screen would otherwise be
  /// approved as "no such file", and `screen: ../../etc/passwd` would record a
  /// line of that file).
  private func checkFilesExist(
    _ scenario: Scenario, in local: CommandLineTool.Environment
  ) throws(Failure) {
    var paths: [(Scenario.Setting, String, isFolder: Bool)] = []
    if !scenario.isRoute, let line = scenario.screenLine {
      paths.append(
        (
          Scenario.Setting(key: "screen", value: scenario.screen, line: line), scenario.screen,
          false
        ))
    }
    for setting in scenario.settings {
      switch setting.key {
      case "registry", "mocks": paths.append((setting, setting.value, false))
      case "bff": paths.append((setting, setting.value, true))
      case "global" where setting.value.hasPrefix("@"):
        paths.append((setting, String(setting.value.dropFirst()), false))
      default: break
      }
    }
    if let script = scenario.scriptFile { paths.append((script, script.value, false)) }
    for (setting, path, _) in paths
    where !allowsOutsideRoot && !Self.root.contains(path, environment: local) {
      throw Failure(
        error: .invalidValue(
          key: setting.key, message: Self.root.refusal(key: nil, path: path),
          line: setting.line),
        file: scenario.path)
    }
    for (setting, path, isFolder) in paths where setting.key != "script" {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: local.location(of: path), isDirectory: &isDirectory)
      guard !exists || isDirectory.boolValue != isFolder else { continue }
      let message =
        exists
        ? "'\(path)' is \(isFolder ? "a file; give a folder" : "a folder; give a file")"
        : "no such \(isFolder ? "folder" : "file") '\(path)' (paths are relative to the scenario's folder)"
      throw Failure(
        error: .invalidValue(key: setting.key, message: message, line: setting.line),
        file: scenario.path)
    }
  }

  private func joined(_ folder: String, _ path: String) -> String {
    path.hasPrefix("/") || folder == "." ? path : folder + "/" + path
  }

  /// The error a FAIL line names: the first located one (`file:line:column: error: …`),
  /// from stderr or else from a state's log in the output (where `run` lists them,
  /// leaving stderr only its count), or else stderr's first error.
  static func firstError(errors: String, output: String) -> String? {
    func isLocated(_ line: Substring) -> Bool {
      guard let range = line.range(of: ": error: ") else { return false }
      let place = line[..<range.lowerBound].split(separator: ":")
      return place.count >= 3 && place.suffix(2).allSatisfy { $0.allSatisfy(\.isNumber) }
    }
    let errorLines = errors.split(separator: "\n")
    let located =
      errorLines.first(where: isLocated)
      ?? output.split(separator: "\n").lazy.map { $0.drop { $0 == " " } }.first(where: isLocated)
    return (located ?? errorLines.first { $0.contains("error: ") }).map(String.init)
  }
}
