import BeagleJSON
import BeagleRendering
import BeagleRuntime

/// `beagle-run check PATH...`: validate screens without running them. Prints
/// compiler-style diagnostics on stderr and a count on stdout; exit 1 on errors.
/// A folder stands for the screens below it (see ``expand(_:environment:)``).
struct CheckCommand {
  var options: CheckOptions
  var environment: CommandLineTool.Environment
  var usesColor: Bool
  /// The screens to check; nil for the command line's inputs.
  var sources: [ScreenSource]?

  func execute(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
    run(output: output, errors: errors).code
  }

  /// Checks every screen; the outcome lists the inputs read.
  func run(output: (String) -> Void, errors: (String) -> Void) -> RunCommand.Outcome {
    // A `--bff` folder that is not there fails the check, as it fails `run`: its routes
    // would all be checked against nothing, and nothing said.
    if let folder = options.input.bffPath,
      let problem = RunCommand.missingFolder(folder, environment)
    {
      errors("beagle-run: error: --bff: \(problem)\n")
      return RunCommand.Outcome(code: CommandLineTool.ExitCode.failure, inputs: [:])
    }
    var errorTotal = 0
    var warningTotal = 0
    var inputs: [String: [UInt8]] = [:]
    var sources = self.sources ?? []
    if self.sources == nil {
      let expanded = Self.expand(
        options.inputs, environment: environment, allowsOutsideRoot: options.input.allowsOutsideRoot
      )
      for problem in expanded.problems {
        errors("beagle-run: error: \(problem)\n")
        errorTotal += 1
      }
      sources = expanded.files.map {
        ScreenSource.argument($0, options: options.input, environment: environment)
      }
    }
    var folderIdentifiers: [String: Set<String>] = [:]
    let basePolicy = DiagnosticPolicy(
      isStrict: options.output.isStrict, ignoredRules: options.output.ignoredRules)
    for source in sources {
      let loader = ScreenLoader(
        options: options.input, httpLimits: options.httpLimits,
        valueLimits: options.valueLimits, environment: environment)
      // The route check runs beside the binding check of a large screen.
      let identifiers = folderIdentifiers
      let (load, routeCheck) = loader.load(source) { setup in
        routeChecking(
          source, setup: setup, loader: loader, policy: basePolicy.ignoring(setup.manifest),
          folderIdentifiers: identifiers)
      }
      defer { if environment.exitsAfterCommand { KeptUntilExit.keep(load) } }
      inputs.merge(load.allInputs) { _, new in new }
      var found = Self.all(load)
      let policy = basePolicy.ignoring(load.setup.manifest)
      if let routeCheck {
        found += routeCheck.diagnostics
        folderIdentifiers = routeCheck.folderIdentifiers
      }
      let diagnostics = policy.apply(Self.ordered(found, mainName: load.mainName))
      let renderer = DiagnosticRenderer(
        usesColor: usesColor, files: load.files, mainName: load.mainName)
      for diagnostic in diagnostics {
        switch options.output.format {
        case .text, .html: errors(renderer.render(diagnostic))
        // dot and mermaid are graph's; the parser refuses them here.
        case .json, .dot, .mermaid: output(jsonLine(diagnostic, renderer: renderer) + "\n")
        }
      }
      errorTotal += diagnostics.filter { $0.severity == .error }.count
      warningTotal += diagnostics.filter { $0.severity == .warning }.count
    }
    if options.output.format == .text {
      let files = Count.phrase(sources.count, "file")
      output(
        "checked \(files): \(Count.phrase(errorTotal, "error")), "
          + "\(Count.phrase(warningTotal, "warning"))\n")
    }
    let code =
      errorTotal > 0 ? CommandLineTool.ExitCode.failure : CommandLineTool.ExitCode.success
    return RunCommand.Outcome(code: code, inputs: inputs)
  }

  /// What the route check of a screen found, and the local screen identifiers of
  /// each BFF folder read so far (``missingRoutes(in:document:bffFolder:isNamed:firstRoute:nativeRoutes:checkedFile:folderIdentifiers:environment:)``).
  struct RouteCheck: Sendable {
    var diagnostics: [Diagnostic]
    var folderIdentifiers: [String: Set<String>]
  }

  /// The route check of the screen `source` once decoded; nil when there is none:
  /// ignoring `dead-route` skips it (its summary for a folder that is not the BFF,
  /// `folder-not-bff`, stands for the same warnings), and an HTTP BFF or standard
  /// input has no folder to look in.
  private func routeChecking(
    _ source: ScreenSource, setup: LoadedSetup, loader: ScreenLoader, policy: DiagnosticPolicy,
    folderIdentifiers: [String: Set<String>]
  ) -> (@Sendable (ComponentNode, JSONDocument) -> RouteCheck)? {
    guard !policy.ignoredRules.contains("dead-route"),
      let folder = loader.bffFolder(for: source, setup: setup)
    else { return nil }
    let isNamed = options.input.bffPath != nil || setup.manifest?.bff != nil
    let firstRoute = source.route
    let nativeRoutes = setup.manifest?.nativeRoutes ?? []
    let environment = environment
    let checkedFile: String? =
      if case .file(let path) = source, path != "-" { environment.location(of: path) } else { nil }
    return { root, document in
      var identifiers = folderIdentifiers
      let diagnostics = Self.missingRoutes(
        in: root, document: document, bffFolder: folder, isNamed: isNamed,
        firstRoute: firstRoute, nativeRoutes: nativeRoutes, checkedFile: checkedFile,
        folderIdentifiers: &identifiers, environment: environment)
      return RouteCheck(diagnostics: diagnostics, folderIdentifiers: identifiers)
    }
  }

  /// What loading found, and the duplicate keys of the screen's JSON (Beagle keeps
  /// the last; `run` does not look for them).
  static func all(_ load: ScreenLoad) -> [Diagnostic] {
    guard let document = load.document else { return load.diagnostics }
    return load.diagnostics
      + document.duplicateKeys().map { duplicate in
        DecodingError.duplicateKey(duplicate.key).diagnostic(
          at: duplicate.pointer, offset: duplicate.offset)
      }
  }

  /// Manifest problems first, then the screen's in source order.
  static func ordered(_ diagnostics: [Diagnostic], mainName: String) -> [Diagnostic] {
    diagnostics.enumerated().sorted { lhs, rhs in
      let lhsSource = lhs.element.source ?? mainName
      let rhsSource = rhs.element.source ?? mainName
      if lhsSource != rhsSource { return lhsSource != mainName && rhsSource == mainName }
      let lhsOffset = lhs.element.offset ?? -1
      let rhsOffset = rhs.element.offset ?? -1
      if lhsOffset != rhsOffset { return lhsOffset < rhsOffset }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  private func jsonLine(_ diagnostic: Diagnostic, renderer: DiagnosticRenderer) -> String {
    var object = JSONObject()
    let place = renderer.place(of: diagnostic)
    object["file"] = .string(place?.file ?? diagnostic.source ?? renderer.mainName)
    object["line"] = place.map { .int($0.position.line) } ?? .null
    object["column"] = place.map { .int($0.position.column) } ?? .null
    object["severity"] = .string(diagnostic.severity.rawValue)
    object["message"] = .string(diagnostic.message)
    object["pointer"] = diagnostic.pointer.map { .string($0.description) } ?? .null
    object["notes"] = .array(diagnostic.notes.map { .string($0) })
    object["rule"] = diagnostic.rule.map(JSONValue.string) ?? .null
    return JSONPrinter().print(.object(object))
  }
}

// MARK: - Validation

extension CheckCommand {
  /// One or more files or folders.
  static func validate(_ options: CheckOptions) throws(UsageError) {
    guard !options.inputs.isEmpty else {
      throw UsageError(message: "'check' needs at least one file (or '-')")
    }
    if options.inputs.filter({ $0 == "-" }).count > 1 {
      throw UsageError(
        message: "'-' (standard input) can be given only once: standard input is read once")
    }
  }
}
