import BeagleExpressions
import BeagleJSON

/// A screen on a navigation stack: its route identity and its decoded tree.
///
/// The root of a payload becomes a screen as iOS's `toScreen()` does: a
/// `beagle:screenComponent` root is the screen; any other root is wrapped in an
/// implicit screen with no navigation bar (docs/spec.md §1.1).
public struct Screen: Sendable, Equatable {
  /// The route that identifies the screen (a URL such as `/cart`, or a local
  /// screen's identifier).
  public var route: String
  /// The screen component (the payload's root, or the implicit wrapper); changed
  /// through ``updateNode(at:_:)``, which keeps ``components`` and
  /// ``parsedBindings`` up to date.
  public private(set) var node: ComponentNode
  /// Whether the root was not a screen component and was wrapped.
  public var isImplicit: Bool
  /// Whether the screen came from a local route (`route.screen`): popToView then
  /// identifies it by the identifier its platform decodes, never by a URL; a
  /// remote screen (and the first screen, fetched from the BFF) only by its URL.
  public var isLocal: Bool = false
  /// The screen's identity while it is on a stack, given by the ``Navigator`` when
  /// the screen enters it (0 before): actions remember the screen they came from,
  /// so a callback that runs after a navigation still uses its own screen's scope.
  public internal(set) var serial: Int = 0
  /// The current values of the screen's contexts, by the pointer of the declaring
  /// component; a context not listed still holds its declared value.
  public var contextValues: [JSONPointer: JSONValue] = [:]
  /// List items whose iterator context a `setContext` wrote, by the item's rendered
  /// path. iOS keeps the new value on the item's view only, until the data source
  /// gives the item another element (docs/spec.md §2.8).
  public var itemOverrides: [JSONPointer: ItemOverride] = [:]
  /// Text typed into text inputs, by rendered path (see ``TypedText``).
  public var typedTexts: [JSONPointer: TypedText] = [:]
  /// The rendered paths of the components whose `onInit` ran (once per component).
  public var initialized: Set<JSONPointer> = []
  /// For each list whose `onScrollEnd` fired, the data source it fired for: iOS
  /// fires again only after the data source changes (docs/spec.md §2.8).
  public var scrollEndFired: [JSONPointer: JSONValue] = [:]
  /// Lazy components whose fetch failed: their initial state stays.
  public var lazyFailed: Set<JSONPointer> = []
  /// What lazy components inside list items loaded, by the lazy component's rendered
  /// path: each item's copy loads on its own (iOS renders the template in every
  /// cell), and the template itself stays as written.
  public var itemLazies: [JSONPointer: ComponentNode] = [:]
  /// The screen's `navigationContext` (Beagle 2.x), nil until a navigation writes it.
  public var navigationContext: JSONValue?
  /// Every binding string of the tree parsed once, so that re-evaluating the screen
  /// after each change does not parse again (identical strings share one entry).
  public private(set) var parsedBindings = BindingTemplates()
  /// The same templates for the properties still in their document, by where their
  /// string is (see ``TapeBindings``).
  private(set) var bindingsOnTape = TapeBindings()
  /// The tree's components by id, for `addChildren`'s target: built by the first
  /// ``componentPointer(withId:)`` (most screens never need it), then kept in step
  /// by ``updateNode(at:_:)``.
  private var componentIndex = ComponentIndexCache()
  /// The tree's components by id (a fresh index when none is kept yet).
  public var components: ComponentIndex { componentIndex.index ?? ComponentIndex(node) }

  public init(route: String, root: ComponentNode) {
    self.route = route
    if root.builtIn == .screenComponent {
      node = root
      isImplicit = false
    } else {
      var child = root
      child.slot = "child"
      let screen = BuiltInComponent.screenComponent.name
      node = ComponentNode(
        type: screen, definition: Registry.builtIn.component(named: screen), children: [child],
        slot: "", location: root.location)
      isImplicit = true
    }
    (parsedBindings, bindingsOnTape) = Self.parseBindings(in: node)
  }

  /// Replaces the component at source pointer `pointer` (outside list templates)
  /// by `body`'s result; returns whether it was found.
  @discardableResult
  public mutating func updateNode(
    at pointer: JSONPointer, _ body: (inout ComponentNode) -> Void
  ) -> Bool {
    // Only the subtree changed: its bindings and ids are updated, not the whole
    // screen's (addChildren on a large screen re-read it on every call).
    let isIndexed = componentIndex.index != nil
    var removed = ComponentIndex()
    var after: ComponentNode?
    let isFound = node.update(at: pointer) { subtree in
      if isIndexed { removed.insert(subtree) }
      body(&subtree)
      after = subtree
    }
    guard isFound, let after else { return false }
    if isIndexed {
      componentIndex.index?.subtract(removed)
      componentIndex.index?.insert(after)
    }
    mergeBindings(of: after)
    return true
  }

  /// Puts `children` before (`atStart`) or after the children of the component at
  /// source pointer `pointer`; returns whether it was found. Only the new components
  /// are indexed and have their bindings parsed: ``updateNode(at:_:)`` re-reads the
  /// whole subtree, and a list grown by `addChildren` 1 000 times re-read it 1 000 times.
  @discardableResult
  public mutating func insertChildren(
    _ children: [ComponentNode], at pointer: JSONPointer, atStart: Bool
  ) -> Bool {
    let isFound = node.update(at: pointer) { target in
      if atStart {
        target.children.insert(contentsOf: children, at: 0)
      } else {
        target.children.append(contentsOf: children)
      }
    }
    guard isFound else { return false }
    for child in children {
      componentIndex.index?.insert(child)
      mergeBindings(of: child)
    }
    return true
  }

  /// The source pointer of the first component (pre-order, outside list
  /// templates) whose id is `id`: read from ``components``, without walking the
  /// tree unless the id is repeated.
  public mutating func componentPointer(withId id: String) -> JSONPointer? {
    if componentIndex.index == nil { componentIndex.index = ComponentIndex(node) }
    let pointers = componentIndex.index?.pointers(of: id) ?? []
    guard pointers.count > 1 else { return pointers.first }
    var work = [node]
    while let node = work.popLast() {
      if node.id == id { return node.location.pointer }
      work.append(contentsOf: node.children.reversed())
    }
    return nil
  }

  /// The current value of `context`, declared by the component at rendered path
  /// `path`: what a `setContext` wrote, else the declared value.
  public func value(of context: ContextDeclaration, at path: JSONPointer) -> JSONValue {
    // Until a `setContext` writes one, no pointer is hashed (a walk of all its tokens).
    guard !contextValues.isEmpty else { return context.value }
    return contextValues[path] ?? context.value
  }

  /// The element an item shows: the data source's, unless a `setContext` wrote the
  /// item's iterator context while it showed that same element.
  public func itemElement(at itemPath: JSONPointer, source element: JSONValue) -> JSONValue {
    itemElement(at: itemPath, source: .value(element)).value
  }

  /// ``itemElement(at:source:)-(_,JSONValue)`` for an element that may still be in its
  /// document: it is built only when a `setContext` wrote the item (to compare it).
  public func itemElement(at itemPath: JSONPointer, source element: ContextValue) -> ContextValue {
    guard !itemOverrides.isEmpty, let override = itemOverrides[itemPath],
      override.source == element.value
    else {
      return element
    }
    return .value(override.value)
  }

  /// Adds the bindings of `subtree` (new in the tree) to ``parsedBindings`` and
  /// ``bindingsOnTape``; a text parsed already keeps its template.
  private mutating func mergeBindings(of subtree: ComponentNode) {
    let (parsed, onTape) = Self.parseBindings(in: subtree)
    parsedBindings.merge(parsed)
    bindingsOnTape.merge(onTape)
  }

  private static func parseBindings(
    in root: ComponentNode
  ) -> (BindingTemplates, TapeBindings) {
    var parsed = BindingTemplates()
    var onTape = TapeBindings()
    @discardableResult
    func parse(_ text: String) -> StringTemplate? {
      // The byte scan first: most strings hold no binding and are never looked up.
      guard text.containsExpressionMarker else { return nil }
      if let template = parsed[text] { return template }
      let template = StringTemplate(text)
      parsed[text] = template
      return template
    }
    root.forEachInPlace(throughTemplates: true) { node in
      // A list's `case` conditions are evaluated for every item: parsed here once, not
      // for each item (they are no property of the list).
      for template in node.pointee.templates {
        if case .string(let text)? = template.condition { parse(text) }
      }
      guard let definition = node.pointee.definition else { return }
      // Properties still in their document are read there: only the strings that
      // hold `@{` are decoded, and a member's key only when it holds one.
      if let (document, values) = node.pointee.properties.source {
        for valueIndex in values {
          let member = document.node(atTapeIndex: Int(valueIndex))
          var accepts: Bool?
          let isRead = member.forEachExpressionString { string in
            if accepts == nil {
              accepts = definition.acceptsExpression(
                field: document.key(ofValueAt: Int(valueIndex)))
            }
            guard accepts == true, let text = string.stringValue,
              let template = parse(text)
            else { return }
            // A member that is the string itself: rendering finds it by its place.
            if string.tapeIndex == Int(valueIndex) {
              onTape.insert(template, in: document, at: valueIndex)
            }
          }
          // A key repeated inside the member: its materialised value resolves it.
          if !isRead, definition.acceptsExpression(field: document.key(ofValueAt: Int(valueIndex)))
          {
            ScreenEvaluator.strings(in: member.value) { parse($0) }
          }
        }
        return
      }
      let properties = node.pointee.properties.object
      let values = properties.values
      // Numbers, booleans and texts without `@{` or a backslash hold no binding: their
      // field is not looked up.
      for index in values.indices where PropertyEvaluator.mayHoldTemplate(values[index]) {
        guard definition.acceptsExpression(field: properties.keys[index]) else { continue }
        ScreenEvaluator.strings(in: values[index]) { parse($0) }
      }
    }
    return (parsed, onTape)
  }

  /// The screen's `identifier` (iOS), else its `id` (2.x).
  public var identifier: String? {
    node.properties["identifier"]?.stringValue ?? node.id
  }

  /// The screen's `identifier` only, as iOS 1.x decodes it (`ScreenComponent`
  /// has no `id`).
  public var iOSIdentifier: String? { node.properties["identifier"]?.stringValue }

  /// What a stack entry is called: the navigation bar title, else the
  /// identifier, else the route.
  public var title: String {
    if let title = node.navigationBar?.title, !title.isEmpty { return title }
    return identifier ?? route
  }
}

/// A list item's iterator context after a `setContext`: the element the data
/// source gave when it was written, and the value written.
public struct ItemOverride: Sendable, Equatable {
  public var source: JSONValue
  public var value: JSONValue
}

/// What a `type` step left in a text input. The field shows the typed text until
/// its `value` binding evaluates to something else than right after the typing and
/// its events (iOS shows what the user typed; a context change that updates `value`
/// replaces it).
public struct TypedText: Sendable, Equatable {
  public var text: String
  /// The `value` property right after the typing's events ran (nil: absent).
  public var boundValue: JSONValue?
}

/// A screen's ``ComponentIndex`` once built. It is derived from the screen's tree,
/// so two screens with the same tree are equal whether or not either built it.
struct ComponentIndexCache: Sendable, Equatable {
  var index: ComponentIndex?

  static func == (lhs: Self, rhs: Self) -> Bool { true }
}
