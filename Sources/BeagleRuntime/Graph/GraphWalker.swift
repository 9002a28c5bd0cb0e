import BeagleExpressions
import BeagleJSON

/// Builds the ``NavigationGraph`` of a BFF: from an entry screen, follows every
/// route an action can take, fetching each screen once through a ``ViewClient``
/// (the same BFF code a run uses).
///
/// The walk is breadth first over a work list, never recursive across screens:
/// each screen's actions are read in source order wherever they occur (component
/// events, nested `onSuccess`/`onTrue`/`onPressOk`…, list and grid templates,
/// navigation bar items, literal `addChildren` components), and each target is
/// fetched at most once, so loops end and the order is deterministic. It stops
/// fetching after ``Configuration/maximumScreens`` screens (flagged).
///
/// What each action contributes:
/// - pushView, pushStack, resetStack, resetApplication: their route's screen (a
///   local `screen`, a remote `url`), and the route's `fallback` screen;
/// - popToView: a back link to the screen with that route, looked up once the walk
///   is over (see ``GraphFlag/Kind-swift.enum/popToViewTarget``);
/// - openNativeRoute: the screen file the manifest's `nativeRoutes` give it;
/// - openExternalURL and sendRequest: leaves (never fetched);
/// - a `beagle:lazyComponent`: its `path`, fetched and walked as part of the app.
///
/// popView and popStack go back to whichever screen is below, which depends on the
/// path taken: they add no link.
///
/// A URL with `@{…}` is evaluated against ``Configuration/assumptions``; when a
/// binding has no value there, the route is listed with its expression and not
/// followed.
///
/// ```swift
/// var client: any ViewClient = FileViewClient(root: "Examples/navigation")
/// let graph = GraphWalker(GraphWalker.Configuration()).walk(entry, client: &client).graph
/// ```
public struct GraphWalker: Sendable {
  /// What the walk needs to know of the app.
  public struct Configuration: Sendable {
    public var registry: Registry
    public var operations: OperationLibrary
    /// Builds the URL of each remote route (the base URL), as a run does.
    public var urlBuilder: URLBuilder
    /// The manifest's `nativeRoutes`; nil when it declares none.
    public var deepLinks: DeepLinkHandler?
    /// The manifest's `navigation.defaultAnimation`, nil when it declares none.
    public var animation: NavigationAnimation?
    /// Values for the contexts route expressions read (`--assume ID=JSON`) and the
    /// global context.
    public var assumptions: ContextScope
    /// The most screens fetched (the entry excluded) before the walk stops.
    public var maximumScreens: Int
    /// The deepest JSON nesting accepted in fetched screens.
    public var maximumJSONDepth: Int
    /// Whose rules decode fetched screens and read route expressions: web's grammar
    /// and operations under `.web` (docs/spec.md §5.3, §6.1), iOS's otherwise.
    public var profile: NavigationProfile

    public init(
      registry: Registry = .builtIn, operations: OperationLibrary = .standard,
      urlBuilder: URLBuilder = URLBuilder(), deepLinks: DeepLinkHandler? = nil,
      animation: NavigationAnimation? = nil, assumptions: ContextScope = ContextScope(),
      maximumScreens: Int = 10_000,
      maximumJSONDepth: Int = JSONParser.Options.defaultMaximumDepth,
      profile: NavigationProfile = .ios
    ) {
      self.registry = registry
      self.operations = operations
      self.urlBuilder = urlBuilder
      self.deepLinks = deepLinks
      self.animation = animation
      self.assumptions = assumptions
      self.maximumScreens = maximumScreens
      self.maximumJSONDepth = maximumJSONDepth
      self.profile = profile
    }
  }

  /// The first screen, already loaded and decoded.
  public struct Entry: Sendable {
    /// Its route (`/` for `index.json`).
    public var route: String
    public var root: ComponentNode
    /// The file or URL it was read from.
    public var source: String
    /// What loading it reported (its errors are counted on the node).
    public var diagnostics: [Diagnostic]

    public init(route: String, root: ComponentNode, source: String, diagnostics: [Diagnostic]) {
      self.route = route
      self.root = root
      self.source = source
      self.diagnostics = diagnostics
    }
  }

  public var configuration: Configuration

  public init(_ configuration: Configuration) {
    self.configuration = configuration
  }

  /// What a walk found, and the bytes of every screen it read.
  public struct Result: Sendable {
    public var graph: NavigationGraph
    /// Every screen read besides the entry (BFF screens, native screens, lazy
    /// components), by the name its node shows.
    public var sources: [String: [UInt8]]
  }

  /// Walks the app from `entry`, fetching screens through `client`.
  public func walk(_ entry: Entry, client: inout any ViewClient) -> Result {
    var builder = GraphBuilder(configuration: configuration, client: client)
    builder.run(entry)
    client = builder.client
    return Result(graph: builder.graph, sources: builder.sources)
  }
}
