import BeagleJSON

/// What one scenario exercised: the screens it put on a stack (by route) and,
/// on each, the components rendered on top, the actions run, the condition
/// branches taken and the list templates rendered.
package struct CoverageSample: Sendable, Equatable {
  /// A screen, named by the scenario's folder and its route (routes repeat
  /// across folders: every example has its `/`).
  package struct ScreenKey: Sendable, Hashable, Comparable {
    package var folder: String
    package var route: String

    package init(folder: String, route: String) {
      self.folder = folder
      self.route = route
    }

    package static func < (lhs: ScreenKey, rhs: ScreenKey) -> Bool {
      (lhs.folder, lhs.route) < (rhs.folder, rhs.route)
    }

    /// `Examples/shop /cart`.
    package var text: String { "\(folder) \(route)" }
  }

  /// Each screen touched, as it was first seen.
  package var screens: [ScreenKey: ScreenInventory] = [:]
  /// Per screen, the pointers of what was exercised (components rendered,
  /// templates rendered, actions run) and the branches taken (pointer + event).
  package var exercised: [ScreenKey: Set<JSONPointer>] = [:]
  package var branches: [ScreenKey: Set<String>] = [:]

  package init() {}

  /// Adds `other`'s screens (those not known yet) and what it exercised.
  package mutating func merge(_ other: CoverageSample) {
    screens.merge(other.screens) { first, _ in first }
    exercised.merge(other.exercised) { $0.union($1) }
    branches.merge(other.branches) { $0.union($1) }
  }

  package static func branchKey(_ pointer: JSONPointer, _ event: String) -> String {
    "\(pointer.description) \(event)"
  }

  /// Marks the source pointers of a rendered tree: a rendered node has its
  /// source's children one to one, except a list, whose items are its templates
  /// rendered (the template whose view has the item's shape).
  package static func markRendered(
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
