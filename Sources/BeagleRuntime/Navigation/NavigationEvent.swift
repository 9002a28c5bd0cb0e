import BeagleJSON

/// What a navigator operation did: the kind of change, the routes on top before
/// and after, the direction, the animation a device would run, and log lines.
///
/// Modelled on frzi/swiftui-router's `NavigationAction`. Every operation of
/// ``Navigator`` returns one, including operations that change nothing
/// (``Kind-swift.enum/none``), so a caller can always print what happened.
public struct NavigationEvent: Sendable, Equatable {
  /// The kind of change.
  public enum Kind: String, Sendable, Equatable {
    /// A screen was added to the current stack (pushView).
    case push
    /// Screens were removed from the current stack (popView, popToView).
    case pop
    /// A new stack was added (pushStack).
    case present
    /// The current stack was removed (popStack, or popView on a presented root).
    case dismiss
    /// A stack or the whole state was replaced (resetStack, resetApplication).
    case reset
    /// A URL was handed to the system (openExternalURL); the stacks are unchanged.
    case external
    /// A native screen was pushed or made the only screen (openNativeRoute).
    case native
    /// Nothing changed (see ``NavigationEvent/log`` for why).
    case none
  }

  /// The action that produced the event.
  public var operation: NavigationOperation
  public var kind: Kind
  /// The route of the top screen before the operation.
  public var from: String
  /// The route of the top screen after the operation; for ``Kind-swift.enum/external``
  /// the URL that was opened; nil for ``Kind-swift.enum/none``.
  public var to: String?
  /// How `to` relates to `from` (nil when nothing changed or for external URLs).
  public var direction: NavigationDirection?
  /// The animation a device would run (nil when nothing changed or for external URLs).
  public var transition: NavigationTransition?
  /// Messages for the run's log: no-ops, platform differences, the rule that applied.
  public var log: [String]
  /// The declared navigation controller (`navigation.controllers`) of the stack a
  /// pushStack, resetStack or resetApplication made; nil for the default one, and
  /// when the manifest declares none.
  public var controller: String?

  public init(
    operation: NavigationOperation, kind: Kind, from: String, to: String?,
    direction: NavigationDirection?, transition: NavigationTransition?, log: [String] = []
  ) {
    self.operation = operation
    self.kind = kind
    self.from = from
    self.to = to
    self.direction = direction
    self.transition = transition
    self.log = log
  }

  /// Whether the stacks changed.
  public var changedStacks: Bool { kind != .none && kind != .external }
}

/// The navigation actions, by their wire names without the `beagle:` namespace.
public enum NavigationOperation: String, Sendable, Equatable, CaseIterable {
  case pushView, popView, popToView, pushStack, popStack, resetStack, resetApplication
  case openNativeRoute, openExternalURL
}

/// How the destination route relates to the origin route, by path components.
///
/// Routes are compared as paths (swiftui-router's rule): drop a `scheme://authority`
/// prefix, the query (`?…`) and the fragment (`#…`), then split on `/` ignoring
/// empty components.
/// - ``deeper``: the destination has more components and starts with all of the
///   origin's (`/news` → `/news/1`; `/` → `/news`).
/// - ``higher``: the origin has more components and starts with all of the
///   destination's (`/news/1` → `/news`).
/// - ``sideways``: anything else, including equal routes (`/news` → `/news`,
///   pushed again), different hosts, and routes that are not paths: a local
///   screen's identifier such as `home` is one component, so `home` → `cart` is
///   sideways and `home` → `home/details` is deeper.
public enum NavigationDirection: String, Sendable, Equatable {
  case deeper, sideways, higher

  /// The direction from route `from` to route `to`.
  public init(from: String, to: String) {
    let origin = Self.components(of: from)
    let destination = Self.components(of: to)
    if origin.authority != destination.authority {
      self = .sideways
    } else if destination.path.count > origin.path.count,
      destination.path.starts(with: origin.path)
    {
      self = .deeper
    } else if origin.path.count > destination.path.count,
      origin.path.starts(with: destination.path)
    {
      self = .higher
    } else {
      self = .sideways
    }
  }

  private static func components(of route: String) -> (authority: String?, path: [Substring]) {
    var rest = Substring(route)
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    var authority: String?
    if let separator = rest.firstRange(of: "://") {
      let afterScheme = rest[separator.upperBound...]
      let slash = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
      authority = rest[..<slash].lowercased()
      rest = afterScheme[slash...]
    }
    return (authority, rest.split(separator: "/", omittingEmptySubsequences: true))
  }
}
