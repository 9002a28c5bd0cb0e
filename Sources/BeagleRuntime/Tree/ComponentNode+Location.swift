import BeagleJSON

// A diagnostic reported while a screen runs names a value by its JSON Pointer on the
// screen; the decoded tree keeps the byte offset of every component and action, not
// of every value, so the diagnostic is placed at the innermost component or action
// that holds the value. Walked only for a diagnostic, never per node of a run.

extension ComponentNode {
  /// The location of the innermost component or action of this subtree (this node
  /// included) at `pointer` or holding it; nil when none is, or when that one has no
  /// position in a file (decoded from a value in memory).
  ///
  /// The walk follows source pointers: a list item's rendered path ends at its list,
  /// whose templates are not the item.
  ///
  /// ```swift
  /// screen.node.innermostLocation(of: pointer)  // "/child/children/2/onPress/0/route"
  /// // → the pushView at /child/children/2/onPress/0, in its file
  /// ```
  public func innermostLocation(of pointer: JSONPointer) -> SourceLocation? {
    guard location.pointer.isPrefix(of: pointer) else { return nil }
    return innermostLocation(of: pointer, tokens: pointer.tokens)
  }

  /// ``innermostLocation(of:)`` for a node already known to hold `pointer`, whose
  /// tokens are `tokens`. Recursion is bounded by the decoder's nesting limit.
  func innermostLocation(of pointer: JSONPointer, tokens: [String]) -> SourceLocation? {
    let depth = location.pointer.count
    guard depth < tokens.count else { return location.hasPosition ? location : nil }
    // An implicit screen wraps its root, which has the same pointer.
    if let root = children.first, root.location.pointer.count == depth {
      return root.innermostLocation(of: pointer, tokens: tokens)
    }
    let field = tokens[depth]
    let index = depth + 1 < tokens.count ? JSONPointer.arrayIndex(tokens[depth + 1]) : nil
    if let child = Self.member(
      children, holding: pointer, index: index, where: { $0.slot == field })
    {
      return child.innermostLocation(of: pointer, tokens: tokens)
    }
    if let handler = events.first(where: { $0.name == field }),
      let action = Self.member(handler.actions, holding: pointer, index: index)
    {
      return action.innermostLocation(of: pointer, tokens: tokens)
    }
    if let template = templates.first(where: { $0.view.location.pointer.isPrefix(of: pointer) }) {
      return template.view.innermostLocation(of: pointer, tokens: tokens)
    }
    if let bar = navigationBar, bar.location.pointer.isPrefix(of: pointer) {
      guard let item = bar.items.first(where: { $0.location.pointer.isPrefix(of: pointer) })
      else { return bar.location.hasPosition ? bar.location : nil }
      let action = item.actions.first { $0.location.pointer.isPrefix(of: pointer) }
      return action?.innermostLocation(of: pointer, tokens: tokens)
        ?? (item.location.hasPosition ? item.location : nil)
    }
    return location.hasPosition ? location : nil
  }

  /// The element of `members` (those of one field, as `isInField` says) whose pointer
  /// is `pointer` or holds it: first the one at `index` (a field's array index names
  /// it, unless `addChildren` moved the elements), else any.
  static func member<Node: Locatable>(
    _ members: [Node], holding pointer: JSONPointer, index: Int?,
    where isInField: (Node) -> Bool = { _ in true }
  ) -> Node? {
    if let index {
      var seen = 0
      for member in members where isInField(member) {
        if seen == index {
          if member.location.pointer.isPrefix(of: pointer) { return member }
          break
        }
        seen += 1
      }
    }
    return members.first { isInField($0) && $0.location.pointer.isPrefix(of: pointer) }
  }
}

extension ActionNode {
  /// The location of the innermost action of this one (itself included) at
  /// `pointer` or holding it, or of a component of its local screens or literal
  /// `addChildren` value; nil when that one has no position in a file.
  public func innermostLocation(of pointer: JSONPointer) -> SourceLocation? {
    guard location.pointer.isPrefix(of: pointer) else { return nil }
    return innermostLocation(of: pointer, tokens: pointer.tokens)
  }

  func innermostLocation(of pointer: JSONPointer, tokens: [String]) -> SourceLocation? {
    let depth = location.pointer.count
    guard depth < tokens.count else { return location.hasPosition ? location : nil }
    let field = tokens[depth]
    let index = depth + 1 < tokens.count ? JSONPointer.arrayIndex(tokens[depth + 1]) : nil
    if let handler = events.first(where: { $0.name == field }),
      let action = ComponentNode.member(handler.actions, holding: pointer, index: index)
    {
      return action.innermostLocation(of: pointer, tokens: tokens)
    }
    let nested =
      screens.values.first { $0.location.pointer.isPrefix(of: pointer) }
      ?? ComponentNode.member(components, holding: pointer, index: index)
    if let nested { return nested.innermostLocation(of: pointer, tokens: tokens) }
    return location.hasPosition ? location : nil
  }
}

/// A decoded node that knows where it came from.
protocol Locatable {
  var location: SourceLocation { get }
}

extension ComponentNode: Locatable {}
extension ActionNode: Locatable {}
