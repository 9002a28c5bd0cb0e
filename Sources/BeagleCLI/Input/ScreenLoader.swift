import BeagleExpressions
import BeagleHTTP
import BeagleJSON
import BeagleRuntime
import Foundation

/// Reads, parses and decodes one screen file with the registry its manifest
/// describes, collecting every diagnostic on the way into a ``ScreenLoad``.
struct ScreenLoader {
  /// Where the screens, the manifest and the mocks come from.
  var options: InputOptions
  var environment: CommandLineTool.Environment
  /// The limits of the run's HTTP exchanges (one budget for screens and requests).
  var httpLimits: HTTPLimits
  /// `--max-depth` and `--max-value-bytes`.
  var valueLimits: ValueLimitOptions
  /// Screens of at least this many bytes are decoded and checked on two threads
  /// (the output is the same); nil: on the calling thread alone.
  var parallelThreshold: Int? = Self.defaultParallelThreshold

  /// Below this size a second thread costs more than it saves.
  static let defaultParallelThreshold = 256 << 10

  init(
    options: InputOptions, httpLimits: HTTPLimitOptions, valueLimits: ValueLimitOptions,
    environment: CommandLineTool.Environment
  ) {
    self.options = options
    self.environment = environment
    self.httpLimits = httpLimits.httpLimits(environment: environment)
    self.valueLimits = valueLimits
  }

  /// Loads the first screen: a file, or a route fetched from the configured BFF.
  func load(_ source: ScreenSource) -> ScreenLoad {
    load(source) { _ -> (@Sendable (ComponentNode, JSONDocument) -> Void)? in nil }.load
  }

  /// Loads the first screen, and does `alongside`'s work on it once it is decoded:
  /// `alongside` is given the screen's setup and says what to do (nil: nothing);
  /// that work runs on another thread while the screen's bindings are checked when
  /// the screen is large (``parallelThreshold``), after the check otherwise.
  func load<Extra: Sendable>(
    _ source: ScreenSource,
    alongside: (LoadedSetup) -> (@Sendable (ComponentNode, JSONDocument) -> Extra)?
  ) -> (load: ScreenLoad, extra: Extra?) {
    let path: String
    switch source {
    case .file(let file): path = file
    case .route: path = "-"  // no file to find a manifest beside
    }
    var reading = Reading()
    var setup = loadManifest(for: path, reading: &reading)
    let mocks = loadMocks(setup: setup, reading: &reading)
    setup.mocks = mocks.set
    var load = ScreenLoad(
      files: [:], otherInputs: [:], mainName: path == "-" ? "<stdin>" : path, setup: setup,
      diagnostics: [], hasInvalidMocks: mocks.isInvalid, mockRefusal: mocks.refusal)
    var extra: Extra?
    func finished() -> (load: ScreenLoad, extra: Extra?) {
      var finished = load
      finished.files = reading.files
      finished.otherInputs = reading.otherInputs
      finished.diagnostics = reading.diagnostics
      return (finished, extra)
    }
    if let json = options.global {
      guard let global = readGlobal(json, reading: &reading) else { return finished() }
      load.setup.global = global
    }
    guard let file = readScreen(source, path: path, setup: setup, into: &load, reading: &reading)
    else { return finished() }
    reading.files[file.name] = file
    guard let document = parse(file, source: nil, reading: &reading) else { return finished() }
    load.document = document
    let profile = options.profile ?? setup.manifest?.profile ?? .ios
    let isLarge = parallelThreshold.map { document.bytes.count >= $0 } ?? false
    let result = Decoder(
      registry: setup.registry, profile: profile, parallelThreshold: parallelThreshold
    ).decode(document)
    load.root = result.root
    reading.diagnostics += result.diagnostics
    if let root = result.root {
      let work = alongside(load.setup)
      let job = isLarge ? work.map { work in BackgroundJob { work(root, document) } } : nil
      reading.diagnostics += check(root, in: document, setup: setup, profile: profile)
      extra = job?.wait() ?? work?(root, document)
    }
    return finished()
  }

  /// Reads only a manifest (for `eval --registry`, `components`, `actions`).
  func loadManifestOnly(_ path: String) -> (setup: LoadedSetup, load: ScreenLoad) {
    var loader = self
    loader.options.registryPath = path
    var reading = Reading()
    let setup = loader.loadManifest(for: "-", reading: &reading)
    let load = ScreenLoad(
      files: reading.files, otherInputs: [:], mainName: path, setup: setup,
      diagnostics: reading.diagnostics, hasInvalidMocks: false)
    return (setup, load)
  }

  // MARK: - Steps

  /// What the steps of a load collect: the files read and the problems found.
  struct Reading {
    var files: [String: SourceFile] = [:]
    var otherInputs: [String: [UInt8]] = [:]
    var diagnostics: [Diagnostic] = []
  }

  /// `--global JSON` or `--global @FILE`; nil, with an error, when it cannot be read.
  private func readGlobal(_ json: String, reading: inout Reading) -> JSONValue? {
    do {
      // Nested no deeper than `--max-depth`, as every other JSON input.
      let options = JSONParser.Options(maximumDepth: valueLimits.depth)
      guard json.hasPrefix("@") else { return try JSONValue(parsing: json, options: options) }
      let path = String(json.dropFirst())
      // A file, a pipe or a fifo (`@<(…)`); `@-` is a file named `-`, as it always was.
      let name = path == "-" ? "./-" : path
      guard
        let data = try? SourceFile.read(
          name, at: environment.location(of: name), standardInput: { [] }
        ).bytes
      else {
        reading.diagnostics.append(LoaderMessage.globalUnreadable(path: path).diagnostic())
        return nil
      }
      reading.otherInputs[path] = data
      return try JSONValue(parsing: data, options: options)
    } catch {
      reading.diagnostics.append(
        LoaderMessage.globalInvalidJSON(
          column: error.position.column,
          reason: error.description + QuotingHint.hint(for: json, option: "--global")
        ).diagnostic())
      return nil
    }
  }

  /// The first screen's bytes: the file, or the route fetched from the BFF (its
  /// request recorded in `load`); nil, with an error, when there are none.
  private func readScreen(
    _ source: ScreenSource, path: String, setup: LoadedSetup, into load: inout ScreenLoad,
    reading: inout Reading
  ) -> SourceFile? {
    switch source {
    case .file:
      do {
        return try SourceFile.read(
          path, at: environment.location(of: path),
          showsExcerpt: showsExcerpt(of: path, root: options.projectRoot),
          standardInput: environment.standardInput)
      } catch {
        reading.diagnostics.append(
          Diagnostic(.error, error.description, rule: RuleCatalog.unreadableInput))
        return nil
      }
    case .route(let route):
      guard var client = viewClient(for: source, setup: setup) else {
        reading.diagnostics.append(
          LoaderMessage.firstScreenNeedsSource(route: "\(route)").diagnostic())
        return nil
      }
      // Built as a navigation builds its URL (the base URL joined, iOS encoding).
      let url =
        URLBuilder(baseURL: options.baseURL ?? setup.manifest?.baseURL).build(path: route) ?? route
      let answer = client.fetch(ScreenRequest(url: url), purpose: .navigation)
      load.firstRequest = answer.record
      switch answer.result {
      case .success(let fetched):
        load.mainName = fetched.source
        return SourceFile(name: fetched.source, bytes: fetched.bytes)
      case .failure(let error):
        reading.diagnostics.append(
          Diagnostic(.error, error.description, rule: RuleCatalog.unreadableInput))
        return nil
      }
    }
  }

  /// The decoded screen's bindings against the profile's operations, and its
  /// style names against the manifest's theme.
  private func check(
    _ root: ComponentNode, in document: JSONDocument, setup: LoadedSetup,
    profile: NavigationProfile
  ) -> [Diagnostic] {
    // Calls are checked against the profile's library, as the session evaluates them;
    // screens a navigation fetches go through the same checker (ActionContext).
    ScreenChecker(
      operations: setup.operations.adopting(profile.dialect), profile: profile,
      styles: setup.manifest?.theme, parallelThreshold: parallelThreshold
    ).check(root, in: document)
  }

  /// Parses `file` with the run's nesting limit (`--max-depth`); a syntax error
  /// becomes a diagnostic located in `source` (nil: the run's main input). A file
  /// of at least ``parallelThreshold`` bytes is parsed on two threads (the same
  /// document, or the same error).
  func parse(_ file: SourceFile, source: String?, reading: inout Reading) -> JSONDocument? {
    let parser = JSONParser(options: JSONParser.Options(maximumDepth: valueLimits.depth))
    do {
      guard let threshold = parallelThreshold, file.bytes.count >= threshold else {
        return try parser.parse(file.bytes)
      }
      return try parser.parse(file.bytes) { job in BackgroundJob(job).wait }
    } catch {
      reading.diagnostics.append(
        error.diagnostic(offset: error.position.offset, source: source))
      return nil
    }
  }

  /// `--registry FILE`, else `beagle.json` beside the screen file. A `bff` outside
  /// the project root is refused and dropped, as an invalid `baseUrl` is: the run
  /// goes on without it, and the error fails it.
  func loadManifest(for path: String, reading: inout Reading) -> LoadedSetup {
    var setup = LoadedSetup()
    var manifestPath = options.registryPath
    if manifestPath == nil, path != "-" {
      let beside = URL(fileURLWithPath: environment.location(of: path))
        .deletingLastPathComponent().appendingPathComponent("beagle.json").path
      if FileManager.default.fileExists(atPath: beside) {
        manifestPath = Self.relative(beside, like: path)
      }
    }
    guard let manifestPath else { return setup }
    let file: SourceFile
    do {
      file = try SourceFile.read(
        manifestPath, at: environment.location(of: manifestPath),
        showsExcerpt: showsExcerpt(of: manifestPath, root: options.projectRoot),
        standardInput: { [] })
    } catch {
      reading.diagnostics.append(
        LoaderMessage.manifestUnreadable(reason: error.description).diagnostic())
      return setup
    }
    reading.files[file.name] = file
    do {
      let document = try JSONDocument(parsing: file.bytes)
      let parsed = Manifest.parse(document, source: file.name)
      var manifest = parsed.0
      reading.diagnostics += parsed.1
      for (index, entry) in manifest.ignore.enumerated() {
        let message: LoaderMessage? =
          Rules.unignorable.contains(entry.rule)
          ? .unignorableRule(entry.rule)
          : Rules.ids.contains(entry.rule)
            ? nil
            : .unknownRule(
              entry.rule, suggestion: Suggestion.closest(to: entry.rule, among: Rules.ids.sorted()))
        if let message {
          reading.diagnostics.append(
            message.diagnostic(
              at: JSONPointer(["ignore", String(index)]), offset: entry.offset, source: file.name))
        }
      }
      setup.registry = manifest.apply(to: setup.registry)
      setup.operations = manifest.operations
      setup.global = manifest.global
      setup.manifestFolder = (manifestPath as NSString).deletingLastPathComponent
      setup.manifestName = file.name
      if let bff = manifest.bff, let root = projectRoot(of: setup),
        !root.contains(manifestRelative(bff, setup: setup), environment: environment)
      {
        reading.diagnostics.append(
          Diagnostic(
            .error, root.refusal(key: "bff", path: bff), pointer: JSONPointer(["bff"]),
            offset: document.root.descendant(["bff"])?.offset, source: file.name,
            rule: RuleCatalog.outsideRoot))
        manifest.bff = nil
      }
      setup.manifest = manifest
    } catch {
      reading.diagnostics.append(
        error.diagnostic(offset: error.position.offset, source: file.name))
    }
    return setup
  }

  /// `beside` written relative the way `path` was (so messages show
  /// `Examples/x/beagle.json`, not an absolute path).
  private static func relative(_ beside: String, like path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "beagle.json" : folder + "/beagle.json"
  }

  // MARK: - Where things are

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
  func viewClient(for source: ScreenSource, setup: LoadedSetup) -> (any ViewClient)? {
    if let baseURL = options.baseURL ?? setup.manifest?.baseURL {
      return CachingViewClient(HTTPViewClient(baseURL: baseURL, limits: httpLimits))
    }
    guard let folder = bffFolder(for: source, setup: setup) else { return nil }
    return fileClient(folder)
  }

  /// The folder of the file BFF ``viewClient(for:setup:)`` reads: `--bff DIR`, the
  /// manifest's `bff`, else the screen file's folder; nil for an HTTP BFF or
  /// standard input.
  func bffFolder(for source: ScreenSource, setup: LoadedSetup) -> String? {
    if options.baseURL ?? setup.manifest?.baseURL != nil { return nil }
    if let folder = options.bffPath { return folder }
    if let folder = setup.manifest?.bff { return manifestRelative(folder, setup: setup) }
    guard case .file(let input) = source, input != "-" else { return nil }
    let folder = (input as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  /// `path` as the manifest wrote it, relative to the run's working directory.
  func manifestRelative(_ path: String, setup: LoadedSetup) -> String {
    let base = setup.manifestFolder ?? ""
    return path.hasPrefix("/") || base.isEmpty ? path : base + "/" + path
  }

  /// The folder the manifest's files must stay in: the scenario's under `test`,
  /// else the manifest's; nil with `--allow-outside-root` or without a manifest.
  func projectRoot(of setup: LoadedSetup) -> ProjectRoot? {
    guard !options.allowsOutsideRoot else { return nil }
    if let root = options.projectRoot { return root }
    return setup.manifestFolder.map { ProjectRoot(folder: $0, role: .manifest) }
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
