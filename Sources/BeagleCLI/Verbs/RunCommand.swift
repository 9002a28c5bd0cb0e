import BeagleJSON
import BeagleRuntime
import Foundation

/// `beagle-run [run] FILE|-`: load the screen and print its state.
struct RunCommand {
  var options: Options
  var environment: CommandLineTool.Environment
  var usesColor: Bool
  /// The first screen; nil for the command line's input.
  var source: ScreenSource?
  /// Steps already read (a test scenario's); nil to read `--script` and `--step`.
  var preparedScript: PreparedScript?
  /// Receives every state (and the session behind it); it also decides whether
  /// states are printed. nil prints them, as a plain run does.
  var observer: RunObserver?

  /// What a run did besides printing.
  struct Outcome {
    var code: Int32
    /// Every input read (the screen, the manifest, fetched screens), by name.
    var inputs: [String: [UInt8]]
    /// The `expect` step that did not hold, when one did not.
    var failedExpectation: FailedExpectation?
    /// The first error of mocks that could not be read (the run did not start).
    var mockError: String?
  }

  /// Where a step's line number points: the script file for its steps, `--step` for
  /// steps given on the command line (which come after the script's).
  func scriptSource(ofStep index: Int, fileSteps: Int) -> String {
    if let preparedScript { return preparedScript.name }
    if let path = options.scriptPath, index < fileSteps { return path }
    return "--step"
  }

  func execute(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
    run(output: output, errors: errors).code
  }

  func run(output: (String) -> Void, errors: (String) -> Void) -> Outcome {
    if let profiles = options.comparedProfiles {
      var command = self
      command.options.comparedProfiles = nil
      if command.preparedScript == nil {
        do {
          command.preparedScript = PreparedScript(
            script: try readScript(errors: errors).script,
            name: options.scriptPath ?? "--step")
        } catch {
          return Outcome(code: CommandLineTool.ExitCode.failure, inputs: [:])
        }
      }
      return CompareCommand(run: command, profiles: profiles)
        .execute(output: output, errors: errors)
    }
    var outcome = Outcome(code: CommandLineTool.ExitCode.success, inputs: [:])
    outcome.code = run(output: output, errors: errors, outcome: &outcome)
    return outcome
  }

  private func run(
    output: (String) -> Void, errors: (String) -> Void, outcome result: inout Outcome
  ) -> Int32 {
    let source =
      source
      ?? ScreenSource.argument(
        options.inputs.first ?? "-", options: options, environment: environment)
    let loader = ScreenLoader(options: options, environment: environment)
    var loaded = loader.load(source)
    result.inputs = loaded.allInputs
    if options.isStrict { loaded.diagnostics = loaded.diagnostics.strict() }
    let renderer = DiagnosticRenderer(
      usesColor: usesColor, files: loaded.files, mainName: loaded.mainName)
    guard !loaded.isFatal, !loaded.hasMockErrors, !loaded.hasRootErrors, let root = loaded.root
    else {
      for diagnostic in loaded.diagnostics { errors(renderer.render(diagnostic)) }
      // The mocks' own first error (theirs have a source; the screen's do not).
      let mockErrors = loaded.diagnostics.filter { $0.severity == .error }
      if loaded.hasMockErrors,
        let first = mockErrors.first(where: { $0.source != nil }) ?? mockErrors.first
      {
        let place = renderer.place(of: first).map { "\($0.file):\($0.position): " }
        result.mockError = (place ?? first.source.map { "\($0): " } ?? "") + first.message
      }
      return CommandLineTool.ExitCode.failure
    }
    let screen = Screen(route: source.route, root: root)
    let script: Script
    var fileSteps = 0
    if let preparedScript {
      script = preparedScript.script
    } else {
      do {
        (script, fileSteps) = try readScript(errors: errors)
      } catch {
        return CommandLineTool.ExitCode.failure
      }
    }
    let baseURL = options.baseURL ?? loaded.manifest?.baseURL
    let profile = options.profile ?? loaded.manifest?.profile ?? .ios
    // The global context starts as null on iOS and web, as "" on Android (docs/spec.md §4.6).
    let initialGlobal: JSONValue = profile == .android ? "" : .null
    var session = Session(
      registry: loaded.registry, firstScreen: screen, global: loaded.global ?? initialGlobal,
      operations: loaded.operations, viewClient: loader.viewClient(for: source, loaded: loaded),
      urlBuilder: URLBuilder(baseURL: baseURL), profile: profile,
      animation: loaded.manifest?.animation ?? NavigationAnimation(),
      limits: options.valueLimits)
    defer { if environment.exitsAfterCommand { KeptUntilExit.keep((loaded, session)) } }
    session.mocks = loaded.mocks ?? MockSet()
    if let baseURL {
      session.requestClient = HTTPRequestClient(baseURL: baseURL, limits: loader.httpLimits)
    }
    if observer?.collectsCoverage == true { session.coverage = CoverageLog() }
    if let manifest = loaded.manifest {
      let folder = loaded.manifestFolder ?? "."
      session.configure(
        with: manifest, folder: folder,
        location: environment.location(of: folder.isEmpty ? "." : folder))
    }
    var files = loaded.files
    var sawError = loaded.diagnostics.hasErrors
    func emit(_ state: RunState) {
      for (name, bytes) in session.sources where files[name] == nil {
        files[name] = SourceFile(name: name, bytes: bytes)
        result.inputs[name] = bytes
      }
      let renderer = DiagnosticRenderer(
        usesColor: usesColor, files: files, mainName: loaded.mainName)
      let state = options.isStrict ? state.strict() : state
      sawError = sawError || state.log.hasErrors
      if let observer {
        observer.observe(state, session)
        guard observer.printsStates else { return }
      }
      switch options.format {
      case .text:
        let text = TextRenderer { diagnostic in
          renderer.place(of: diagnostic).map { "\($0.file):\($0.position)" }
        }
        output(text.render(state))
        if options.explains, state.step == 0 {
          output(
            ExplainRenderer.text(
              ScreenEvaluator(evaluator: session.evaluator).explain(screen, global: session.global))
          )
        }
      // dot and mermaid are graph's; the parser refuses them here.
      case .json, .dot, .mermaid:
        let json = JSONStateRenderer { diagnostic in
          renderer.place(of: diagnostic).map { (file: $0.file, position: $0.position) }
        }
        var value = json.value(of: state)
        if options.explains, state.step == 0, case .object(var object) = value {
          object["bindings"] = ExplainRenderer.json(
            ScreenEvaluator(evaluator: session.evaluator).explain(screen, global: session.global))
          value = .object(object)
        }
        output(JSONPrinter().print(value, terminator: "\n"))
      }
    }
    if let request = loaded.firstRequest { session.record(request) }
    if script.steps.isEmpty { session.endRun() }
    emit(session.initialState(log: loaded.diagnostics))
    for (index, line) in script.steps.enumerated() {
      let outcome = session.perform(line.step)
      if index == script.steps.count - 1 || outcome != .done { session.endRun() }
      emit(session.state(step: index + 1, event: line.text))
      let scriptName = scriptSource(ofStep: index, fileSteps: fileSteps)
      let place = "\(scriptName):\(line.line)"
      switch outcome {
      case .done:
        continue
      case .expectationFailed(let message):
        errors("\(place): error: expectation failed: \(message)\n")
        result.failedExpectation = FailedExpectation(
          file: scriptName, line: line.line, step: index + 1, text: line.text, message: message)
        return CommandLineTool.ExitCode.failure
      case .failed(let message):
        errors("\(place): error: \(message)\n")
        return CommandLineTool.ExitCode.failure
      }
    }
    if script.steps.isEmpty == false, sawError {
      errors("beagle-run: error: the run logged errors (see each state's log)\n")
      return CommandLineTool.ExitCode.failure
    }
    let errorCount = loaded.diagnostics.filter { $0.severity == .error }.count
    if errorCount > 0 {
      errors(
        "beagle-run: error: \(Count.phrase(errorCount, "error")) in the input "
          + "(listed in the state's log; 'beagle-run check' shows them with their source lines)\n")
      return CommandLineTool.ExitCode.failure
    }
    // A run without steps fails too when loading it logged a runtime error (an
    // onInit loop cut short, an expression that failed): the log is the verdict.
    if sawError {
      errors("beagle-run: error: the run logged errors (see each state's log)\n")
      return CommandLineTool.ExitCode.failure
    }
    return CommandLineTool.ExitCode.success
  }
}

extension RunCommand {
  struct ScriptUnreadable: Error {}

  /// The steps of `--script FILE` followed by each `--step`, and how many came from
  /// the file. Errors are `SOURCE:LINE: error: …` as a step's failure is.
  func readScript(
    errors: (String) -> Void
  ) throws(ScriptUnreadable) -> (script: Script, fileSteps: Int) {
    var steps: [Script.Line] = []
    if let path = options.scriptPath {
      do {
        let file = try SourceFile.read(
          path, at: environment.location(of: path), standardInput: { [] })
        steps += try Script(parsing: String(decoding: file.bytes, as: UTF8.self)).steps
      } catch let error as ScriptError {
        errors("\(path):\(error.line): error: \(error.description)\n")
        throw ScriptUnreadable()
      } catch {
        errors("beagle-run: error: script: \(error)\n")
        throw ScriptUnreadable()
      }
    }
    let fileSteps = steps.count
    for (index, text) in options.steps.enumerated() {
      do {
        steps += try Script(parsing: text, firstLine: index + 1).steps
      } catch {
        errors("--step:\(index + 1): error: \(error.description)\n")
        throw ScriptUnreadable()
      }
    }
    return (Script(steps: steps), fileSteps)
  }
}

/// Script steps read ahead of a run, and the file their line numbers refer to.
struct PreparedScript: Sendable {
  var script: Script
  var name: String
}

extension RunState {
  /// The state with warnings raised to errors (`--strict`).
  func strict() -> RunState {
    var copy = self
    copy.log = log.strict()
    return copy
  }
}

/// "1 error", "2 warnings".
enum Count {
  static func phrase(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
