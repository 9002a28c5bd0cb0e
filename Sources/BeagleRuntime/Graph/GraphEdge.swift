import BeagleJSON

/// One link of a ``NavigationGraph``: an action of one node that leads to another.
public struct GraphEdge: Sendable, Equatable {
  /// What the link does to the navigation.
  public enum Kind: String, Sendable, Equatable {
    /// pushView: a screen on the current stack.
    case push
    /// pushStack: a new stack.
    case present
    /// resetStack, resetApplication: the stack or the whole state replaced.
    case reset
    /// popToView: back to a screen already on the stack.
    case pop
    /// openNativeRoute: a native screen.
    case native
    /// openExternalURL: a URL handed to the system.
    case external
    /// sendRequest: a request (a leaf).
    case request
    /// A lazy component's content.
    case lazy
  }

  /// Which way the user goes.
  public enum Direction: String, Sendable, Equatable {
    case forward, back, reset
  }

  /// The node the action is in.
  public var from: Int
  /// The node it leads to.
  public var to: Int
  /// The action's registered name (`beagle:pushView`); `beagle:lazyComponent` for a
  /// lazy component.
  public var action: String
  /// The route as the action gives it (evaluated with `--assume` values).
  public var route: String
  public var kind: Kind
  /// Nil for requests and lazy components, which do not navigate.
  public var direction: Direction?
  /// The animation the manifest's `navigation.defaultAnimation` declares for this
  /// kind of navigation (`moveIn fromRight 0.3s`, `formSheet coverVertical`); nil
  /// when it declares none.
  public var transition: String?
  /// The JSON Pointer of the action (of the lazy component) in the source node.
  public var at: JSONPointer
  /// The `id` of the component whose event holds the action, if it has one.
  public var component: String?
  /// Whether the link leads to the route's `fallback` screen.
  public var isFallback: Bool
  /// The route as written when it is an expression evaluated with `--assume` values.
  public var expression: String?

  public init(
    from: Int, to: Int, action: String, route: String, kind: Kind, direction: Direction?,
    transition: String? = nil, at: JSONPointer, component: String? = nil,
    isFallback: Bool = false, expression: String? = nil
  ) {
    self.from = from
    self.to = to
    self.action = action
    self.route = route
    self.kind = kind
    self.direction = direction
    self.transition = transition
    self.at = at
    self.component = component
    self.isFallback = isFallback
    self.expression = expression
  }

  /// Where the link starts, as people look for it: `#id` of its component, else
  /// the action's JSON Pointer.
  public var origin: String {
    if let component { return "#" + component }
    return at.isRoot ? "/" : at.description
  }

  /// The action without the `beagle:` namespace (`pushView`).
  public var shortAction: String { action.droppingBeagleNamespace }
}
