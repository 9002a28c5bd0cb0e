import BeagleExpressions
import BeagleJSON

/// Finds what a component at a rendered path sees: its scope, the contexts that
/// make it up, and the chain of components from the screen's root down to it.
///
/// A rendered path is the component's JSON Pointer, except inside list and grid
/// items, whose components are stamped from a template: there the path goes
/// through the item (`/child/@items/2/view/…`, see ``ListItems``), and the item's
/// iterator context and the template's contexts belong to that item alone.
public struct ScopeResolver: Sendable {
  public var properties: PropertyEvaluator
  /// Whose rules render lists (web items see their index, docs/spec.md §2.8).
  public var profile: NavigationProfile

  public init(properties: PropertyEvaluator, profile: NavigationProfile = .ios) {
    self.properties = properties
    self.profile = profile
  }

  /// A context visible at the resolved component.
  public struct Declaration: Sendable, Equatable {
    public var id: String
    /// Where the screen keeps the context's value: the rendered path of the
    /// declaring component, or of the list item for an iterator context.
    public var key: JSONPointer
    public var value: JSONValue
    /// For a list item's iterator context, the element the data source gives the
    /// item (the value may differ after a `setContext`); nil for other contexts.
    public var itemSource: JSONValue?
  }

  public struct Resolution: Sendable {
    public var scope: ContextScope
    /// The contexts in scope, outermost first (`global` excluded).
    public var declarations: [Declaration]
    /// The components from the root down to the deepest one the path reached,
    /// each with its rendered path.
    public var chain: [(node: ComponentNode, path: JSONPointer)]
    /// Whether the whole path was found (a removed component or a list item that
    /// no longer exists stops early).
    public var isComplete: Bool
    /// The ids of the list items' index contexts in scope (web), outermost first:
    /// read-only, so not ``declarations``.
    public var indexNames: [String] = []
  }

  /// Resolves `path` on `screen`.
  public func resolve(_ path: JSONPointer, in screen: Screen, global: JSONValue) -> Resolution {
    resolve(path, in: screen, global: global, keepingChain: true)
  }

  /// The scope of the component at `path` on `screen`: ``resolve(_:in:global:)``'s,
  /// without keeping the chain of components (a copy of each) nor building the list
  /// items' elements for the declarations (the scope reads them in their document).
  func scope(at path: JSONPointer, in screen: Screen, global: JSONValue) -> ContextScope {
    resolve(path, in: screen, global: global, keepingChain: false).scope
  }

  private func resolve(
    _ path: JSONPointer, in screen: Screen, global: JSONValue, keepingChain: Bool
  ) -> Resolution {
    var resolution = Resolution(
      scope: screen.baseScope(global: global), declarations: [], chain: [], isComplete: true)
    withUnsafePointer(to: screen.node) { root in
      descend(
        from: root, at: JSONPointer(), following: path.tokens[...], screen: screen,
        keepingChain: keepingChain, into: &resolution)
    }
    return resolution
  }

  /// Enters `start`, rendered at `path`, then the components `tokens` lead to below it.
  ///
  /// Components are read through pointers into their arrays: held as values, each one
  /// passed was copied, with its dozen reference-counted fields. It calls itself once
  /// per level (a child is read inside its array's buffer, a list item's view inside
  /// the item): its depth is the tree's, bounded by the decoder's nesting limit.
  private func descend(
    from start: UnsafePointer<ComponentNode>, at path: JSONPointer,
    following tokens: ArraySlice<String>, screen: Screen, keepingChain: Bool,
    into resolution: inout Resolution
  ) {
    enter(start, at: path, screen: screen, keepingChain: keepingChain, into: &resolution)
    // An implicit screen wraps the payload's root, which keeps the same pointer.
    // Children are read by index: `first(where:)` copied every child it passed.
    let children = start.pointee.children
    let written = start.pointee.location.pointer
    if let wrapped = children.indices.first(where: { children[$0].location.pointer == written }) {
      children.withUnsafeBufferPointer { children in
        guard let first = children.baseAddress else { return }
        descend(
          from: first + wrapped, at: path, following: tokens, screen: screen,
          keepingChain: keepingChain, into: &resolution)
      }
      return
    }
    if tokens.isEmpty { return }
    if tokens.first == ListItems.itemsToken,
      let items = ListItems(
        of: start.pointee, in: resolution.scope, evaluator: properties, profile: profile)
    {
      let rest = tokens.dropFirst()
      guard let indexText = rest.first, let index = Int(indexText),
        items.elements.indices.contains(index)
      else {
        resolution.isComplete = false
        return
      }
      let itemPath = ListItems.itemPath(path, index: index)
      let element = screen.itemElement(at: itemPath, source: items.elements[index])
      resolution.scope = items.scope(resolution.scope, item: element, index: index)
      if let indexName = items.indexName { resolution.indexNames.append(indexName) }
      if keepingChain {
        // Building the element (a copy of it out of the document) is for callers
        // that read declarations; ``scope(at:in:global:)`` reads only the scope.
        resolution.declarations.append(
          Declaration(
            id: items.iteratorName, key: itemPath, value: element.value,
            itemSource: items.elements[index].value))
      }
      let afterIndex = rest.dropFirst()
      guard afterIndex.first == ListItems.viewToken else { return }
      let item = items.item(index, element: element, in: resolution.scope, parentSuffix: "")
      guard let template = item.template else {
        resolution.isComplete = false
        return
      }
      withUnsafePointer(to: template.view) { view in
        descend(
          from: view, at: itemPath.appending(ListItems.viewToken),
          following: afterIndex.dropFirst(), screen: screen, keepingChain: keepingChain,
          into: &resolution)
      }
      return
    }
    let base = written.count
    guard let index = Self.child(of: children, leadingTo: tokens, base: base) else {
      resolution.isComplete = false
      return
    }
    children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress else { return }
      let pointer = children[index].location.pointer
      // Outside list items the rendered path is the pointer itself (no token is built).
      descend(
        from: first + index, at: pointer.replacingFirst(base, with: path),
        following: tokens.dropFirst(pointer.count - base), screen: screen,
        keepingChain: keepingChain, into: &resolution)
    }
  }

  /// The index of the first of `children` whose pointer, after its first `base`
  /// tokens, starts `tokens`. Children are read by index (a wide container's are
  /// not copied one by one) and their tokens compared from the last one up, which
  /// builds nothing.
  ///
  /// Siblings' pointers differ, so at most one child leads to `tokens`. Most children
  /// are at their index in their field (`children/3` is the fourth child): that child
  /// is tried first, and the others only when it does not lead there (a wide
  /// container's children were compared one by one for each path resolved).
  private static func child(
    of children: [ComponentNode], leadingTo tokens: ArraySlice<String>, base: Int
  ) -> Int? {
    if tokens.count >= 2, let hint = Int(tokens[tokens.startIndex + 1]),
      children.indices.contains(hint),
      leads(children[hint].location.pointer, to: tokens, base: base)
    {
      return hint
    }
    for index in children.indices
    where leads(children[index].location.pointer, to: tokens, base: base) {
      return index
    }
    return nil
  }

  /// Whether `pointer`'s tokens after its first `base` start `tokens`; compared from
  /// the last one up, which builds nothing.
  private static func leads(
    _ pointer: JSONPointer, to tokens: ArraySlice<String>, base: Int
  ) -> Bool {
    var pointer = pointer
    let length = pointer.count - base
    guard length > 0, length <= tokens.count else { return false }
    var position = tokens.startIndex + length - 1
    while position >= tokens.startIndex, pointer.lastToken == tokens[position],
      let parent = pointer.parent
    {
      pointer = parent
      position -= 1
    }
    return position < tokens.startIndex
  }

  private func enter(
    _ node: UnsafePointer<ComponentNode>, at path: JSONPointer, screen: Screen,
    keepingChain: Bool, into resolution: inout Resolution
  ) {
    if keepingChain { resolution.chain.append((node.pointee, path)) }
    guard let context = node.pointee.context, context.id != ContextScope.globalId else { return }
    let value = screen.value(of: context, at: path)
    resolution.scope = resolution.scope.pushing(id: context.id, value: value)
    resolution.declarations.append(
      Declaration(id: context.id, key: path, value: value, itemSource: nil))
  }
}
