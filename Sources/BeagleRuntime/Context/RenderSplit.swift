/// Where a large screen's render is cut so that two threads render it: at the
/// children of one component that hold at least half of the screen's components,
/// between the two children closest to their middle (``ParallelSplit``'s cut,
/// counted in components rather than tape tokens).
///
/// The cut component is reached from the root through plain children, none of them
/// a list or a lazy component: every component on the way renders at its own pointer,
/// outside any list item, so the children from the cut on render in a scope and at
/// paths known before the first thread gets there. The second thread renders them
/// with a budget of its own; the first takes its result where it reaches the cut
/// when that result fitted in what was left of the first's budget (else renders them
/// itself), so the tree, the refusals and the kept scopes are one thread's.
///
/// ```swift
/// // root → children[1] holds 90 % of the tree: its children 0..<40 and 40... .
/// RenderSplit(of: screen.node, minimumNodes: 0)  // path [1], index 40
/// ```
struct RenderSplit: Sendable, Equatable {
  /// The children indices from the root to the component whose children are cut.
  var path: [Int]
  /// The first child rendered by the second thread (at least 1).
  var index: Int

  /// How deep the cut is looked for: a chain of single children deeper than this
  /// renders on one thread.
  static let maximumDepth = 64

  /// The cut of the tree at `root` (the screen's root, which renders at the
  /// document's root); nil when it has fewer than `minimumNodes` components (their
  /// templates' views included), when no component's children hold half of them in a
  /// way that leaves each part at least a quarter, or when the way there passes a list
  /// or a lazy component.
  init?(of root: ComponentNode, minimumNodes: Int) {
    guard root.location.pointer.isRoot else { return nil }
    let size = withUnsafePointer(to: root) { Self.size(of: $0) }
    guard size >= max(2, minimumNodes) else { return nil }
    let split = ParallelSplit(tokens: size)
    let found = withUnsafePointer(to: root) { root in
      Self.cut(in: root, size: size, path: [], split: split)
    }
    guard let found else { return nil }
    path = found.path
    index = found.index
  }

  /// The cut inside `node` (`size` components, at `path` from the root), looked for
  /// in its children, else in its largest child's (at most ``maximumDepth`` deep).
  private static func cut(
    in node: UnsafePointer<ComponentNode>, size: Int, path: [Int], split: ParallelSplit
  ) -> (path: [Int], index: Int)? {
    let builtIn = node.pointee.builtIn
    guard path.count < maximumDepth, builtIn?.isList != true, builtIn != .lazyComponent else {
      return nil
    }
    return node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress, !children.isEmpty else { return nil }
      var starts: [Int] = []
      var end = 0
      if children.count == 1 {
        // A component of one child (most wrappers) needs no counting: its child is
        // the rest of it.
        starts = [0]
        end = size - 1 - templatesSize(of: node)
      } else {
        starts.reserveCapacity(children.count)
        for index in children.indices {
          starts.append(end)
          end += Self.size(of: first + index)
        }
      }
      guard split.isLarge(span: end) else { return nil }
      if let index = split.secondHalf(starts: starts, end: end) { return (path, index) }
      // One child holds most of them: its own children may be cut instead.
      func sizeOf(_ index: Int) -> Int {
        (index + 1 < starts.count ? starts[index + 1] : end) - starts[index]
      }
      var largest = 0
      for index in starts.indices.dropFirst() where sizeOf(index) > sizeOf(largest) {
        largest = index
      }
      return cut(in: first + largest, size: sizeOf(largest), path: path + [largest], split: split)
    }
  }

  /// The components of `node`'s tree, itself, its children and its templates' views
  /// included.
  static func size(of node: UnsafePointer<ComponentNode>) -> Int {
    var total = 1 + templatesSize(of: node)
    // Most components are leaves: their empty array is not even opened.
    guard !node.pointee.children.isEmpty else { return total }
    node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress else { return }
      for index in children.indices { total += size(of: first + index) }
    }
    return total
  }

  /// The components of `node`'s templates' views.
  private static func templatesSize(of node: UnsafePointer<ComponentNode>) -> Int {
    guard !node.pointee.templates.isEmpty else { return 0 }
    var total = 0
    for template in node.pointee.templates {
      total += withUnsafePointer(to: template.view) { size(of: $0) }
    }
    return total
  }

  /// Calls `body` with the cut component of the tree at `root`, read in place; nil
  /// when the path does not lead to one (not the tree the cut was found in).
  func withCutNode<Result>(
    in root: UnsafePointer<ComponentNode>, _ body: (UnsafePointer<ComponentNode>) -> Result
  ) -> Result? {
    ComponentNode.withNode(at: path[...], in: root, body)
  }
}
