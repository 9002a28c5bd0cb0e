import BeagleJSON

/// What a session exercised, for `beagle-run test --coverage`: each action run
/// (by its screen's route and its JSON Pointer there) and each condition branch
/// taken.
///
/// A session records only when its ``Session/coverage`` is set; a plain run leaves
/// it nil and pays one nil check per action.
public struct CoverageLog: Sendable, Equatable {
  /// An action of a screen: the screen's route and the action's pointer in it.
  public struct Site: Sendable, Hashable {
    public var route: String
    public var pointer: JSONPointer

    public init(route: String, pointer: JSONPointer) {
      self.route = route
      self.pointer = pointer
    }
  }

  /// The actions that ran.
  public private(set) var actions: Set<Site> = []
  /// The condition branches taken: the condition's site and `onTrue` or `onFalse`.
  public private(set) var branches: Set<Branch> = []

  /// A branch of a `condition` action.
  public struct Branch: Sendable, Hashable {
    public var site: Site
    /// `onTrue` or `onFalse`.
    public var event: String

    public init(site: Site, event: String) {
      self.site = site
      self.event = event
    }
  }

  public init() {}

  mutating func ran(_ site: Site) { actions.insert(site) }

  mutating func took(_ event: String, at site: Site) {
    branches.insert(Branch(site: site, event: event))
  }
}

extension ActionContext {
  /// Records that `action` ran from `origin` (only when coverage is on).
  mutating func recordCoverage(of action: ActionNode, origin: Origin, branch: String? = nil) {
    guard coverage != nil, let route = navigator.screen(serial: origin.screen)?.route else {
      return
    }
    let site = CoverageLog.Site(route: route, pointer: action.location.pointer)
    if let branch {
      coverage?.took(branch, at: site)
    } else {
      coverage?.ran(site)
    }
  }
}
