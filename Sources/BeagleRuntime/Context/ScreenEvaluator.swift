import BeagleExpressions
import BeagleJSON

/// Evaluates every binding of a screen in its scope and gives the tree as the user
/// sees it, or explains each binding for `--explain`.
///
/// Scope follows docs/spec.md §4.2: a component sees the contexts declared on itself and its
/// ancestors (the nearest wins) and `global`. Event handlers, templates and nested
/// actions are left as written: they are evaluated when they run or render.
public struct ScreenEvaluator: Sendable {
  public var properties: PropertyEvaluator
  /// Whose rules render lists (web items see their index, docs/spec.md §2.8).
  public var profile: NavigationProfile
  /// Screens of at least this many components (their templates' views included) are
  /// rendered by two threads, cut where ``RenderSplit`` cuts them, with the same
  /// result; nil: by the calling thread alone.
  public var parallelThreshold: Int?

  /// Below this many components a second thread costs more than it saves.
  public static let defaultParallelThreshold = 1_000

  public init(
    evaluator: Evaluator = Evaluator(), profile: NavigationProfile = .ios,
    parallelThreshold: Int? = nil
  ) {
    properties = PropertyEvaluator(evaluator: evaluator)
    self.profile = profile
    self.parallelThreshold = parallelThreshold
  }

  /// The screen's tree as the user sees it: properties evaluated, list and grid
  /// views holding one rendered item per data source element (docs/spec.md §2.8), each rendered
  /// component's ``SourceLocation/pointer`` being its rendered path (see
  /// ``ScopeResolver``).
  public func evaluate(_ screen: Screen, global: JSONValue) -> ComponentNode {
    render(screen, global: global).screen
  }

  /// The screen rendered as ``evaluate(_:global:)`` does, and where it stopped: at
  /// most ``ValueLimits/maximumNodes`` components are rendered (list items and
  /// everything inside them included), so that lists nested in lists, each over a
  /// long data source, cannot multiply into millions of components. The list or
  /// component whose content no longer fitted is `stoppedAt` (nil: all fitted);
  /// what did not fit is left out.
  public func render(
    _ screen: Screen, global: JSONValue
  ) -> (
    screen: ComponentNode, stoppedAt: SourceLocation?, refusals: [Refusal],
    nonFinite: [NonFiniteText]
  ) {
    let rendered = render(screen, global: global, recordingInitScopes: false)
    return (rendered.screen, rendered.stoppedAt, rendered.refusals, rendered.nonFinite)
  }

  /// ``render(_:global:)``, and, when `recordingInitScopes`, the scope of the rendered
  /// components that have an `onInit`, with their rendered path, in post-order: the
  /// scope ``ScopeResolver`` finds at that path on the same screen and `global`
  /// (rendering enters the same contexts and list items on its way down), kept so that
  /// running the `onInit`s does not walk down from the root again for each
  /// (``Session/settle()``). A component the resolver does not reach by its path (one
  /// beside the root an implicit screen wraps) keeps none.
  ///
  /// Nothing is recorded when the screen holds lazy components loaded for list items
  /// (``Screen/itemLazies``): those render in place of their template's component,
  /// which is what the resolver walks through.
  func render(_ screen: Screen, global: JSONValue, recordingInitScopes: Bool) -> Rendered {
    startRender(screen, global: global, recordingInitScopes: recordingInitScopes).finish()
  }

  /// A finished render (``StartedRender/finish()``).
  struct Rendered: Sendable {
    var screen: ComponentNode
    /// Where rendering stopped (the node limit), nil when everything fitted.
    var stoppedAt: SourceLocation?
    var refusals: [Refusal]
    var nonFinite: [NonFiniteText]
    /// See ``render(_:global:recordingInitScopes:)``.
    var initScopes: [(path: JSONPointer, scope: ContextScope)]
    /// The contexts each component read, when the render noted them.
    var reads: ContextReads?
    /// How many components were taken from the earlier render as they were.
    var reused = 0
  }

  /// An earlier render of the screen whose inputs differ from this render's in context
  /// values only: the components whose subtree read none of the contexts that changed
  /// are taken from it as they are (``ContextReads``).
  struct EarlierRender: Sendable {
    var screen: ComponentNode
    /// Which of its components the change reached, and what each read.
    var reached: ReachedComponents
  }

  /// A component of an ``EarlierRender``, and its ordinal there.
  fileprivate struct Earlier {
    var node: UnsafePointer<ComponentNode>
    var ordinal: Int
  }

  /// Starts ``render(_:global:recordingInitScopes:)``: when the screen is rendered by
  /// two threads, the second starts on its part now, and the calling thread renders
  /// its own when ``StartedRender/finish()`` is called. In between, the caller may do
  /// other work that does not change what is rendered (the screen, `global`): the
  /// result is the same.
  ///
  /// When `recordingReads`, the render notes what each component read
  /// (``Rendered/reads``); given an `earlier` render (which noted them), it renders
  /// again only the components a change of context reached, on the calling thread.
  func startRender(
    _ screen: Screen, global: JSONValue, recordingInitScopes: Bool,
    recordingReads: Bool = false, earlier: EarlierRender? = nil
  ) -> StartedRender {
    var withBindings = self
    withBindings.properties.parsedBindings = screen.parsedBindings
    var budget = RenderBudget(remaining: properties.evaluator.limits.maximumNodes)
    budget.recordsInitScopes = recordingInitScopes && screen.itemLazies.isEmpty
    budget.paths = JSONPointerArena(tag: screen.node.location.sourceName)
    // The root always renders: the budget is at least one component.
    budget.remaining -= 1
    var baseScope = screen.baseScope(global: global)
    if recordingReads || earlier != nil { baseScope.reads = ContextReads() }
    if let earlier {
      budget.reached = earlier.reached
    }
    let cut =
      earlier != nil
      ? nil
      : parallelThreshold.flatMap { threshold in
        RenderSplit(of: screen.node, minimumNodes: threshold).map { split in
          withBindings.secondHalf(
            of: screen, cut: split, baseScope: baseScope,
            recordsInitScopes: budget.recordsInitScopes)
        }
      }
    return StartedRender(
      renderer: withBindings, screen: screen, baseScope: baseScope, budget: budget, cut: cut,
      earlier: earlier?.screen)
  }

  /// A render whose second thread (if any) is started; ``finish()`` renders the rest
  /// on the calling thread and gives the result.
  struct StartedRender: Sendable {
    fileprivate var renderer: ScreenEvaluator
    fileprivate var screen: Screen
    fileprivate var baseScope: ContextScope
    fileprivate var budget: RenderBudget
    fileprivate var cut: RenderCursor?
    /// The root of the earlier render this one takes unchanged components from.
    fileprivate var earlier: ComponentNode?

    /// Waits for the second thread's part, which is not wanted (the screen changed
    /// since the render started), so that no thread goes on rendering it.
    func discard() {
      _ = cut?.second.wait()
    }

    /// The screen rendered: this thread's part, then the second thread's taken in.
    func finish() -> Rendered {
      var budget = budget
      let node = withUnsafePointer(to: screen.node) { root in
        guard let earlier else {
          return renderer.evaluate(
            root, scope: baseScope, screen: screen, path: JSONPointer(), suffix: "",
            budget: &budget, cut: cut)
        }
        return withUnsafePointer(to: earlier) { earlierRoot in
          renderer.evaluate(
            root, scope: baseScope, screen: screen, path: JSONPointer(), suffix: "",
            budget: &budget, earlier: Earlier(node: earlierRoot, ordinal: 0))
        }
      }
      budget.paths?.finish()
      return Rendered(
        screen: node, stoppedAt: budget.stoppedAt, refusals: budget.refusals,
        nonFinite: budget.nonFinite, initScopes: budget.initScopes, reads: baseScope.reads,
        reused: budget.reused)
    }
  }

  /// What the second thread rendered: the cut component's children from the cut on,
  /// and what their render took from its own budget and noted in it.
  fileprivate struct RenderedHalf: Sendable {
    var children: [ComponentNode] = []
    /// Components taken from the budget (at most the node limit).
    var used = 0
    var stoppedAt: SourceLocation?
    var refusals: [Refusal] = []
    var nonFinite: [NonFiniteText] = []
    var initScopes: [(path: JSONPointer, scope: ContextScope)] = []
    /// What its components read (nil: not noted).
    var reads: ContextReads?
  }

  /// Where the first thread is on its way to the cut: at the root, then at each
  /// component on the cut's path; it is passed to a child only when the child is on
  /// the path.
  fileprivate struct RenderCursor: Sendable {
    var split: RenderSplit
    /// How many components of the path are entered.
    var level = 0
    /// The second thread's render of the children from the cut on; nil when it could
    /// not find them.
    var second: BackgroundJob<RenderedHalf?>

    /// Whether this component's children are cut.
    var isAtCut: Bool { level == split.path.count }

    /// The cursor for child `index`, when the cut lies inside it.
    func entering(_ index: Int) -> RenderCursor? {
      guard level < split.path.count, split.path[level] == index else { return nil }
      var next = self
      next.level += 1
      return next
    }
  }

  /// Starts rendering the children of `screen`'s tree from `cut` on, on another
  /// thread, as ``evaluate(_:scope:screen:path:suffix:budget:isInItem:substitutesLazy:cut:)``
  /// renders them there: in the scope of the cut component (the contexts the way
  /// there declares), each at its own pointer (none of them is in a list item), with
  /// a budget of the whole node limit.
  private func secondHalf(
    of screen: Screen, cut: RenderSplit, baseScope: ContextScope, recordsInitScopes: Bool
  ) -> RenderCursor {
    let renderer = self
    let limit = properties.evaluator.limits.maximumNodes
    let second = BackgroundJob { () -> RenderedHalf? in
      var budget = RenderBudget(remaining: limit)
      budget.recordsInitScopes = recordsInitScopes
      // This thread's own: an arena is appended to by one thread.
      budget.paths = JSONPointerArena(tag: screen.node.location.sourceName)
      var half = RenderedHalf()
      // This thread's own, taken in after the first thread's components before them.
      var outer = baseScope
      if outer.reads != nil { outer.reads = ContextReads() }
      half.reads = outer.reads
      let found: Void? = withUnsafePointer(to: screen.node) { root in
        guard
          let scope = Self.scope(
            inside: root, along: cut.path[...], outer: outer, screen: screen)
        else { return nil }
        return cut.withCutNode(in: root) { parent in
          let written = parent.pointee.location
          parent.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            half.children.reserveCapacity(max(0, children.count - cut.index))
            for index in children.indices.dropFirst(cut.index) {
              guard budget.take(inside: written) else { break }
              half.children.append(
                renderer.evaluate(
                  first + index, scope: scope, screen: screen,
                  path: children[index].location.pointer, suffix: "", budget: &budget))
            }
          }
        }
      }
      guard found != nil else { return nil }
      budget.paths?.finish()
      half.used = limit - budget.remaining
      half.stoppedAt = budget.stoppedAt
      half.refusals = budget.refusals
      half.nonFinite = budget.nonFinite
      half.initScopes = budget.initScopes
      return half
    }
    return RenderCursor(split: cut, second: second)
  }

  /// The scope inside the component at `path` below `node` (children indices), as
  /// rendering finds it when every component on the way renders at its own pointer;
  /// nil when the path leads to no component.
  private static func scope(
    inside node: UnsafePointer<ComponentNode>, along path: ArraySlice<Int>,
    outer: ContextScope, screen: Screen
  ) -> ContextScope? {
    let scope = Self.scope(
      outer, declaring: node.pointee.context, at: node.pointee.location.pointer, screen: screen)
    guard let next = path.first else { return scope }
    return node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress, children.indices.contains(next) else { return nil }
      return Self.scope(inside: first + next, along: path.dropFirst(), outer: scope, screen: screen)
    }
  }

  /// Takes the second thread's render of the children from the cut on into
  /// `children` and `budget`, as if this thread had rendered them: when it found them
  /// and they fitted in what is left of `budget` (else nothing: this thread renders
  /// them). True when taken.
  private static func take(
    _ second: BackgroundJob<RenderedHalf?>, into children: inout [ComponentNode],
    budget: inout RenderBudget, reads: ContextReads?
  ) -> Bool {
    guard let half = second.wait(), half.stoppedAt == nil, half.used <= budget.remaining else {
      return false
    }
    budget.remaining -= half.used
    children.append(contentsOf: half.children)
    if let reads, let halfReads = half.reads { reads.append(halfReads) }
    // In the order this thread notes them: the first of each property, up to the limit.
    for refusal in half.refusals { budget.refuse(refusal.key, at: refusal.location, refusal.error) }
    for shown in half.nonFinite { budget.note(shown.key, at: shown.location, shows: shown.number) }
    budget.initScopes.append(contentsOf: half.initScopes)
    return true
  }

  /// A text property that shows a number that is not finite (`nan`, `inf`:
  /// ``NonFiniteNumber``), which the log warns about.
  public struct NonFiniteText: Sendable, Equatable {
    /// The component as written.
    public var location: SourceLocation
    public var key: String
    public var number: Double

    public static func == (lhs: NonFiniteText, rhs: NonFiniteText) -> Bool {
      // NaN is not equal to itself; the place is what identifies the warning.
      lhs.location == rhs.location && lhs.key == rhs.key
    }
  }

  /// A property whose value exceeded the value limits: it renders as if empty (a
  /// text) or absent, and the log says why, as a `setContext` of the value does.
  public struct Refusal: Sendable, Equatable {
    /// The component as written.
    public var location: SourceLocation
    public var key: String
    public var error: ExpressionError
  }

  /// How many more components may be rendered, where rendering first stopped, and
  /// the properties whose value exceeded the value limits.
  fileprivate struct RenderBudget: Sendable {
    var remaining: Int
    var stoppedAt: SourceLocation?
    var refusals: [Refusal] = []
    var nonFinite: [NonFiniteText] = []
    /// Whether ``initScopes`` is filled.
    var recordsInitScopes = false
    /// The scope of each rendered component with an `onInit`, with its rendered path,
    /// in post-order.
    var initScopes: [(path: JSONPointer, scope: ContextScope)] = []
    /// Holds the rendered paths this thread makes (those of list items and what is
    /// inside them): an entry of 16 bytes each, where a link of its own took an object
    /// (64 bytes with malloc's header; on a 10 MB screen 32 000 of them, 2 MB, held as
    /// long as the rendered tree). Nil: links (``explain(_:global:)``).
    var paths: JSONPointerArena?
    /// Of an earlier render taken from (``EarlierRender``): which of its components a
    /// change reached, and what they read.
    var reached: ReachedComponents?
    /// How many components were taken from it.
    var reused = 0

    /// Notes that text property `key` of the component written at `location` shows
    /// `number`, which is not finite; once per property of the screen as written.
    mutating func note(_ key: String, at location: SourceLocation, shows number: Double) {
      guard nonFinite.count < Self.maximumRefusals,
        !nonFinite.contains(where: { $0.key == key && $0.location == location })
      else { return }
      nonFinite.append(NonFiniteText(location: location, key: key, number: number))
    }

    /// Notes that property `key` of the component written at `location` exceeded the
    /// value limits; once per property of the screen as written (not again for every
    /// list item).
    mutating func refuse(_ key: String, at location: SourceLocation, _ error: ExpressionError) {
      guard refusals.count < Self.maximumRefusals,
        !refusals.contains(where: { $0.key == key && $0.location == location })
      else { return }
      refusals.append(Refusal(location: location, key: key, error: error))
    }

    /// Enough to say what is wrong without a line per item of a long list.
    static let maximumRefusals = 20

    /// Takes one component from the budget; false (and `parent` noted as where
    /// rendering stopped) when none is left.
    mutating func take(inside parent: SourceLocation) -> Bool {
      guard remaining > 0 else {
        if stoppedAt == nil { stoppedAt = parent }
        return false
      }
      remaining -= 1
      return true
    }
  }

  /// `source` rendered at `path`.
  ///
  /// Components are read through pointers into their arrays: passed as values, each
  /// child was copied, with its dozen reference-counted fields, to be read; now only
  /// the result is a copy.
  ///
  /// - Parameter isInItem: whether `source` is a template's component inside a list item,
  ///   which never renders at its own pointer (the path goes through the item); a lazy
  ///   component's answer there was moved to its rendered path, and is compared.
  ///
  /// - Parameter earlier: the same component in an earlier render whose inputs differ
  ///   in context values only (``EarlierRender``): taken as it is when no change reached
  ///   it, else its children are rendered the same way.
  private func evaluate(
    _ source: UnsafePointer<ComponentNode>, scope: ContextScope, screen: Screen,
    path: JSONPointer, suffix: String, budget: inout RenderBudget, isInItem: Bool = false,
    substitutesLazy: Bool = true, cut: RenderCursor? = nil, earlier: Earlier? = nil
  )
    -> ComponentNode
  {
    // A lazy component of a list item shows what it loaded for that item (once: an
    // answer that is itself a lazy component waits for its own load).
    if substitutesLazy, source.pointee.builtIn == .lazyComponent,
      let loaded = screen.itemLazies[path]
    {
      return withUnsafePointer(to: loaded) { loaded in
        evaluate(
          loaded, scope: scope, screen: screen, path: path, suffix: suffix, budget: &budget,
          substitutesLazy: false)
      }
    }
    let reads = scope.reads
    // Read nothing that changed: rendered as before, with as many components (when
    // they fit, the render of the same inputs would not stop inside). Its components
    // keep no `onInit` scope here: ``Session/settle()`` finds by path the scopes that
    // are kept, and looks up the others (the same scopes; a component taken as it was
    // ran its `onInit` after the render it comes from, when that render was settled).
    if let earlier, let reached = budget.reached, let reads, !reached.isReached(earlier.ordinal) {
      let descendants = reached.descendants(of: earlier.ordinal)
      if descendants <= budget.remaining {
        budget.remaining -= descendants
        budget.reused += reads.appendReused(earlier.ordinal, of: reached.reads)
        return earlier.node.pointee
      }
    }
    let ordinal = reads?.enter()
    defer { if let ordinal { reads?.leave(ordinal) } }
    // The rendered node is built once, at the end, from the parts that change and
    // the source's others: a copy of the source changed in place was copied whole
    // once more, and the first copy destroyed, on its way out.
    // The context alone is read (the scope does not need the component).
    let scope = Self.scope(scope, declaring: source.pointee.context, at: path, screen: screen)
    // Where the component is written, which refusals and the node limit name.
    let written = source.pointee.location
    // An implicit screen has no onInit, and nothing is ever added beside the root it
    // wraps (``ComponentNode/update(at:_:)`` goes into the root): every component kept
    // here is one the resolver reaches by its path.
    let keepsScope =
      budget.recordsInitScopes && substitutesLazy && !source.pointee.events.isEmpty
      && source.pointee.event("onInit") != nil
    let renderedProperties: LazyJSONObject
    if let definition = source.pointee.definition {
      renderedProperties = evaluatedProperties(
        of: source, definition: definition, scope: scope, screen: screen, path: path,
        isInItem: isInItem, budget: &budget)
    } else {
      renderedProperties = source.pointee.properties
    }
    // Outside list items a component renders at its own pointer (compared by identity
    // first, so this costs nothing), and so do its children.
    let isAtOwnPointer = !isInItem && path == written.pointer
    var location = written
    if !isAtOwnPointer { location.pointer = path }
    var id = source.pointee.id
    if let own = id, !suffix.isEmpty { id = own + suffix }
    if source.pointee.builtIn?.isList == true,
      // The list's properties as written: ListItems evaluates its data source itself.
      let items = ListItems(of: source.pointee, in: scope, evaluator: properties, profile: profile)
    {
      // Without an id to append them to, the items' suffixes are not built: every
      // component below gets the list's (unused) suffix.
      let showsIds = items.mayShowIds
      var children: [ComponentNode] = []
      // At most what the budget lets render (a long data source stops there).
      children.reserveCapacity(min(items.elements.count, max(budget.remaining, 0)))
      for index in items.elements.indices {
        let itemPath = Self.itemPath(path, index: index, in: budget.paths)
        let element = screen.itemElement(at: itemPath, source: items.elements[index])
        let itemScope = items.scope(scope, item: element, index: index)
        // The item's template is read in place (``ListItems/item(_:element:in:parentSuffix:)``
        // copies it); nil: none applies.
        var isOverBudget = false
        let rendered = items.withTemplateView(in: itemScope) { view -> ComponentNode? in
          guard budget.take(inside: written) else {
            isOverBudget = true
            return nil
          }
          return evaluate(
            view, scope: itemScope, screen: screen,
            path: budget.paths?.appending(ListItems.viewToken, to: itemPath)
              ?? itemPath.appending(ListItems.viewToken),
            suffix: showsIds
              ? items.idSuffix(index, element: element, parentSuffix: suffix) : suffix,
            budget: &budget, isInItem: true)
        }
        if isOverBudget { break }
        guard case .some(.some(var child)) = rendered else { continue }
        child.slot = "items"
        children.append(child)
      }
      // After the items: kept in post-order, the order ``Session/settle()`` runs them in.
      if keepsScope { budget.initScopes.append((location.pointer, scope.withoutReads)) }
      return ComponentNode(
        rendering: source, id: id, properties: renderedProperties, children: children,
        keepsTemplates: false, location: location)
    }
    let base = written.pointer.count
    let children = source.pointee.children.withUnsafeBufferPointer { nodes in
      var children: [ComponentNode] = []
      // Most components have no child: an empty array's buffer may still have an
      // address, and reserving room for none allocated a buffer for each.
      guard let first = nodes.baseAddress, !nodes.isEmpty else { return children }
      children.reserveCapacity(nodes.count)
      // A list's children in the earlier render may be its items (a list is rendered
      // anew whenever its data source may have changed).
      let earlierParent = source.pointee.builtIn?.isList == true ? nil : earlier
      Self.withChildren(of: earlierParent, count: nodes.count) { earlierChildren in
        // The earlier render's children, one for each (the earlier render did not stop).
        var earlierOrdinal = (earlierParent?.ordinal ?? 0) + 1
        for index in nodes.indices {
          // The second thread rendered the rest.
          if let cut, cut.isAtCut, index == cut.split.index,
            Self.take(cut.second, into: &children, budget: &budget, reads: reads)
          {
            break
          }
          guard budget.take(inside: written) else { break }
          let pointer = nodes[index].location.pointer
          var earlierChild: Earlier?
          if let earlierChildren, let reached = budget.reached {
            earlierChild = Earlier(node: earlierChildren + index, ordinal: earlierOrdinal)
            earlierOrdinal = reached.end(of: earlierOrdinal)
          }
          children.append(
            evaluate(
              first + index, scope: scope, screen: screen,
              path: isAtOwnPointer
                ? pointer : Self.path(of: pointer, under: path, base: base, in: budget.paths),
              suffix: suffix, budget: &budget, isInItem: isInItem, cut: cut?.entering(index),
              earlier: earlierChild))
        }
      }
      return children
    }
    if keepsScope { budget.initScopes.append((location.pointer, scope.withoutReads)) }
    return ComponentNode(
      rendering: source, id: id, properties: renderedProperties, children: children,
      keepsTemplates: true, location: location)
  }

  /// Calls `body` with the first of the children of `earlier` when it has `count` of
  /// them (those rendered from the same source's), else with nil.
  private static func withChildren<Result>(
    of earlier: Earlier?, count: Int, _ body: (UnsafePointer<ComponentNode>?) -> Result
  ) -> Result {
    guard let earlier else { return body(nil) }
    return earlier.node.pointee.children.withUnsafeBufferPointer { children in
      guard children.count == count, let first = children.baseAddress else { return body(nil) }
      return body(first)
    }
  }

  /// The rendered path of a child written at `pointer` whose parent, written at a
  /// pointer of `base` tokens, renders at `path`: `path` and the child's tokens after
  /// the parent's. A child is one or two tokens below its parent (`child`,
  /// `children/3`): those are appended without building the list of tokens (a key and
  /// an index as one link, as the decoder made them).
  ///
  /// Appended in `paths` when given (the same tokens).
  private static func path(
    of pointer: JSONPointer, under path: JSONPointer, base: Int, in paths: JSONPointerArena?
  )
    -> JSONPointer
  {
    switch pointer.count - base {
    case 1:
      if let last = pointer.lastToken {
        return paths?.appending(last, to: path) ?? path.appending(last)
      }
    case 2:
      // `children/3` stays one link (one entry), as in the source.
      if let paths {
        if let appended = paths.appending(lastTwoTokensOf: pointer, to: path) { return appended }
      } else if let appended = path.appending(lastTwoTokensOf: pointer) {
        return appended
      }
    default:
      break
    }
    return pointer.replacingFirst(base, with: path)
  }

  /// ``ListItems/itemPath(_:index:)``, appended in `paths` when given (the same tokens).
  private static func itemPath(
    _ listPath: JSONPointer, index: Int, in paths: JSONPointerArena?
  ) -> JSONPointer {
    guard let paths else { return ListItems.itemPath(listPath, index: index) }
    return paths.appending(ListItems.itemsToken, index: index, to: listPath)
  }

  /// How a `style.display` is read: `FLEX` or `NONE`, or an expression giving one.
  private static let displayField = FieldSpec(
    "display", .enumeration(["FLEX", "NONE"]), acceptsExpression: true)

  /// `node`'s properties with their expressions evaluated in `scope`: the fields that
  /// take no expression keep their value, and so do plain values
  /// (``PropertyEvaluator/mayChange(_:as:)``), so a component without bindings keeps
  /// its properties as they are, not a copy. Properties still in their document are
  /// read there: only the members that may hold a template are materialised, and
  /// only those that changed replace themselves (``LazyJSONObject/replacingMembers(_:)``).
  ///
  /// Inside a list item (`isInItem`) the component is a template's, rendered once per
  /// item: its members are materialised once and kept (``LazyJSONObject/documentValue(atPosition:)``).
  private func evaluatedProperties(
    of node: UnsafePointer<ComponentNode>, definition: ComponentDefinition,
    scope: ContextScope, screen: Screen, path: JSONPointer, isInItem: Bool,
    budget: inout RenderBudget
  ) -> LazyJSONObject {
    guard let (document, values) = node.pointee.properties.source else {
      return evaluatedMaterialisedProperties(
        of: node, definition: definition, scope: scope, screen: screen, path: path,
        budget: &budget)
    }
    var patches: [MemberPatch] = []
    // A `style` whose `display` may be an expression (one that holds no template
    // text cannot).
    var mayHoldDisplay = false
    let isTemplateOnTapeUsable = properties.evaluator.library.dialect != .web
    // Most members hold no `@{` and no escape: their key is not even read.
    document.forEachValueMayHoldingTemplateText(values) { position in
      let valueIndex = Int(values[position])
      let key = document.key(ofValueAt: valueIndex)
      if key == "style" { mayHoldDisplay = true }
      // A binding string parsed with the screen: evaluated from its template, its
      // text neither built nor hashed to find it (web parses with its own grammar).
      if isTemplateOnTapeUsable,
        let template = screen.bindingsOnTape.template(in: document, at: valueIndex)
      {
        guard
          let result = evaluatedMember(
            key, template: template, of: node, definition: definition, scope: scope,
            budget: &budget)
        else { return }
        patches.append(MemberPatch(position: position, value: result))
        return
      }
      let member = document.node(atTapeIndex: valueIndex)
      // An array or object whose field evaluates whole strings only (a list's data
      // source) cannot change: it is not built to find that out.
      guard member.kind == .string || !PropertyEvaluator.keepsNonStrings(as: definition.field(key))
      else { return }
      let value =
        isInItem
        ? node.pointee.properties.documentValue(atPosition: position) ?? member.value : member.value
      guard
        let result = evaluatedMember(
          key, value, of: node, definition: definition, scope: scope, budget: &budget)
      else { return }
      patches.append(MemberPatch(position: position, value: result))
    }
    var evaluated = node.pointee.properties.replacingMembers(patches)
    if mayHoldDisplay, let display = evaluated.value(forKey: "style", member: "display"),
      PropertyEvaluator.mayChange(display, as: Self.displayField),
      var style = evaluated["style"]?.objectValue,
      let stylePosition = node.pointee.properties.position(of: "style")
    {
      style["display"] = properties.evaluate(display, as: Self.displayField, in: scope)
      patches.removeAll { $0.position == stylePosition }
      patches.append(MemberPatch(position: stylePosition, value: .object(style)))
      patches.sort { $0.position < $1.position }
      evaluated = node.pointee.properties.replacingMembers(patches)
    }
    if !screen.typedTexts.isEmpty, let typed = screen.typedTexts[path],
      typed.boundValue == evaluated["value"]
    {
      if let valuePosition = node.pointee.properties.position(of: "value") {
        patches.removeAll { $0.position == valuePosition }
        patches.append(MemberPatch(position: valuePosition, value: .string(typed.text)))
        patches.sort { $0.position < $1.position }
        evaluated = node.pointee.properties.replacingMembers(patches)
      } else {
        evaluated["value"] = .string(typed.text)
      }
    }
    return evaluated
  }

  /// Member `key`'s evaluated value (nil inside: the member is removed), or nil when
  /// its field takes no expression or the value cannot change; a refusal or a
  /// non-finite text is noted in `budget`.
  private func evaluatedMember(
    _ key: String, _ value: JSONValue, of node: UnsafePointer<ComponentNode>,
    definition: ComponentDefinition,
    scope: ContextScope, budget: inout RenderBudget
  ) -> JSONValue?? {
    guard let spec = definition.field(key), PropertyEvaluator.mayChange(value, as: spec)
    else { return nil }
    let (result, refusal, nonFinite) = properties.evaluateWithinLimits(value, as: spec, in: scope)
    if let refusal { budget.refuse(key, at: node.pointee.location, refusal) }
    if let nonFinite { budget.note(key, at: node.pointee.location, shows: nonFinite) }
    return .some(result)
  }

  /// ``evaluatedMember(_:_:of:definition:scope:budget:)`` for a string holding `@{`,
  /// given its template: the field's spec decides, as for the text (a string holding
  /// `@{` may change exactly when its field takes expressions).
  private func evaluatedMember(
    _ key: String, template: StringTemplate, of node: UnsafePointer<ComponentNode>,
    definition: ComponentDefinition, scope: ContextScope, budget: inout RenderBudget
  ) -> JSONValue?? {
    guard let spec = definition.field(key), spec.acceptsExpression else { return nil }
    let (result, refusal, nonFinite) = properties.evaluateWithinLimits(
      template: template, as: spec, in: scope)
    if let refusal { budget.refuse(key, at: node.pointee.location, refusal) }
    if let nonFinite { budget.note(key, at: node.pointee.location, shows: nonFinite) }
    return .some(result)
  }

  /// ``evaluatedProperties(of:definition:scope:screen:path:isInItem:budget:)`` for properties
  /// not in a document (built by code, or set since decoding).
  private func evaluatedMaterialisedProperties(
    of node: UnsafePointer<ComponentNode>, definition: ComponentDefinition,
    scope: ContextScope, screen: Screen, path: JSONPointer, budget: inout RenderBudget
  ) -> LazyJSONObject {
    var evaluated = node.pointee.properties
    // Materialised once (each read of `values` or `keys` would build it again).
    let written = node.pointee.properties.object
    let values = written.values
    for index in values.indices {
      // Numbers, booleans and texts without `@{` or a backslash never change: most
      // values are ruled out before their field is looked up.
      guard PropertyEvaluator.mayHoldTemplate(values[index]) else { continue }
      let key = written.keys[index]
      let value = values[index]
      guard
        let result = evaluatedMember(
          key, value, of: node, definition: definition, scope: scope, budget: &budget)
      else { continue }
      evaluated[key] = result
    }
    if let style = evaluated["style"]?.objectValue, let display = style["display"],
      PropertyEvaluator.mayChange(display, as: Self.displayField)
    {
      var newStyle = style
      newStyle["display"] = properties.evaluate(display, as: Self.displayField, in: scope)
      evaluated["style"] = .object(newStyle)
    }
    if !screen.typedTexts.isEmpty, let typed = screen.typedTexts[path],
      typed.boundValue == evaluated["value"]
    {
      evaluated["value"] = .string(typed.text)
    }
    return evaluated
  }

  /// The scope inside `node` at rendered path `path`: the outer scope plus the
  /// node's own context, with the value the screen currently holds for it.
  static func scope(
    _ outer: ContextScope, entering node: ComponentNode, at path: JSONPointer, screen: Screen
  )
    -> ContextScope
  {
    scope(outer, declaring: node.context, at: path, screen: screen)
  }

  /// ``scope(_:entering:at:screen:)`` for a component that declares `context`.
  static func scope(
    _ outer: ContextScope, declaring context: ContextDeclaration?, at path: JSONPointer,
    screen: Screen
  )
    -> ContextScope
  {
    guard let context else { return outer }
    let value = screen.value(of: context, at: path)
    if context.id == ContextScope.globalId { return outer }
    guard let reads = outer.reads else { return outer.pushing(id: context.id, value: value) }
    let key = ContextReads.key(of: context.id)
    reads.declare(key, at: path)
    return outer.pushing(id: context.id, content: .value(value), readKey: key)
  }

  // MARK: - Explaining

  /// One binding of the screen: where it is, what it says, what it read and gave.
  public struct BindingExplanation: Sendable, Equatable {
    /// Pointer of the property (`/child/children/0/text`); inside a list item, the
    /// property in the template as written (`/child/templates/1/view/text`).
    public var pointer: JSONPointer
    /// The string as written.
    public var source: String
    public var explanation: Explanation
    /// The property's value after evaluation (nil: absent, the type did not match).
    public var result: JSONValue?
    /// The index of the item in each enclosing list, outermost first; empty outside lists.
    public var items: [Int] = []
  }

  /// Every binding on the screen, in tree order. Inside a list, every rendered item in
  /// turn: the `case` of each template it tried (docs/spec.md §2.8), then the bindings
  /// of the template it shows, evaluated in the item's scope.
  public func explain(_ screen: Screen, global: JSONValue) -> [BindingExplanation] {
    var found: [BindingExplanation] = []
    explain(screen, global: global) { found.append($0) }
    return found
  }

  /// ``explain(_:global:)``, handing each binding's explanation to `body` in tree order
  /// instead of holding them all: a 10 MB screen's are several times its size, and
  /// `--explain` prints each as it comes.
  public func explain(
    _ screen: Screen, global: JSONValue, each body: (BindingExplanation) -> Void
  ) {
    var withBindings = self
    withBindings.properties.parsedBindings = screen.parsedBindings
    // Bounded as rendering is (``render(_:global:)``): the components past the limit
    // are not rendered, so their bindings are not explained.
    var budget = RenderBudget(remaining: properties.evaluator.limits.maximumNodes - 1)
    withBindings.explain(
      screen.node, scope: screen.baseScope(global: global), screen: screen, path: JSONPointer(),
      items: [], budget: &budget, each: body)
  }

  /// Explains `node` at rendered path `path` (the one ``evaluate(_:global:)`` gives it).
  private func explain(
    _ node: ComponentNode, scope: ContextScope, screen: Screen, path: JSONPointer, items: [Int],
    budget: inout RenderBudget, each body: (BindingExplanation) -> Void
  ) {
    let scope = Self.scope(scope, entering: node, at: path, screen: screen)
    if let definition = node.definition {
      // Each member read as it is held: the whole object materialised would be kept in
      // the screen's storage (on a 10 MB screen, 26 MB more than the run's peak).
      node.properties.forEachStoredMember { key, stored in
        let spec = definition.field(key)
        guard spec?.acceptsExpression == true else {
          // `style.display`, which rendering evaluates on every component.
          let member = Self.displayField.name
          if key == "style", case .string(let display)? = stored.value.objectValue?[member] {
            explainBinding(
              display, at: node.location.pointer.appending(key).appending(member),
              as: Self.displayField, in: scope, items: items, each: body)
          }
          return
        }
        Self.strings(in: stored.value, pointer: node.location.pointer.appending(key)) {
          text, pointer in
          explainBinding(text, at: pointer, as: spec, in: scope, items: items, each: body)
        }
      }
    }
    if let list = ListItems(of: node, in: scope, evaluator: properties, profile: profile) {
      for index in list.elements.indices {
        let itemPath = ListItems.itemPath(path, index: index)
        let element = screen.itemElement(at: itemPath, source: list.elements[index])
        let itemScope = list.scope(scope, item: element, index: index)
        for template in list.templatesTried(in: itemScope) {
          guard case .string(let text) = template.condition else { continue }
          explainBinding(
            text, at: template.location.pointer.appending("case"), as: ListItems.caseField,
            in: itemScope, items: items + [index], each: body)
        }
        guard
          let template = list.item(index, element: element, in: itemScope, parentSuffix: "")
            .template
        else { continue }
        guard budget.take(inside: node.location) else { return }
        explain(
          template.view, scope: itemScope, screen: screen,
          path: itemPath.appending(ListItems.viewToken), items: items + [index], budget: &budget,
          each: body)
      }
      return
    }
    let base = node.location.pointer.count
    for child in node.children {
      guard budget.take(inside: node.location) else { return }
      var childPath = path
      for token in child.location.pointer.tokens(droppingFirst: base) {
        childPath = childPath.appending(token)
      }
      explain(
        child, scope: scope, screen: screen, path: childPath, items: items, budget: &budget,
        each: body)
    }
  }

  /// Hands `body` the explanation of `text` when it holds a binding.
  private func explainBinding(
    _ text: String, at pointer: JSONPointer, as spec: FieldSpec?, in scope: ContextScope,
    items: [Int], each body: (BindingExplanation) -> Void
  ) {
    let template = properties.template(text)
    guard !template.expressions.isEmpty else { return }
    body(
      BindingExplanation(
        pointer: pointer, source: text,
        explanation: properties.evaluator.explain(template, in: scope, source: text),
        result: properties.evaluate(.string(text), as: spec, in: scope), items: items))
  }

  /// Calls `body` for every string inside `value`, in document order.
  static func strings(in value: JSONValue, _ body: (String) -> Void) {
    switch value {
    case .string(let text): body(text)
    case .array(let elements):
      for element in elements { strings(in: element, body) }
    case .object(let object):
      for member in object.values { strings(in: member, body) }
    default: break
    }
  }

  /// Calls `body` for every string inside `value` with its pointer.
  static func strings(
    in value: JSONValue, pointer: JSONPointer, _ body: (String, JSONPointer) -> Void
  ) {
    switch value {
    case .string(let text): body(text, pointer)
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        strings(in: element, pointer: pointer.appending(index), body)
      }
    case .object(let object):
      for (key, member) in object.members {
        strings(in: member, pointer: pointer.appending(key), body)
      }
    default: break
    }
  }
}
