import BeagleRuntime
import Foundation

/// `beagle-run [run] FILE|-`: load the screen, play the script, print every state.
struct RunCommand {
  var options: RunOptions
  var environment: CommandLineTool.Environment
  var usesColor: Bool
  /// The first screen; nil for the command line's input.
  var source: ScreenSource?
  /// Steps already read (a test scenario's); nil to read `--script` and `--step`.
  var preparedScript: PreparedScript?
  /// Receives every state (and the session behind it); it also decides whether
  /// states are printed. nil prints them, as a plain run does.
  var observer: RunObserver?
  /// Whether the outcome lists the inputs read (with their bytes) and the screen's
  /// bytes stay in memory during the run: a golden test needs them, a plain run
  /// (``execute(output:errors:)``) does not.
  var keepsInputs = true
  /// Screens of at least this many components are rendered, and their states printed
  /// (text and JSON), by two threads (the output is the same); nil: by one.
  var parallelThreshold: Int? = ScreenEvaluator.defaultParallelThreshold

  /// What a run did besides printing.
  struct Outcome {
    var code: Int32
    /// Every input read (the screen, the manifest, fetched screens), by name.
    var inputs: [String: [UInt8]]
    /// The step that failed (an `expect` that did not hold, or a step that could not
    /// be performed), which stopped the run.
    var failedStep: FailedStep?
    /// The first error of mocks that could not be read (the run did not start), or
    /// of the manifest's mocks refused as outside the project root (the run went on
    /// without them): either way no scenario's output.
    var mockError: String?
  }

  /// Runs the command; `outputBytes` (see ``CommandLineTool/run(_:output:outputBytes:errors:)``)
  /// takes the states' bytes when they need no change on their way to `output`.
  func execute(
    output: (String) -> Void, outputBytes: (([UInt8]) -> Void)? = nil,
    errors: (String) -> Void
  ) -> Int32 {
    var command = self
    // A comparison of profiles reports on its inputs; a plain run does not.
    command.keepsInputs = options.comparedProfiles != nil
    return command.run(output: output, outputBytes: outputBytes, errors: errors).code
  }

  func run(
    output: (String) -> Void, outputBytes: (([UInt8]) -> Void)? = nil,
    errors: (String) -> Void
  ) -> Outcome {
    if let profiles = options.comparedProfiles {
      return compare(profiles, output: output, errors: errors)
    }
    // A `--bff` folder that is not there fails the run before it starts, as a missing
    // `--mocks` file does (not at the first navigation).
    if let folder = options.input.bffPath, let problem = Self.missingFolder(folder, environment) {
      errors("beagle-run: error: --bff: \(problem)\n")
      return Outcome(code: CommandLineTool.ExitCode.failure, inputs: [:])
    }
    let source =
      source
      ?? ScreenSource.argument(
        options.inputs.first ?? "-", options: options.input, environment: environment)
    let loader = ScreenLoader(
      options: options.input, httpLimits: options.httpLimits, valueLimits: options.valueLimits,
      environment: environment)
    // The first screen's bindings are parsed (``Screen/init(route:root:)``) while the
    // loader checks it, on another thread when it is large.
    let route = source.route
    let (loaded, prepared) = loader.load(source) { _ in
      { root, _ in Screen(route: route, root: root) }
    }
    let policy = DiagnosticPolicy(
      isStrict: options.output.isStrict, ignoredRules: options.output.ignoredRules
    ).ignoring(loaded.setup.manifest)
    var load = policy.apply(loaded)
    // Decoded and checked, the load lets go of its document. The tape itself stays
    // alive while the tree's properties are read from it (``LazyJSONObject``): the
    // evaluator and the printers read unevaluated members in place.
    load.document = nil
    var outcome = Outcome(code: CommandLineTool.ExitCode.success, inputs: load.allInputs)
    outcome.mockError = load.firstMockError(
      renderer: DiagnosticRenderer(usesColor: usesColor, files: load.files, mainName: load.mainName)
    )
    guard let root = load.runnableRoot else {
      let renderer = DiagnosticRenderer(
        usesColor: usesColor, files: load.files, mainName: load.mainName)
      for diagnostic in load.diagnostics { errors(renderer.render(diagnostic)) }
      outcome.code = CommandLineTool.ExitCode.failure
      return outcome
    }
    let script: RunScript
    do {
      script = try readScript(errors: errors)
    } catch {
      outcome.code = error.code
      return outcome
    }
    if !keepsInputs {
      // States locate diagnostics by line and column, never quoting the source: the
      // screen's bytes (as large as the input) need not stay for the whole run.
      load.files = load.files.mapValues { $0.keepingOnlyLines() }
      outcome.inputs = [:]
    }
    // The screen prepared beside the check is of this root: the load's, kept as it was.
    let screen = prepared ?? Screen(route: route, root: root)
    var session = Session(
      load: load, screen: screen, source: source, loader: loader, environment: environment,
      collectsCoverage: observer?.collectsCoverage == true, parallelThreshold: parallelThreshold)
    defer { if environment.exitsAfterCommand { KeptUntilExit.keep((load, session)) } }
    var printer = StatePrinter(
      options: options, usesColor: usesColor, load: load, screen: screen, observer: observer)
    printer.parallelThreshold = parallelThreshold
    func finished(_ code: Int32) -> Outcome {
      printer.finish(output: output)
      var finished = outcome
      finished.code = code
      finished.inputs.merge(printer.fetchedInputs) { loaded, _ in loaded }
      return finished
    }
    var loggedError = load.diagnostics.hasErrors
    var firstError: LoggedError?
    func emit(_ state: RunState) {
      let state = policy.apply(state)
      loggedError = loggedError || state.log.hasErrors
      printer.print(state, of: session, output: output, outputBytes: outputBytes)
      // Placed after printing: the printer knows the files the step fetched.
      if firstError == nil, let error = state.log.first(where: { $0.severity == .error }) {
        firstError = LoggedError(
          step: state.step, place: printer.place(of: error), diagnostic: error)
      }
    }
    if script.script.steps.isEmpty { session.endRun() }
    emit(session.initialState(log: load.diagnostics))
    for (index, line) in script.script.steps.enumerated() {
      let result = session.perform(line.step)
      if index == script.script.steps.count - 1 || result != .done { session.endRun() }
      emit(session.state(step: index + 1, event: line.text))
      let kind: FailedStep.Kind
      let message: String
      switch result {
      case .done: continue
      case .expectationFailed(let text): (kind, message) = (.expectation, text)
      case .failed(let text): (kind, message) = (.error, text)
      }
      // The run stops at a failed step; the steps after it do not run.
      let failed = FailedStep(
        kind: kind, file: script.source(ofStep: index), line: line.line, step: index + 1,
        text: line.text, message: message,
        skippedSteps: script.script.steps.count - index - 1)
      errors(failed.locatedError + "\n")
      outcome.failedStep = failed
      return finished(CommandLineTool.ExitCode.failure)
    }
    let verdict = RunVerdict(
      hasSteps: !script.script.steps.isEmpty,
      inputErrors: load.diagnostics.filter { $0.severity == .error }.count,
      loggedError: loggedError, firstError: firstError)
    if let message = verdict.message { errors(message) }
    return finished(verdict.code)
  }

  /// Why `folder` (as given) cannot be a BFF folder: nil when it is a folder.
  static func missingFolder(
    _ folder: String, _ environment: CommandLineTool.Environment
  ) -> String? {
    var isFolder: ObjCBool = false
    guard
      FileManager.default.fileExists(
        atPath: environment.location(of: folder), isDirectory: &isFolder)
    else {
      return "no such folder '\(folder)'"
    }
    return isFolder.boolValue ? nil : "'\(folder)' is a file, not a folder"
  }

  /// The scenario's steps, else `--script` and `--step`'s.
  private func readScript(errors: (String) -> Void) throws(RunScript.Unreadable) -> RunScript {
    if let preparedScript { return RunScript(prepared: preparedScript) }
    return try RunScript(options: options, environment: environment, errors: errors)
  }

  /// `--compare-profiles`: the same run under each profile, through ``CompareCommand``.
  private func compare(
    _ profiles: [NavigationProfile], output: (String) -> Void, errors: (String) -> Void
  ) -> Outcome {
    var command = self
    command.options.comparedProfiles = nil
    if command.preparedScript == nil {
      do {
        let script = try RunScript(options: options, environment: environment, errors: errors)
        command.preparedScript = PreparedScript(script: script.script, name: script.fileName)
      } catch {
        return Outcome(code: error.code, inputs: [:])
      }
    }
    return CompareCommand(run: command, profiles: profiles).execute(output: output, errors: errors)
  }
}

// MARK: - Validation

extension RunCommand {
  /// One screen; `--compare-profiles` runs every profile, without `--explain`.
  static func validate(_ options: RunOptions, line: ParsedCommandLine) throws(UsageError) {
    guard !options.inputs.isEmpty else {
      throw UsageError(
        message: "missing input: give a screen file, or '-' to read standard input")
    }
    let verbs = Verb.allCases.map(\.rawValue)
    if !line.isVerbGiven, options.inputs.count > 1, let first = options.inputs.first,
      let verb = Suggestion.closest(to: first, among: verbs)
    {
      throw UsageError(message: "unknown verb '\(first)'; did you mean '\(verb)'?")
    }
    guard options.inputs.count == 1 else {
      throw UsageError(
        message: "'run' takes one screen; to validate several files use 'beagle-run check'")
    }
    if options.output.format == .html, options.explains {
      throw UsageError(message: "'--explain' cannot be combined with '--format html'")
    }
    if options.output.format == .html, options.comparedProfiles != nil {
      throw UsageError(message: "'--format html' cannot be combined with '--compare-profiles'")
    }
    if options.imageMode != .placeholder, options.output.format != .html {
      throw UsageError(message: "'--images' applies to '--format html' only")
    }
    guard options.comparedProfiles != nil else { return }
    if line.givenNames.contains("--profile") {
      throw UsageError(
        message: "'--profile' picks one profile; '--compare-profiles' runs each of them")
    }
    if options.explains {
      throw UsageError(message: "'--explain' cannot be combined with '--compare-profiles'")
    }
  }
}
