import BeagleJSON
import BeagleRuntime

extension Session {
  /// A session over a loaded screen, configured as the manifest and the command
  /// line say: its registry, operations, global context, view client, mocks,
  /// profile, animations, limits, native routes and analytics, in one configuration;
  /// screens of at least `parallelThreshold` components render on two threads.
  init(
    load: ScreenLoad, screen: Screen, source: ScreenSource, loader: ScreenLoader,
    environment: CommandLineTool.Environment, collectsCoverage: Bool,
    parallelThreshold: Int? = nil
  ) {
    let options = loader.options
    let setup = load.setup
    let baseURL = options.baseURL ?? setup.manifest?.baseURL
    let profile = options.profile ?? setup.manifest?.profile ?? .ios
    // The global context starts as null on iOS and web, as "" on Android (docs/spec.md §4.6).
    let initialGlobal: JSONValue = profile == .android ? "" : .null
    var configuration = Session.Configuration(
      registry: setup.registry, global: setup.global ?? initialGlobal,
      operations: setup.operations, viewClient: loader.viewClient(for: source, setup: setup),
      urlBuilder: URLBuilder(baseURL: baseURL), profile: profile,
      animation: setup.manifest?.animation ?? NavigationAnimation(),
      limits: loader.valueLimits.valueLimits, mocks: setup.mocks ?? MockSet(),
      requestClient: baseURL.map { HTTPRequestClient(baseURL: $0, limits: loader.httpLimits) },
      collectsCoverage: collectsCoverage, settingSpelling: { OptionTable.spelling(of: $0) })
    configuration.parallelThreshold = parallelThreshold
    if let manifest = setup.manifest {
      let folder = setup.manifestFolder ?? "."
      configuration.adopt(
        manifest, folder: folder, location: environment.location(of: folder.isEmpty ? "." : folder))
    }
    self.init(configuration: configuration, firstScreen: screen)
    if let request = load.firstRequest { record(request) }
  }
}
