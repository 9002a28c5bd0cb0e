import BeagleJSON

/// Where the components of a tree are, by `id`: the source pointers of every
/// component (following children, not list templates) that has each id.
///
/// A screen keeps one, updated with its tree, so that `addChildren` finds its
/// target without walking the screen (10 000 components and 1 000 calls made ten
/// million visits). Ids are meant to be unique; when one is not, the first in
/// pre-order is the caller's to find.
///
/// ```swift
/// let index = ComponentIndex(screen.node)
/// index.pointers(of: "list")  // {/child/children/2}
/// ```
public struct ComponentIndex: Sendable, Equatable {
  private var pointersByID: [String: Set<JSONPointer>] = [:]

  /// The index of `root` and its descendants.
  public init(_ root: ComponentNode) {
    insert(root)
  }

  /// An empty index.
  init() {}

  /// The pointers of the components whose id is `id` (in no particular order).
  public func pointers(of id: String) -> Set<JSONPointer> {
    pointersByID[id] ?? []
  }

  /// Adds `subtree` and its descendants.
  mutating func insert(_ subtree: ComponentNode) {
    visit(subtree) { id, pointer in pointersByID[id, default: []].insert(pointer) }
  }

  /// Removes every component `other` holds.
  mutating func subtract(_ other: ComponentIndex) {
    for (id, pointers) in other.pointersByID {
      pointersByID[id]?.subtract(pointers)
      if pointersByID[id]?.isEmpty == true { pointersByID[id] = nil }
    }
  }

  private func visit(_ root: ComponentNode, _ body: (String, JSONPointer) -> Void) {
    var work = [root]
    while let node = work.popLast() {
      if let id = node.id { body(id, node.location.pointer) }
      work.append(contentsOf: node.children)
    }
  }
}
