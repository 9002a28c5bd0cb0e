extension ComponentNode {
  /// Calls `body` with a pointer to this component and to every descendant through
  /// ``children`` (and, when `throughTemplates`, through list templates' views), in
  /// pre-order, as ``forEachInPreOrder(throughTemplates:_:)`` does, without copying
  /// them: a component passed as a value is copied, with its dozen reference-counted
  /// fields, to be read.
  ///
  /// The pointers are valid only during the call. Recursive: a tree's depth is bounded
  /// by the decoder's nesting limit (and, rendered, by its lists' nesting).
  func forEachInPlace(
    throughTemplates: Bool = false, _ body: (UnsafePointer<ComponentNode>) -> Void
  ) {
    withUnsafePointer(to: self) { Self.visit($0, throughTemplates: throughTemplates, body) }
  }

  private static func visit(
    _ node: UnsafePointer<ComponentNode>, throughTemplates: Bool,
    _ body: (UnsafePointer<ComponentNode>) -> Void
  ) {
    body(node)
    node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress else { return }
      for index in children.indices {
        visit(first + index, throughTemplates: throughTemplates, body)
      }
    }
    guard throughTemplates else { return }
    for template in node.pointee.templates {
      withUnsafePointer(to: template.view) { visit($0, throughTemplates: true, body) }
    }
  }
}
