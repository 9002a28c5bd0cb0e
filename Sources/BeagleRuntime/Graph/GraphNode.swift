import BeagleJSON

/// One screen of a ``NavigationGraph``, or a leaf an action leads to.
public struct GraphNode: Sendable, Equatable {
  /// What the node is.
  public enum Kind: String, Sendable, Equatable {
    /// A screen fetched from the BFF (or the entry screen).
    case screen
    /// A native screen reached through the manifest's `nativeRoutes`.
    case native
    /// A screen written inside an action (`route.screen`).
    case local
    /// A route's `fallback` screen, shown when its request fails.
    case fallback
    /// A lazy component's remote content.
    case lazy
    /// A URL handed to the system (`openExternalURL`): a leaf.
    case external
    /// A `sendRequest`'s URL: a leaf.
    case request
    /// A route that leads to no screen (a dead link).
    case missing
    /// A route built from an expression that could not be evaluated: not followed.
    case expression
  }

  /// The node's number: its index in ``NavigationGraph/nodes``.
  public var id: Int
  public var kind: Kind
  /// The route: a URL as the action wrote it, a native route pattern, a local
  /// screen's identifier, a leaf's URL (with its method for requests), an expression.
  public var route: String
  /// The navigation bar's title, as written; nil without a navigation bar.
  public var title: String?
  /// Where the screen was read: a file, a URL; nil for leaves and missing screens.
  public var source: String?
  /// For screens written inside another file (local, fallback): their JSON Pointer there.
  public var at: JSONPointer?
  /// How many errors decoding the screen reported.
  public var decodeErrors: Int
  /// The first of them, `message (at pointer)`.
  public var firstDecodeError: String?
  /// Why there is no screen (``Kind-swift.enum/missing``), or why the node was not followed.
  public var error: String?

  public init(
    id: Int, kind: Kind, route: String, title: String? = nil, source: String? = nil,
    at: JSONPointer? = nil, decodeErrors: Int = 0, firstDecodeError: String? = nil,
    error: String? = nil
  ) {
    self.id = id
    self.kind = kind
    self.route = route
    self.title = title
    self.source = source
    self.at = at
    self.decodeErrors = decodeErrors
    self.firstDecodeError = firstDecodeError
    self.error = error
  }

  /// Whether the node is a screen a user can be on (not a leaf, not missing).
  public var isScreen: Bool {
    switch kind {
    case .screen, .native, .local, .fallback: true
    case .lazy, .external, .request, .missing, .expression: false
    }
  }
}
