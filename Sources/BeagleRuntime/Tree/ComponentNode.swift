import BeagleJSON

/// One decoded component of a screen.
///
/// Plain data fields stay in ``properties`` exactly as written (expressions
/// included, in source order); what the registry says holds components or
/// actions is decoded into ``children``, ``events``, ``templates`` and
/// ``navigationBar``.
public struct ComponentNode: Sendable, Equatable {
  /// The type name as written in `_beagleComponent_`.
  public var type: String {
    get { nodeType.name }
    set { nodeType = NodeType(name: newValue, definition: definition) }
  }
  /// The registry's definition, or nil for an unknown type (a placeholder).
  public var definition: ComponentDefinition? {
    get { nodeType.definition }
    set { nodeType = NodeType(name: type, definition: newValue) }
  }
  /// ``type`` and ``definition``, shared with every node of the decoding that spells
  /// the type the same way.
  private(set) var nodeType: NodeType<ComponentDefinition>
  public var id: String?
  /// Every other field that is plain data, in source order (read from the
  /// document when first needed: ``LazyJSONObject``).
  public var properties: LazyJSONObject
  /// Child components in field order (`child`, `children`, …); each knows its ``slot``.
  public var children: [ComponentNode]
  /// The action lists of the component's events, in source order.
  public var events: [EventHandler]
  // The getters are inlinable: called across modules on a node in place (a walk over a
  // buffer of nodes), an opaque getter made the caller copy the node whole first.
  public var context: ContextDeclaration? {
    @inlinable get { extras?.context }
    set {
      extras = Extras.make(
        templates: templates, context: newValue, navigationBar: extras?.navigationBar,
        slot: extras?.slot)
    }
  }
  /// A list or grid view's templates.
  public var templates: [Template] {
    @inlinable get { extras?.templates ?? [] }
    set {
      extras = Extras.make(
        templates: newValue, context: context, navigationBar: extras?.navigationBar,
        slot: extras?.slot)
    }
  }
  /// A screen's navigation bar.
  public var navigationBar: NavigationBar? {
    @inlinable get { extras?.navigationBar?.value }
    set {
      extras = Extras.make(
        templates: templates, context: context, navigationBar: newValue.map(Indirect.init),
        slot: extras?.slot)
    }
  }
  /// The field of the parent that holds this component (`child`, `children`, …).
  public var slot: String {
    @inlinable get { slotCode.name ?? extras?.slot ?? "" }
    set {
      // The same slot (rendering sets each list item's): the box, if any, is kept, not
      // made again.
      guard newValue != slot else { return }
      let code = Slot(newValue)
      slotCode = code ?? .other
      extras = Extras.make(
        templates: templates, context: context, navigationBar: extras?.navigationBar,
        slot: code == nil ? newValue : nil)
    }
  }
  // Out of line: few components declare a context, templates or a navigation bar, or
  // sit in an uncommon slot, and held inline the four made every node (decoded and
  // evaluated) a third larger.
  @usableFromInline private(set) var extras: Extras?
  // Two words: a 12-byte pointer (carrying the file's name) and a 32-bit offset.
  public var location: SourceLocation
  /// ``slot`` when it is one of the common ones (a byte), else ``Slot/other``.
  @usableFromInline private(set) var slotCode: Slot

  /// Whether the registry knows the type.
  public var isKnown: Bool { nodeType.definition != nil }

  /// The built-in this node is, decided when it was decoded; nil for a custom or unknown type.
  public var builtIn: BuiltInComponent? { nodeType.definition?.builtIn }

  /// The registered spelling of the type (`beagle:listView`), or the type as written.
  public var typeName: String { nodeType.definition?.name ?? nodeType.name }

  /// The type without its namespace (`listView`), as outlines show it.
  public var shortName: String { typeName.droppingBeagleNamespace }

  /// Whether the type is `name` (case-insensitively, namespace included).
  public func isType(_ name: String) -> Bool { TypeName.equal(typeName, name) }

  /// ``typeName`` lower-cased (computed once per definition), for `switch`es over types.
  package var lowercasedTypeName: String {
    nodeType.definition?.lowercasedName ?? nodeType.name.lowercased()
  }

  /// The actions of event `name`, if the component declares it.
  public func event(_ name: String) -> EventHandler? { events.first { $0.name == name } }

  /// Appends the registered type name of the component at `node` as a quoted JSON
  /// string (``TypeDefinition/writeJSONName(into:)``); false, with nothing appended,
  /// for a type the registry does not know. Read in place: a method called on a
  /// pointee from another module is called on a copy of the whole node.
  package static func writeJSONTypeName(
    of node: UnsafePointer<ComponentNode>, into output: inout [UInt8]
  ) -> Bool {
    guard let definition = node.pointee.nodeType.definition else { return false }
    definition.writeJSONName(into: &output)
    return true
  }
}

extension ComponentNode {
  /// The fields few components have, out of line (``ComponentNode/extras``), shared
  /// by copies: immutable, a change makes another. Eleven words, one more than the
  /// box of a context alone took (a declaration is five).
  @usableFromInline final class Extras: Sendable, Equatable {
    @usableFromInline let templates: [Template]
    @usableFromInline let context: ContextDeclaration?
    @usableFromInline let navigationBar: Indirect<NavigationBar>?
    /// The slot when ``Slot`` has no code for it; nil otherwise.
    @usableFromInline let slot: String?

    private init(
      templates: [Template], context: ContextDeclaration?,
      navigationBar: Indirect<NavigationBar>?, slot: String?
    ) {
      self.templates = templates
      self.context = context
      self.navigationBar = navigationBar
      self.slot = slot
    }

    /// These fields out of line, or nil when there are none (so that equal nodes
    /// store equal fields).
    static func make(
      templates: [Template], context: ContextDeclaration?,
      navigationBar: Indirect<NavigationBar>?, slot: String?
    ) -> Extras? {
      if templates.isEmpty, context == nil, navigationBar == nil, slot == nil { return nil }
      return Extras(
        templates: templates, context: context, navigationBar: navigationBar, slot: slot)
    }

    @usableFromInline static func == (lhs: Extras, rhs: Extras) -> Bool {
      lhs === rhs
        || (lhs.templates == rhs.templates && lhs.context == rhs.context
          && lhs.navigationBar == rhs.navigationBar && lhs.slot == rhs.slot)
    }
  }

  /// The slots nearly every component is in, as a byte; ``other`` for the rest,
  /// which are kept in ``Extras/slot``.
  @usableFromInline enum Slot: UInt8, Sendable {
    case root, child, children, items, template, templates, other

    init?(_ name: String) {
      // Told apart by length first: most names are compared with one other.
      switch name.utf8.count {
      case 0: self = .root
      case 5 where name == "child": self = .child
      case 5 where name == "items": self = .items
      case 8 where name == "children": self = .children
      case 8 where name == "template": self = .template
      case 9 where name == "templates": self = .templates
      default: return nil
      }
    }

    /// The slot's name; nil for ``other``.
    @inlinable var name: String? {
      switch self {
      case .root: ""
      case .child: "child"
      case .children: "children"
      case .items: "items"
      case .template: "template"
      case .templates: "templates"
      case .other: nil
      }
    }
  }
}

// The initialisers are in an extension, so that the struct keeps its memberwise
// initialiser, which they call: a node built field by field in an initialiser of the
// struct itself was copied whole (every reference retained) and the first copy
// destroyed on its way out (the large-loadable-type lowering of Swift 6.3), once per
// decoded and per rendered component.
extension ComponentNode {
  // Not inlined: inlined into the decoder, the node it built was copied whole on its
  // way into its parent's children.
  @inline(never)
  public init(
    type: String, definition: ComponentDefinition?, id: String? = nil,
    properties: LazyJSONObject = LazyJSONObject(), children: [ComponentNode] = [],
    events: [EventHandler] = [], context: ContextDeclaration? = nil, templates: [Template] = [],
    navigationBar: NavigationBar? = nil, slot: String = "", location: SourceLocation
  ) {
    self.init(
      nodeType: NodeType(name: type, definition: definition), id: id, properties: properties,
      children: children, events: events, context: context, templates: templates,
      navigationBar: navigationBar, slot: slot, location: location)
  }

  /// A node of the shared `nodeType` (the decoder's: one per spelling of a type).
  @inline(never)
  init(
    nodeType: NodeType<ComponentDefinition>, id: String? = nil,
    properties: LazyJSONObject = LazyJSONObject(), children: [ComponentNode] = [],
    events: [EventHandler] = [], context: ContextDeclaration? = nil, templates: [Template] = [],
    navigationBar: NavigationBar? = nil, slot: String = "", location: SourceLocation
  ) {
    let code = Slot(slot)
    self.init(
      nodeType: nodeType, id: id, properties: properties, children: children, events: events,
      extras: Extras.make(
        templates: templates, context: context, navigationBar: navigationBar.map(Indirect.init),
        slot: code == nil ? slot : nil),
      location: location, slotCode: code ?? .other)
  }
}

extension ComponentNode {
  /// `source` as rendered: these parts given, the others (type, definition, events,
  /// context, navigation bar, slot, and the templates when `keepsTemplates`) shared
  /// with `source`. Built field by field, as ``ScreenEvaluator`` returns it: a copy
  /// of `source` changed in place was copied whole once more on its way out.
  init(
    rendering source: UnsafePointer<ComponentNode>, id: String?, properties: LazyJSONObject,
    children: [ComponentNode], keepsTemplates: Bool, location: SourceLocation
  ) {
    var extras = source.pointee.extras
    if !keepsTemplates, let kept = extras, !kept.templates.isEmpty {
      extras = Extras.make(
        templates: [], context: kept.context, navigationBar: kept.navigationBar, slot: kept.slot)
    }
    self.init(
      nodeType: source.pointee.nodeType, id: id, properties: properties, children: children,
      events: source.pointee.events, extras: extras, location: location,
      slotCode: source.pointee.slotCode)
  }
}

/// A component's event and the actions it runs, in order.
public struct EventHandler: Sendable, Equatable {
  /// The field name (`onPress`, `onInit`, `onSuccess`, …).
  public var name: String
  public var actions: [ActionNode]
  public var location: SourceLocation

  public init(name: String, actions: [ActionNode], location: SourceLocation) {
    self.name = name
    self.actions = actions
    self.location = location
  }
}

/// A `context: {id, value}` declaration. The value is stored verbatim:
/// expressions inside it are not evaluated (docs/spec.md §4.1).
public struct ContextDeclaration: Sendable, Equatable {
  public var id: String
  /// The value as written (a decoded declaration's is read from its document when
  /// first needed: ``LazyJSONValue``).
  public var value: JSONValue {
    get { storedValue.value }
    set { storedValue = LazyJSONValue(newValue) }
  }
  public var location: SourceLocation
  private(set) var storedValue: LazyJSONValue

  public init(id: String, value: JSONValue, location: SourceLocation) {
    self.init(id: id, storedValue: LazyJSONValue(value), location: location)
  }

  /// A declaration whose value is `storedValue` (the decoder's: left in the document).
  init(id: String, storedValue: LazyJSONValue, location: SourceLocation) {
    self.id = id
    self.storedValue = storedValue
    self.location = location
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.location == rhs.location && lhs.storedValue == rhs.storedValue
  }
}

/// One of a list view's templates: an optional `case` and the view to stamp.
public struct Template: Sendable, Equatable {
  /// The `case` as written (a boolean or an expression), nil when absent.
  public var condition: JSONValue?
  public var view: ComponentNode
  public var location: SourceLocation
}

/// A screen's navigation bar as declared.
public struct NavigationBar: Sendable, Equatable {
  public var title: String
  public var showsBackButton: Bool
  public var items: [NavigationBarItem]
  /// Other fields (styleId, backButtonAccessibility) as written.
  public var properties: JSONObject
  public var location: SourceLocation
}

/// A button on the right of the navigation bar.
public struct NavigationBarItem: Sendable, Equatable {
  public var text: String
  public var id: String?
  public var image: JSONValue?
  /// `action` (iOS 1.x) when present, else `onPress` (2.x).
  public var actions: [ActionNode]
  public var location: SourceLocation
}

extension ComponentNode {
  /// Changes the descendant (or self) at source pointer `pointer`, found by
  /// following children only (not list templates); returns whether it was found.
  mutating func update(at pointer: JSONPointer, _ body: (inout ComponentNode) -> Void) -> Bool {
    if location.pointer == pointer {
      // The implicit screen wrapping a root (docs/spec.md §1.1) has the root's pointer
      // but is not the component written there: the root is. Its only child.
      if children.count == 1, children[0].location.pointer == pointer {
        return children[0].update(at: pointer, body)
      }
      body(&self)
      return true
    }
    // Indices, not `firstIndex(where:)`, which copied every child it passed (a
    // container of 10 000 children made each addChildren copy them all).
    var index = children.startIndex
    while index < children.endIndex, !children[index].location.pointer.isPrefix(of: pointer) {
      index += 1
    }
    guard index < children.endIndex else { return false }
    return children[index].update(at: pointer, body)
  }
}

extension ComponentNode {
  /// How many components the subtree holds, itself, its children and its list
  /// templates' views included (iterative: any depth).
  public var subtreeCount: Int {
    var count = 0
    var work = [self]
    while let node = work.popLast() {
      count += 1
      work.append(contentsOf: node.children)
      work.append(contentsOf: node.templates.map(\.view))
    }
    return count
  }
}

extension ComponentNode {
  /// The subtree with every component's pointer moved under `base` (a component
  /// decoded from another document — a lazy component's answer, `addChildren`'s
  /// value — placed into a screen keeps paths that lead to it). Pointers are made
  /// `base` + the pointer's tokens after `oldBase`.
  func rebased(from oldBase: JSONPointer, to base: JSONPointer) -> ComponentNode {
    var copy = self
    var pointer = base
    for token in location.pointer.tokens(droppingFirst: oldBase.count) {
      pointer = pointer.appending(token)
    }
    copy.location.pointer = pointer
    copy.children = children.map { $0.rebased(from: oldBase, to: base) }
    copy.templates = templates.map { template in
      var moved = template
      moved.view = template.view.rebased(from: oldBase, to: base)
      return moved
    }
    return copy
  }
}
