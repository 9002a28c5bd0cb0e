import BeagleJSON
import BeagleRuntime

/// What one scenario exercised: the screens it put on a stack (by route) and,
/// on each, the components rendered on top, the actions run, the condition
/// branches taken and the list templates rendered.
struct CoverageSample: Sendable, Equatable {
  /// A screen, named by the scenario's folder and its route (routes repeat
  /// across folders: every example has its `/`).
  struct ScreenKey: Sendable, Hashable, Comparable {
    var folder: String
    var route: String

    static func < (lhs: ScreenKey, rhs: ScreenKey) -> Bool {
      (lhs.folder, lhs.route) < (rhs.folder, rhs.route)
    }

    /// `Examples/shop /cart`.
    var text: String { "\(folder) \(route)" }
  }

  /// Each screen touched, as it was first seen.
  var screens: [ScreenKey: ScreenInventory] = [:]
  /// Per screen, the pointers of what was exercised (components rendered,
  /// templates rendered, actions run) and the branches taken (pointer + event).
  var exercised: [ScreenKey: Set<JSONPointer>] = [:]
  var branches: [ScreenKey: Set<String>] = [:]

  init() {}

  /// The sample of a run in the scenario folder `folder`.
  init(folder: String, observer: RunObserver) {
    for state in observer.states {
      for screen in state.stacks.joined() {
        let key = ScreenKey(folder: folder, route: screen.route)
        if screens[key] == nil { screens[key] = ScreenInventory(screen) }
      }
      if let top = state.topScreen, let rendered = state.screen {
        let key = ScreenKey(folder: folder, route: top.route)
        var seen = exercised[key] ?? []
        Self.markRendered(rendered, source: top.node, into: &seen)
        exercised[key] = seen
      }
    }
    for site in observer.lastSession?.coverage?.actions ?? [] {
      exercised[ScreenKey(folder: folder, route: site.route), default: []].insert(site.pointer)
    }
    for branch in observer.lastSession?.coverage?.branches ?? [] {
      let key = ScreenKey(folder: folder, route: branch.site.route)
      branches[key, default: []].insert(Self.branchKey(branch.site.pointer, branch.event))
    }
  }

  /// Adds `other`'s screens (those not known yet) and what it exercised.
  mutating func merge(_ other: CoverageSample) {
    screens.merge(other.screens) { first, _ in first }
    exercised.merge(other.exercised) { $0.union($1) }
    branches.merge(other.branches) { $0.union($1) }
  }

  static func branchKey(_ pointer: JSONPointer, _ event: String) -> String {
    "\(pointer.description) \(event)"
  }

  /// Marks the source pointers of a rendered tree: a rendered node has its
  /// source's children one to one, except a list, whose items are its templates
  /// rendered (the template whose view has the item's shape).
  private static func markRendered(
    _ rendered: ComponentNode, source: ComponentNode, into seen: inout Set<JSONPointer>,
    depth: Int = 0
  ) {
    guard depth < 1000 else { return }
    seen.insert(source.location.pointer)
    let templates = ScreenInventory.templates(of: source)
    if !templates.isEmpty {
      for item in rendered.children {
        let shape = Self.shape(of: item)
        guard
          let template = templates.first(where: { Self.shape(of: $0.view) == shape })
            ?? templates.first(where: { $0.view.typeName == item.typeName })
        else { continue }
        seen.insert(template.pointer)
        markRendered(item, source: template.view, into: &seen, depth: depth + 1)
      }
      return
    }
    for (child, sourceChild) in zip(rendered.children, source.children) {
      markRendered(child, source: sourceChild, into: &seen, depth: depth + 1)
    }
  }

  /// The types of a tree in pre-order: how a rendered item is matched to its template.
  private static func shape(of node: ComponentNode) -> [String] {
    var types: [String] = []
    var pending = [node]
    while let next = pending.popLast() {
      types.append(next.typeName)
      pending += next.children.reversed()
    }
    return types
  }
}
