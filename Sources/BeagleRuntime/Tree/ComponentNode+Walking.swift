extension ComponentNode {
  /// Calls `body` with this component and every descendant through ``children`` (and,
  /// when `throughTemplates`, through list templates' views), in pre-order: a component,
  /// then its children's subtrees left to right (template views after the children).
  ///
  /// Iterative, so any depth, and without copying components: walks that pushed copies of
  /// every child on a work list (retaining each of their fields, then releasing them)
  /// cost more than what they looked at.
  public func forEachInPreOrder(
    throughTemplates: Bool = false, _ body: (ComponentNode) -> Void
  ) {
    body(self)
    var stack: [(nodes: [ComponentNode], next: Int)] = []
    func push(_ node: ComponentNode) {
      if throughTemplates, !node.templates.isEmpty {
        stack.append((node.templates.map(\.view), 0))
      }
      if !node.children.isEmpty { stack.append((node.children, 0)) }
    }
    push(self)
    while let last = stack.indices.last {
      let index = stack[last].next
      guard index < stack[last].nodes.count else {
        stack.removeLast()
        continue
      }
      stack[last].next = index + 1
      // Read in place from a constant's buffer: an element read through `stack[last]`
      // was copied, twice, and one read from the array once.
      let nodes = stack[last].nodes
      nodes.withUnsafeBufferPointer { nodes in
        body(nodes[index])
        push(nodes[index])
      }
    }
  }
}

extension ComponentNode {
  /// Calls `body` with the component at `path` (children indices, one a level) below
  /// `node`, read in place; nil when the path leaves the tree (a tree other than the
  /// one the path was found in). Recurses once a level of the path, which its maker
  /// bounds (``RenderSplit``, `PrintSplit`).
  package static func withNode<Result>(
    at path: ArraySlice<Int>, in node: UnsafePointer<ComponentNode>,
    _ body: (UnsafePointer<ComponentNode>) -> Result
  ) -> Result? {
    guard let next = path.first else { return body(node) }
    return node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress, children.indices.contains(next) else { return nil }
      return withNode(at: path.dropFirst(), in: first + next, body)
    }
  }
}
