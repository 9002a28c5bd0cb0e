import BeagleExpressions
import BeagleJSON
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
  var options: Options
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
      source ?? ScreenSource.argument(input, options: options, environment: environment)
    let loader = ScreenLoader(options: options, environment: environment)
    let loaded = loader.load(source)
    var inputs = loaded.allInputs
    let renderer = DiagnosticRenderer(
      usesColor: usesColor, files: loaded.files, mainName: loaded.mainName)
    guard !loaded.isFatal, !loaded.hasRootErrors, let root = loaded.root else {
      for diagnostic in loaded.diagnostics { errors(renderer.render(diagnostic)) }
      return RunCommand.Outcome(code: CommandLineTool.ExitCode.failure, inputs: inputs)
    }
    // The manifest's own problems would otherwise go unseen: a graph has no log. The
    // graph is still drawn, but an error there fails the command, as it fails run and check.
    var hasManifestError = false
    for diagnostic in loaded.diagnostics
    where diagnostic.source != nil && diagnostic.source == loaded.manifestName {
      errors(renderer.render(diagnostic))
      if diagnostic.severity == .error { hasManifestError = true }
    }
    var assumed: [(id: String, value: JSONValue)] = []
    for (id, json) in options.assumptions {
      do {
        assumed.append((id, try JSONValue(parsing: json)))
      } catch {
        errors(
          "beagle-run: error: --assume \(id): invalid JSON at column \(error.position.column): "
            + "\(error.description)\n")
        return RunCommand.Outcome(code: CommandLineTool.ExitCode.failure, inputs: inputs)
      }
    }
    let manifest = loaded.manifest
    var deepLinks: DeepLinkHandler?
    if let manifest, !manifest.nativeRoutes.isEmpty {
      let folder = loaded.manifestFolder.map { $0.isEmpty ? "." : $0 } ?? "."
      deepLinks = DeepLinkHandler(
        routes: manifest.nativeRoutes, folder: folder, location: environment.location(of: folder))
    }
    let configuration = GraphWalker.Configuration(
      registry: loaded.registry, operations: loaded.operations,
      urlBuilder: URLBuilder(baseURL: options.baseURL ?? manifest?.baseURL),
      deepLinks: deepLinks, animation: manifest?.animation,
      assumptions: ContextScope(assumed, global: loaded.global ?? .null),
      maximumJSONDepth: options.maximumDepth ?? JSONParser.Options.defaultMaximumDepth)
    var client: any ViewClient =
      loader.viewClient(for: source, loaded: loaded) ?? NoViewClient()
    let entry = GraphWalker.Entry(
      route: source.route, root: root, source: loaded.mainName,
      diagnostics: loaded.diagnostics.filter { $0.source == nil })
    let result = GraphWalker(configuration).walk(entry, client: &client)
    var graph = result.graph
    inputs.merge(result.sources) { first, _ in first }
    if let folder = bffFolder(source: source, loaded: loaded) {
      graph.flags += BFFFolderScan(folder: folder, environment: environment).unreachable(
        in: graph, excluding: excludedFiles(loaded: loaded))
    }

    let entryName = input
    switch options.format {
    case .text: output(GraphTextRenderer(entryName: entryName).render(graph))
    case .json: output(GraphJSONRenderer.text(of: graph, entryName: entryName) + "\n")
    case .dot: output(GraphDotRenderer.render(graph))
    case .mermaid: output(GraphMermaidRenderer.render(graph))
    }
    let flagCount = graph.flags.filter { !$0.isNote }.count
    if options.isStrict, flagCount > 0 {
      errors(
        "beagle-run: error: \(Count.phrase(flagCount, "flag")) in the graph (--strict)\n")
      return RunCommand.Outcome(code: CommandLineTool.ExitCode.failure, inputs: inputs)
    }
    let code =
      hasManifestError ? CommandLineTool.ExitCode.failure : CommandLineTool.ExitCode.success
    return RunCommand.Outcome(code: code, inputs: inputs)
  }

  /// The folder of the file BFF, as ``ScreenLoader/viewClient(for:loaded:)`` chooses
  /// it; nil for an HTTP BFF or standard input.
  private func bffFolder(source: ScreenSource, loaded: ScreenLoader.Loaded) -> String? {
    if options.baseURL ?? loaded.manifest?.baseURL != nil { return nil }
    if let folder = options.bffPath { return folder }
    if let folder = loaded.manifest?.bff {
      return ScreenLoader(options: options, environment: environment).manifestRelative(
        folder, loaded: loaded)
    }
    guard case .file(let input) = source, input != "-" else { return nil }
    let folder = (input as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  /// The files of the BFF folder that are not screens: the manifest and the mock files.
  private func excludedFiles(loaded: ScreenLoader.Loaded) -> [String] {
    var files: [String] = []
    if let name = loaded.manifestName { files.append(name) }
    if let mocks = loaded.manifest?.mocksFile {
      files.append(
        ScreenLoader(options: options, environment: environment).manifestRelative(
          mocks.path, loaded: loaded))
    }
    if let mocks = options.mocksPath { files.append(mocks) }
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
