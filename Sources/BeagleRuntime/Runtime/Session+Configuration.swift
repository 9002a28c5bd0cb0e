import BeagleExpressions
import BeagleJSON

extension Session {
  /// Everything an app configures before its first screen appears, in Beagle's
  /// dependencies: the registry and operations (coder, operationsProvider), the
  /// platform's rules, the clients that fetch screens and answer requests
  /// (viewClient, networkClient), the analytics provider's and deep-link handler's
  /// configuration, and the initial global context.
  ///
  /// Given once, to ``Session/init(configuration:firstScreen:)``:
  ///
  ///     var configuration = Session.Configuration(registry: .builtIn, profile: .web)
  ///     configuration.mocks = mocks
  ///     let session = Session(configuration: configuration, firstScreen: screen)
  public struct Configuration: Sendable {
    /// The component and action types screens are decoded with.
    public var registry: Registry
    /// The operations expressions may call, before the profile's own are adopted.
    public var operations: OperationLibrary
    /// Whose rules apply where Beagle's platforms differ.
    public var profile: NavigationProfile
    /// The navigator's transitions (the manifest's `navigation`).
    public var animation: NavigationAnimation
    /// The app's custom navigation controllers by id (the manifest's
    /// `navigation.controllers`); nil when none are declared.
    public var navigationControllers: [String: String]?
    /// How large a value expressions and contexts may build.
    public var limits: ValueLimits
    /// The global context's initial value (docs/spec.md §4.6).
    public var global: JSONValue
    /// Fetches remote screens; nil when no BFF is configured (remote routes then fail
    /// with a clear error).
    public var viewClient: (any ViewClient)?
    /// Builds the URLs of remote routes and requests.
    public var urlBuilder: URLBuilder
    /// Answers `sendRequest`s first: the first mock that matches a request answers it.
    public var mocks: MockSet
    /// Sends the `sendRequest`s no mock answers; nil leaves them pending until a
    /// `respond` step answers them.
    public var requestClient: (any RequestClient)?
    /// The analytics provider's configuration (the manifest's `analytics`).
    public var analytics: AnalyticsConfig
    /// Resolves openNativeRoute (the manifest's `nativeRoutes`); nil when none are declared.
    public var deepLinkHandler: DeepLinkHandler?
    /// The style names the app's theme registers (the manifest's `theme`), against which
    /// screens a navigation fetches are checked as the first one is; nil: not checked.
    public var styles: [String]?
    /// Whether the session records what it exercised (``Session/coverage``); off by
    /// default, so a plain run pays nothing for it.
    public var collectsCoverage: Bool
    /// How the front end spells a setting a message names (the command line: as its
    /// option), for messages that become the app's data (`onError.message`), which no
    /// front end prints as a message. Messages in the log keep the references.
    public var settingSpelling: @Sendable (Setting) -> String
    /// Screens of at least this many components are rendered by two threads, with the
    /// same result (``ScreenEvaluator/parallelThreshold``); nil, the default: by the
    /// session's thread alone.
    public var parallelThreshold: Int?

    public init(
      registry: Registry, global: JSONValue = .null, operations: OperationLibrary = .standard,
      viewClient: (any ViewClient)? = nil, urlBuilder: URLBuilder = URLBuilder(baseURL: nil),
      profile: NavigationProfile = .ios, animation: NavigationAnimation = NavigationAnimation(),
      limits: ValueLimits = ValueLimits(), mocks: MockSet = MockSet(),
      requestClient: (any RequestClient)? = nil, analytics: AnalyticsConfig = AnalyticsConfig(),
      deepLinkHandler: DeepLinkHandler? = nil, collectsCoverage: Bool = false,
      settingSpelling: @escaping @Sendable (Setting) -> String = { $0.rawValue }
    ) {
      self.registry = registry
      self.operations = operations
      self.profile = profile
      self.animation = animation
      self.limits = limits
      self.global = global
      self.viewClient = viewClient
      self.urlBuilder = urlBuilder
      self.mocks = mocks
      self.requestClient = requestClient
      self.analytics = analytics
      self.deepLinkHandler = deepLinkHandler
      self.collectsCoverage = collectsCoverage
      self.settingSpelling = settingSpelling
    }

    /// Adopts what the manifest configures beyond the other fields: its
    /// `nativeRoutes`, whose screen files are read from `folder` (the manifest's
    /// folder; empty means the working directory), and its `analytics`.
    public mutating func adopt(_ manifest: Manifest, folder: String, location: String? = nil) {
      let folder = folder.isEmpty ? "." : folder
      deepLinkHandler =
        manifest.nativeRoutes.isEmpty
        ? nil
        : DeepLinkHandler(routes: manifest.nativeRoutes, folder: folder, location: location)
      if let analytics = manifest.analytics { self.analytics = analytics }
      if let theme = manifest.theme { styles = theme }
      if let controllers = manifest.navigationControllers { navigationControllers = controllers }
    }
  }
}
