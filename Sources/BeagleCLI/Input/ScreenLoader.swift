import BeagleExpressions
import BeagleJSON
import BeagleRuntime
import Foundation

/// Reads, parses and decodes one screen file with the registry its manifest
/// describes, collecting every diagnostic on the way.
struct ScreenLoader {
  var options: Options
  var environment: CommandLineTool.Environment
  /// The limits of the run's HTTP exchanges (one budget for screens and requests).
  var httpLimits: HTTPLimits

  init(options: Options, environment: CommandLineTool.Environment) {
    self.options = options
    self.environment = environment
    self.httpLimits = options.httpLimits(environment: environment)
  }

  struct Loaded {
    /// Every file read, by name (the screen, the manifest).
    var files: [String: SourceFile] = [:]
    var mainName = ""
    var document: JSONDocument?
    var root: ComponentNode?
    var registry = Registry.builtIn
    var operations = OperationLibrary.standard
    var global: JSONValue?
    var manifest: Manifest?
    /// The manifest file's folder, to resolve its relative `bff`.
    var manifestFolder: String?
    /// The manifest file's name, as diagnostics show it.
    var manifestName: String?
    /// `--mocks FILE`, else the manifest's `mocks`.
    var mocks: MockSet?
    /// Whether the mocks have errors: a run then stops before it starts.
    var hasMockErrors = false
    /// Whether the manifest names a file or folder outside the project root: a
    /// run then stops before it starts.
    var hasRootErrors = false
    var diagnostics: [Diagnostic] = []
    /// Whether nothing could be decoded (unreadable file, invalid JSON).
    var isFatal = false
    /// The request that fetched the first screen, when it is a route.
    var firstRequest: RequestRecord?
    /// Inputs read that are not source files (`--global @FILE`), by name.
    var inputs: [String: [UInt8]] = [:]

    /// Every input read, by name: the source files and the others.
    var allInputs: [String: [UInt8]] {
      inputs.merging(files.mapValues(\.bytes)) { _, file in file }
    }
  }

  /// Loads the first screen: a file, or a route fetched from the configured BFF.
  func load(_ source: ScreenSource) -> Loaded {
    var loaded = Loaded()
    let path: String
    switch source {
    case .file(let file): path = file
    case .route: path = "-"  // no file to find a manifest beside
    }
    loaded.mainName = path == "-" ? "<stdin>" : path
    loadManifest(for: path, into: &loaded)
    loadMocks(into: &loaded)
    if let json = options.global {
      do {
        if json.hasPrefix("@") {
          let path = String(json.dropFirst())
          guard let data = FileManager.default.contents(atPath: environment.location(of: path))
          else {
            loaded.diagnostics.append(Diagnostic(.error, "--global: cannot read '\(path)'"))
            loaded.isFatal = true
            return loaded
          }
          loaded.inputs[path] = [UInt8](data)
          loaded.global = try JSONValue(parsing: [UInt8](data))
        } else {
          loaded.global = try JSONValue(parsing: json)
        }
      } catch {
        loaded.diagnostics.append(
          Diagnostic(
            .error,
            "--global: invalid JSON at column \(error.position.column): \(error.description)"))
        loaded.isFatal = true
        return loaded
      }
    }
    let file: SourceFile
    switch source {
    case .file:
      do {
        file = try SourceFile.read(
          path, at: environment.location(of: path),
          showsExcerpt: showsExcerpt(of: path, root: options.projectRoot),
          standardInput: environment.standardInput)
      } catch {
        loaded.diagnostics.append(Diagnostic(.error, error.description))
        loaded.isFatal = true
        return loaded
      }
    case .route(let route):
      guard !loaded.hasRootErrors else {
        loaded.isFatal = true
        return loaded
      }
      guard var client = viewClient(for: source, loaded: loaded) else {
        loaded.diagnostics.append(
          Diagnostic(
            .error,
            "the first screen '\(route)' is a route: give a bff folder or a base url to fetch it"
          ))
        loaded.isFatal = true
        return loaded
      }
      // Built as a navigation builds its URL (the base URL joined, iOS encoding).
      let url =
        URLBuilder(baseURL: options.baseURL ?? loaded.manifest?.baseURL).build(path: route) ?? route
      let answer = client.fetch(ScreenRequest(url: url), purpose: .navigation)
      loaded.firstRequest = answer.record
      switch answer.result {
      case .success(let fetched):
        file = SourceFile(name: fetched.source, bytes: fetched.bytes)
        loaded.mainName = fetched.source
      case .failure(let error):
        loaded.diagnostics.append(Diagnostic(.error, error.description))
        loaded.isFatal = true
        return loaded
      }
    }
    loaded.files[file.name] = file
    guard let document = parse(file, source: nil, into: &loaded) else {
      loaded.isFatal = true
      return loaded
    }
    loaded.document = document
    let profile = options.profile ?? loaded.manifest?.profile ?? .ios
    let result = Decoder(registry: loaded.registry, profile: profile).decode(document)
    loaded.root = result.root
    loaded.diagnostics += result.diagnostics
    if let root = result.root {
      // Calls are checked against the profile's library, as the session evaluates them.
      let operations = loaded.operations.adopting(profile == .web ? .web : .ios)
      let checker = BindingChecker(operations: operations) { base, tokens in
        document.node(atOffset: base.offset)?.descendant(tokens)?.offset
      }
      loaded.diagnostics += checker.check(root)
      if let styles = loaded.manifest?.theme {
        loaded.diagnostics += ThemeChecker(styles: styles) { base, tokens in
          document.node(atOffset: base.offset)?.descendant(tokens)?.offset
        }.check(root)
      }
    }
    if result.root == nil { loaded.isFatal = true }
    return loaded
  }

  /// Parses `file` with the run's nesting limit (`--max-depth`); a syntax error
  /// becomes a diagnostic located in `source` (nil: the run's main input).
  func parse(_ file: SourceFile, source: String?, into loaded: inout Loaded) -> JSONDocument? {
    let parserOptions = JSONParser.Options(
      maximumDepth: options.maximumDepth ?? JSONParser.Options.defaultMaximumDepth)
    do {
      return try JSONDocument(parsing: file.bytes, options: parserOptions)
    } catch {
      loaded.diagnostics.append(
        Diagnostic(.error, error.description, offset: error.position.offset, source: source))
      return nil
    }
  }

  /// Reads only a manifest (for `eval --registry`).
  func loadManifestOnly(_ path: String) -> Loaded {
    var loaded = Loaded()
    loaded.mainName = path
    var options = options
    options.registryPath = path
    ScreenLoader(options: options, environment: environment).loadManifest(for: "-", into: &loaded)
    return loaded
  }

  /// `--registry FILE`, else `beagle.json` beside the screen file.
  func loadManifest(for path: String, into loaded: inout Loaded) {
    var manifestPath = options.registryPath
    if manifestPath == nil, path != "-" {
      let beside = URL(fileURLWithPath: environment.location(of: path))
        .deletingLastPathComponent().appendingPathComponent("beagle.json").path
      if FileManager.default.fileExists(atPath: beside) {
        manifestPath = Self.relative(beside, like: path)
      }
    }
    guard let manifestPath else { return }
    let file: SourceFile
    do {
      file = try SourceFile.read(
        manifestPath, at: environment.location(of: manifestPath),
        showsExcerpt: showsExcerpt(of: manifestPath, root: options.projectRoot),
        standardInput: { [] })
    } catch {
      loaded.diagnostics.append(Diagnostic(.error, "registry manifest: \(error.description)"))
      return
    }
    loaded.files[file.name] = file
    do {
      let document = try JSONDocument(parsing: file.bytes)
      let (manifest, diagnostics) = Manifest.parse(document, source: file.name)
      loaded.diagnostics += diagnostics
      loaded.registry = manifest.apply(to: loaded.registry)
      loaded.operations = manifest.operations
      loaded.global = manifest.global
      loaded.manifest = manifest
      loaded.manifestFolder = (manifestPath as NSString).deletingLastPathComponent
      loaded.manifestName = file.name
      if let bff = manifest.bff, let root = projectRoot(of: loaded),
        !root.contains(manifestRelative(bff, loaded: loaded), environment: environment)
      {
        loaded.diagnostics.append(
          Diagnostic(
            .error, root.refusal(key: "bff", path: bff), pointer: JSONPointer(["bff"]),
            offset: document.root.descendant(["bff"])?.offset, source: file.name))
        loaded.hasRootErrors = true
      }
    } catch {
      loaded.diagnostics.append(
        Diagnostic(.error, error.description, offset: error.position.offset, source: file.name))
    }
  }

  /// `beside` written relative the way `path` was (so messages show
  /// `Examples/x/beagle.json`, not an absolute path).
  private static func relative(_ beside: String, like path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "beagle.json" : folder + "/beagle.json"
  }

  /// The route of the first screen: its path inside its folder, as the file BFF
  /// would serve it (`index.json` → `/`, `cart.json` → `/cart`); `/` for stdin.
  static func route(for path: String) -> String {
    guard path != "-" else { return "/" }
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    return name == "index" ? "/" : "/" + name
  }

  /// Where remote routes are fetched: `--base-url` (or the manifest's `baseUrl`)
  /// over HTTP; else `--bff DIR` (or the manifest's `bff`, relative to it); else the
  /// screen file's folder; none for stdin.
  func viewClient(for source: ScreenSource, loaded: Loaded) -> (any ViewClient)? {
    if let baseURL = options.baseURL ?? loaded.manifest?.baseURL {
      return CachingViewClient(HTTPViewClient(baseURL: baseURL, limits: httpLimits))
    }
    if let folder = options.bffPath { return fileClient(folder) }
    if let folder = loaded.manifest?.bff {
      return fileClient(manifestRelative(folder, loaded: loaded))
    }
    guard case .file(let input) = source, input != "-" else { return nil }
    let folder = (input as NSString).deletingLastPathComponent
    return fileClient(folder.isEmpty ? "." : folder)
  }

  /// `path` as the manifest wrote it, relative to the run's working directory.
  func manifestRelative(_ path: String, loaded: Loaded) -> String {
    let base = loaded.manifestFolder ?? ""
    return path.hasPrefix("/") || base.isEmpty ? path : base + "/" + path
  }

  /// The folder the manifest's files must stay in: the scenario's under `test`,
  /// else the manifest's; nil with `--allow-outside-root` or without a manifest.
  func projectRoot(of loaded: Loaded) -> ProjectRoot? {
    guard !options.allowsOutsideRoot else { return nil }
    if let root = options.projectRoot { return root }
    return loaded.manifestFolder.map { ProjectRoot(folder: $0, role: .manifest) }
  }

  /// Whether diagnostics may quote `path`: it is inside `root` (or there is none).
  func showsExcerpt(of path: String, root: ProjectRoot?) -> Bool {
    guard path != "-", let root else { return true }
    return root.contains(path, environment: environment)
  }

  /// A file BFF over `folder` as given, read from where it is.
  private func fileClient(_ folder: String) -> any ViewClient {
    let location = environment.location(of: folder)
    guard location != folder else { return CachingViewClient(FileViewClient(root: folder)) }
    return CachingViewClient(RelocatedFileViewClient(root: folder, location: location))
  }
}
