import BeagleExpressions
import BeagleJSON
import BeagleRendering
import BeagleRuntime
import Foundation

/// `beagle-run graph ENTRY [--bff DIR | --base-url URL] [--format text|json|dot|mermaid]
/// [--assume ID=JSON]... [--strict]`: the app's navigation graph from an entry screen.
///
/// The entry and the manifest are loaded as `run` loads them (``ScreenLoader``),
/// screens are fetched through the same view client, and ``GraphWalker`` follows
/// every route. Exit 1 when the entry cannot be read, or with `--strict` when
/// anything is flagged (notes do not count); else 0.
struct GraphCommand {
  var options: GraphOptions
  var environment: CommandLineTool.Environment
  var usesColor: Bool
  /// The entry; nil for the command line's input.
  var source: ScreenSource?

  func execute(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
    run(output: output, errors: errors).code
  }

  func run(output: (String) -> Void, errors: (String) -> Void) -> RunCommand.Outcome {
    let input = options.inputs.first ?? "-"
    let source =
      source ?? ScreenSource.argument(input, options: options.input, environment: environment)
    let loader = ScreenLoader(
      options: options.input, httpLimits: options.httpLimits, valueLimits: options.valueLimits,
      environment: environment)
    let load = loader.load(source)
    var outcome = RunCommand.Outcome(code: CommandLineTool.ExitCode.failure, inputs: load.allInputs)
    let diagnostics = DiagnosticPolicy(
      isStrict: options.output.isStrict, ignoredRules: options.output.ignoredRules
    ).ignoring(load.setup.manifest).apply(load.diagnostics)
    let renderer = DiagnosticRenderer(
      usesColor: usesColor, files: load.files, mainName: load.mainName)
    // Mocks answer requests, which a graph does not send: only the screen must be usable.
    guard let root = load.root else {
      for diagnostic in diagnostics { errors(renderer.render(diagnostic)) }
      return outcome
    }
    // The manifest's own problems would otherwise go unseen: a graph has no log. The
    // graph is still drawn, but an error there fails the command, as it fails run and check.
    let manifestDiagnostics = diagnostics.filter {
      $0.source != nil && $0.source == load.setup.manifestName
    }
    for diagnostic in manifestDiagnostics { errors(renderer.render(diagnostic)) }
    guard let assumed = assumptions(errors: errors) else { return outcome }

    var client: any ViewClient =
      loader.viewClient(for: source, setup: load.setup) ?? NoViewClient()
    let entry = GraphWalker.Entry(
      route: source.route, root: root, source: load.mainName,
      diagnostics: load.diagnostics.filter { $0.source == nil })
    let result = GraphWalker(configuration(load.setup, assumed: assumed))
      .walk(entry, client: &client)
    var graph = result.graph
    outcome.inputs.merge(result.sources) { first, _ in first }
    if let folder = loader.bffFolder(for: source, setup: load.setup) {
      graph.flags += BFFFolderScan(folder: folder, environment: environment).unreachable(
        in: graph, excluding: excludedFiles(setup: load.setup, loader: loader))
    }

    render(graph, entryName: input, output: output)
    let flagCount = graph.flags.filter { !$0.isNote }.count
    if options.output.isStrict, flagCount > 0 {
      errors(
        "beagle-run: error: \(Count.phrase(flagCount, "flag")) in the graph (--strict)\n")
      return outcome
    }
    if !manifestDiagnostics.hasErrors { outcome.code = CommandLineTool.ExitCode.success }
    return outcome
  }

  /// `--assume ID=JSON` values; nil, with the error printed, when one is not JSON.
  private func assumptions(errors: (String) -> Void) -> [(id: String, value: JSONValue)]? {
    var assumed: [(id: String, value: JSONValue)] = []
    for (id, json) in options.assumptions {
      do {
        assumed.append((id, try JSONValue(parsing: json)))
      } catch {
        errors(
          "beagle-run: error: --assume \(id): invalid JSON at column \(error.position.column): "
            + "\(error.description)"
            + QuotingHint.hint(for: json, option: "--assume", id: id) + "\n")
        return nil
      }
    }
    return assumed
  }

  /// What the walker needs of the manifest and the options.
  private func configuration(
    _ setup: LoadedSetup, assumed: [(id: String, value: JSONValue)]
  ) -> GraphWalker.Configuration {
    let manifest = setup.manifest
    var deepLinks: DeepLinkHandler?
    if let manifest, !manifest.nativeRoutes.isEmpty {
      let folder = setup.manifestFolder.map { $0.isEmpty ? "." : $0 } ?? "."
      deepLinks = DeepLinkHandler(
        routes: manifest.nativeRoutes, folder: folder, location: environment.location(of: folder))
    }
    return GraphWalker.Configuration(
      registry: setup.registry, operations: setup.operations,
      urlBuilder: URLBuilder(baseURL: options.input.baseURL ?? manifest?.baseURL),
      deepLinks: deepLinks, animation: manifest?.animation,
      assumptions: ContextScope(assumed, global: setup.global ?? .null),
      maximumJSONDepth: options.valueLimits.depth,
      profile: options.input.profile ?? manifest?.profile ?? .ios)
  }

  private func render(_ graph: NavigationGraph, entryName: String, output: (String) -> Void) {
    switch options.output.format {
    case .text, .html: output(GraphTextRenderer(entryName: entryName).render(graph))
    case .json: output(GraphJSONRenderer.text(of: graph, entryName: entryName) + "\n")
    case .dot: output(GraphDotRenderer.render(graph))
    case .mermaid: output(GraphMermaidRenderer.render(graph))
    }
  }

  /// The files of the BFF folder that are not screens: the manifest and the mock files.
  private func excludedFiles(setup: LoadedSetup, loader: ScreenLoader) -> [String] {
    var files: [String] = []
    if let name = setup.manifestName { files.append(name) }
    if let mocks = setup.manifest?.mocksFile {
      files.append(loader.manifestRelative(mocks.path, setup: setup))
    }
    if let mocks = options.input.mocksPath { files.append(mocks) }
    return files
  }
}

/// The view client of a graph whose entry came from standard input without a BFF.
private struct NoViewClient: ViewClient {
  func fetch(_ request: ScreenRequest) -> Result<FetchedScreen, NavigationError> {
    .failure(
      .unreadableFile(
        path: request.url, reason: "no BFF to fetch it from: give --bff DIR or --base-url URL"))
  }
}

// MARK: - Validation

extension GraphCommand {
  /// Exactly one entry screen.
  static func validate(_ options: GraphOptions) throws(UsageError) {
    guard options.inputs.count == 1 else {
      throw UsageError(
        message: options.inputs.isEmpty
          ? "'graph' needs an entry screen, as in beagle-run graph Examples/navigation/index.json"
          : "'graph' takes one entry screen")
    }
  }
}
