import BeagleExpressions
import BeagleJSON
import BeagleRendering
import BeagleRuntime
import Foundation

/// The beagle-run command line as a library: it takes the arguments, the
/// standard streams and the environment, and returns the exit code. It never
/// reads process globals, so tests and embedders can drive it directly.
///
/// ```swift
/// var out = "", err = ""
/// let code = CommandLineTool(environment: .init()).run(
///   ["beagle-run", "screen.json"], output: { out += $0 }, errors: { err += $0 })
/// ```
public struct CommandLineTool: Sendable {
  /// What the tool may know of its process.
  public struct Environment: Sendable {
    public var variables: [String: String]
    public var isOutputTerminal: Bool
    public var isErrorTerminal: Bool
    /// Reads standard input to its end, but at most one byte past
    /// ``InputLimit/bytes``: a longer result is refused as too large, unparsed.
    public var standardInput: @Sendable () -> [UInt8]
    /// The folder relative paths are read from; nil for the process's working
    /// directory. Messages keep naming files as they were given, so `test` can run
    /// each scenario "from" its own folder, in parallel, without `chdir`.
    public var workingDirectory: String?
    /// How many scenarios `test` runs at once (the cores available).
    public var processorCount: Int
    /// The running executable, which `test` starts again to run each scenario in a
    /// process of its own (a crash or a runaway scenario then fails alone); nil runs
    /// scenarios in this process, in parallel threads.
    public var executablePath: String?
    /// Reads one line of standard input (without its newline); nil at its end. Only
    /// the worker processes of `test` read their input line by line.
    public var readLine: @Sendable () -> String?
    /// Whether the process exits right after the command, so `check` and `run` leave
    /// their screens (the decoded tree, the session) for the system to reclaim at exit
    /// instead of freeing them node by node (about 4 instructions per input byte).
    public var exitsAfterCommand: Bool
    /// Signals and a closed output: the process's own when run as `beagle-run`
    /// (main.swift), nil in tests and embedders that handle them themselves.
    public var interruption: Interruption?
    /// Waits until the process is asked to stop, and returns its exit code: `serve`
    /// calls it once its server listens, and stops when it returns. `ready` is
    /// called once the wait can see a stop request (then `serve` prints its URL).
    /// The default returns at once with 0; the executable gives
    /// ``Interruption/waitUntilInterrupted(ready:)`` (SIGINT: 130, SIGTERM: 143).
    public var awaitInterrupt: @Sendable (_ ready: () -> Void) -> Int32

    public init(
      variables: [String: String] = [:], isOutputTerminal: Bool = false,
      isErrorTerminal: Bool = false, standardInput: @escaping @Sendable () -> [UInt8] = { [] },
      workingDirectory: String? = nil,
      processorCount: Int = ProcessInfo.processInfo.activeProcessorCount,
      executablePath: String? = nil, readLine: @escaping @Sendable () -> String? = { nil },
      exitsAfterCommand: Bool = false, interruption: Interruption? = nil,
      awaitInterrupt: @escaping @Sendable (_ ready: () -> Void) -> Int32 = { ready in
        ready()
        return 0
      }
    ) {
      self.variables = variables
      self.isOutputTerminal = isOutputTerminal
      self.isErrorTerminal = isErrorTerminal
      self.standardInput = standardInput
      self.workingDirectory = workingDirectory
      self.processorCount = max(1, processorCount)
      self.executablePath = executablePath
      self.readLine = readLine
      self.exitsAfterCommand = exitsAfterCommand
      self.interruption = interruption
      self.awaitInterrupt = awaitInterrupt
    }

    /// Where the file `path` (as given) is: resolved against ``workingDirectory``
    /// when it is relative.
    public func location(of path: String) -> String {
      guard let workingDirectory, !path.hasPrefix("/"), path != "-" else { return path }
      if path.isEmpty || path == "." { return workingDirectory }
      let folder = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
      return folder + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }
  }

  /// Whether the command's output gives back `bytes` (UTF-8) unchanged: they hold no
  /// setting to spell (a reference starts with U+E000, `EE 80 80`) and no control
  /// character but line feeds to escape.
  static func passesUnchanged(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return true }
      return memchr(base, 0xEE, buffer.count) == nil
        && !OutlineText.containsControlCharacter(buffer, keepingNewlines: true)
    }
  }

  /// Exit codes of DESIGN.md.
  public enum ExitCode {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 64
  }

  public var environment: Environment

  public init(environment: Environment) {
    self.environment = environment
  }

  /// Runs one command line (`arguments[0]` is the program name).
  public func run(
    _ arguments: [String], output rawOutput: (String) -> Void, errors rawErrors: (String) -> Void
  ) -> Int32 {
    run(arguments, output: rawOutput, outputBytes: nil, errors: rawErrors)
  }

  /// Runs one command line, as ``run(_:output:errors:)`` does; `outputBytes`, when given,
  /// writes UTF-8 to the same stream as `output`, and `run` hands it the states it prints
  /// as they are, when they need no change (``passesUnchanged(_:)``): a large screen's
  /// states are then never made into strings.
  public func run(
    _ arguments: [String], output rawOutput: (String) -> Void,
    outputBytes: (([UInt8]) -> Void)?, errors rawErrors: (String) -> Void
  ) -> Int32 {
    // The libraries name settings (a limit, where screens come from); the command line
    // spells them as its options, in everything it prints.
    func errors(_ text: String) { rawErrors(text.spellingSettings(OptionTable.spelling(of:))) }
    if arguments.count > 1, arguments[1] == ScenarioWorker.verb {
      guard
        let worker = ScenarioWorker(
          arguments: Array(arguments.dropFirst(2)), environment: environment)
      else {
        errors("beagle-run: error: \(ScenarioWorker.verb) is for 'beagle-run test' only\n")
        return ExitCode.usage
      }
      return worker.serve(readLine: environment.readLine, output: rawOutput)
    }
    // Ctrl-C and SIGTERM: exit 130/143, after `test` stopped its workers.
    environment.interruption?.watchSignals()
    // States, graphs and comparisons quote payload strings: none may bring a control
    // character to the terminal (the renderers escape them; this holds for every verb).
    func output(_ text: String) {
      rawOutput(
        text.spellingSettings(OptionTable.spelling(of:)).escapingControlCharacters(
          keepingNewlines: true))
    }
    // `tset Examples`, `chek`: a first argument that names no file but is close to a
    // verb is that verb mistyped, whatever follows it.
    if arguments.count > 1, let verb = Verb.closest(to: arguments[1]),
      !FileManager.default.fileExists(atPath: environment.location(of: arguments[1]))
    {
      errors(
        "beagle-run: error: unknown verb '\(arguments[1])'; did you mean '\(verb.rawValue)'?\n"
          + "See 'beagle-run --help'.\n")
      return ExitCode.usage
    }
    let line: ParsedCommandLine
    do {
      line = try ArgumentParser.parse(Array(arguments.dropFirst()))
    } catch {
      errors("beagle-run: error: \(error.message)\n\(error.seeHelp)\n")
      return ExitCode.usage
    }
    if line.showsHelp || line.verb == .help {
      // `help check`, `check --help`; `help --help` is `help help`.
      let verb =
        line.verb == .help
        ? line.inputs.first.flatMap(Verb.init) ?? (line.showsHelp ? .help : nil)
        : line.isVerbGiven ? line.verb : nil
      output((verb.map(Help.text(for:)) ?? Help.text) + "\n")
      return ExitCode.success
    }
    if line.showsVersion {
      output("beagle-run \(Help.version)\n")
      return ExitCode.success
    }
    // Diagnostics go to stderr; the test report's diffs to stdout.
    let usesColor = line.color.usesColor(
      isTerminal: environment.isErrorTerminal, variables: environment.variables)
    switch line.options {
    case .run(let options):
      return RunCommand(options: options, environment: environment, usesColor: usesColor)
        .execute(output: output, outputBytes: outputBytes, errors: errors)
    case .check(let options):
      return CheckCommand(options: options, environment: environment, usesColor: usesColor)
        .execute(output: output, errors: errors)
    case .eval(let options):
      guard
        let setup = manifest(
          manifestPath(options.registryPath), valueLimits: options.valueLimits,
          usesColor: usesColor, errors: errors)
      else {
        return ExitCode.failure
      }
      // --profile web evaluates as web-core does, android as Android 1.x's operations
      // (docs/spec.md §6.1, §10.13, §10.14).
      let profile = options.profile ?? setup.manifest?.profile ?? .ios
      let operations = setup.operations.adopting(profile.dialect)
      // The manifest's `global` is the initial global context, as in a run; --global wins.
      return EvalCommand(
        options: options, operations: operations, manifestGlobal: setup.manifest?.global
      ).execute(output: output, errors: errors)
    case .components(let options), .actions(let options):
      let path = manifestPath(options.registryPath)
      // A manifest with errors still lists the built-ins and its valid types, with
      // its errors on stderr and exit 1, as run and check go on with its valid parts.
      let (setup, isValid) = manifestKeepingValidParts(
        path, valueLimits: ValueLimitOptions(), usesColor: usesColor, errors: errors)
      let code = ReferenceCommand(
        kind: line.verb == .components ? .components : .actions, registry: setup.registry,
        format: options.format
      ).execute(output: output)
      return isValid ? code : ExitCode.failure
    case .test(var options):
      options.usesColor = line.color.usesColor(
        isTerminal: environment.isOutputTerminal, variables: environment.variables)
      // Colour and the counter's line control reach the terminal; the report's own
      // text is escaped as every output is (a golden may hold anything).
      return TestCommand(options: options, environment: environment)
        .execute(
          output: output, errors: errors,
          styled: { styled, plain in
            rawOutput(
              styled(
                plain.spellingSettings(OptionTable.spelling(of:))
                  .escapingControlCharacters(keepingNewlines: true)))
          })
    case .completions(let shell):
      // validate gives every completions command line its shell; nil never gets here
      guard let shell else { return ExitCode.usage }
      return CompletionsCommand(shell: shell).execute(output: output)
    case .help:
      return ExitCode.success  // printed above
    case .graph(let options):
      return GraphCommand(options: options, environment: environment, usesColor: usesColor)
        .execute(output: output, errors: errors)
    case .serve(let options):
      return ServeCommand(options: options, environment: environment)
        .execute(output: output, errors: errors)
    }
  }

  /// `--registry FILE`, else `beagle.json` of the working directory when there is
  /// one: the verbs without a screen (eval, components, actions) have no folder of
  /// their own to find it beside.
  private func manifestPath(_ given: String?) -> String? {
    if let given { return given }
    let isPresent = FileManager.default.fileExists(atPath: environment.location(of: "beagle.json"))
    return isPresent ? "beagle.json" : nil
  }

  /// The `--registry` manifest alone (built-ins when none is given); nil, with its
  /// errors printed, when it is invalid.
  private func manifest(
    _ path: String?, valueLimits: ValueLimitOptions, usesColor: Bool,
    errors: (String) -> Void
  ) -> LoadedSetup? {
    let (setup, isValid) = manifestKeepingValidParts(
      path, valueLimits: valueLimits, usesColor: usesColor, errors: errors)
    return isValid ? setup : nil
  }

  /// The manifest alone, with what is valid in it applied, and whether it had no
  /// error (its diagnostics are printed).
  private func manifestKeepingValidParts(
    _ path: String?, valueLimits: ValueLimitOptions, usesColor: Bool,
    errors: (String) -> Void
  ) -> (setup: LoadedSetup, isValid: Bool) {
    guard let path else { return (LoadedSetup(), true) }
    let (setup, load) = ScreenLoader(
      options: InputOptions(), httpLimits: HTTPLimitOptions(), valueLimits: valueLimits,
      environment: environment
    ).loadManifestOnly(path)
    let renderer = DiagnosticRenderer(usesColor: usesColor, files: load.files, mainName: path)
    for diagnostic in load.diagnostics { errors(renderer.render(diagnostic)) }
    return (setup, !load.diagnostics.hasErrors)
  }
}
