import BeagleJSON
import Foundation

/// Decodes a parsed payload into a component tree through a ``Registry``.
///
/// It reads the document's tape directly and never stops at the first problem:
/// every place where iOS would refuse the payload becomes an error diagnostic
/// with its JSON Pointer, unknown types become placeholders with a warning, and
/// the tree is built as far as it can be (like Beagle web), so a run can go on.
public struct Decoder: Sendable {
  public let registry: Registry
  /// The file the document came from, for diagnostics; nil for the main input.
  public var source: String?
  /// Whose decoding rules apply: iOS's (and Android's) typed decoding rejects what
  /// web-core accepts without checking (``DecodingError/isAcceptedByWeb``).
  public var profile: NavigationProfile
  /// Documents of at least this many bytes are decoded on two threads, cut at their
  /// largest array of components (``ParallelSplit``), with the same result as on
  /// one; nil: always on the calling thread.
  public var parallelThreshold: Int?

  public init(
    registry: Registry = .builtIn, source: String? = nil, profile: NavigationProfile = .ios,
    parallelThreshold: Int? = nil
  ) {
    self.registry = registry
    self.source = source
    self.profile = profile
    self.parallelThreshold = parallelThreshold
  }

  /// The result of decoding one payload.
  public struct Result: Sendable {
    /// The root component, or nil when the root is not a component at all.
    public var root: ComponentNode?
    public var diagnostics: [Diagnostic]
  }

  /// Decodes the document's root as a component.
  public func decode(_ document: JSONDocument) -> Result {
    var session = DecodingSession(registry: registry, source: source, profile: profile)
    if let parallelThreshold, document.bytes.count >= parallelThreshold {
      session.split = ParallelSplit(tokens: document.tokenCount)
    }
    let root = session.component(document.root, pointer: JSONPointer(), slot: "")
    session.pointers.finish()
    return Result(root: root, diagnostics: session.diagnostics)
  }

  /// Decodes a value already in memory (an evaluated `addChildren.value`, a
  /// fetched screen) whose positions are unknown.
  public func decodeComponent(_ value: JSONValue, pointer: JSONPointer = JSONPointer()) -> Result {
    let bytes = Array(JSONPrinter().print(value).utf8)
    guard let document = try? JSONDocument(parsing: bytes) else {
      return Result(root: nil, diagnostics: [])
    }
    var session = DecodingSession(
      registry: registry, source: source, hasPositions: false, profile: profile)
    let root = session.component(document.root, pointer: pointer, slot: "")
    session.pointers.finish()
    return Result(root: root, diagnostics: session.diagnostics)
  }

  /// Decodes one action held in memory (a script's `action JSON` step).
  public func decodeAction(_ value: JSONValue) -> (action: ActionNode?, diagnostics: [Diagnostic]) {
    let bytes = Array(JSONPrinter().print(value).utf8)
    guard let document = try? JSONDocument(parsing: bytes) else { return (nil, []) }
    var session = DecodingSession(
      registry: registry, source: source, hasPositions: false, profile: profile)
    let action = session.action(document.root, pointer: JSONPointer(), field: "action")
    session.pointers.finish()
    return (action, session.diagnostics)
  }
}

/// The mutable state of one decoding pass. Sendable: the second half of a large
/// screen is decoded by a copy of it on another thread (``ParallelSplit``).
package struct DecodingSession: Sendable {
  let registry: Registry
  let source: String?
  /// ``source``, shared by every decoded node's location.
  let sourceName: SourceLocation.Name?
  var hasPositions = true
  var profile = NavigationProfile.ios
  var diagnostics: [Diagnostic] = []
  /// How many components and actions enclose the one being decoded.
  var depth = 0
  /// The component and action type names looked up so far.
  var componentTypes = TypeNameCache<ComponentDefinition>()
  var actionTypes = TypeNameCache<ActionDefinition>()
  /// The twins of the registry's definitions looked up so far (``TypeDefinition/twin()``),
  /// by name: one for each definition, however its type is spelled. Nil: the session
  /// uses the registry's own; a session decoding beside another thread's uses twins
  /// (``components(splitting:pointer:slot:into:)``).
  var componentTwins: [String: ComponentDefinition]?
  var actionTwins: [String: ActionDefinition]?
  /// Guards the materialised values of the decoded objects (``LazyJSONObject``).
  var lock = NSLock()
  /// The pointers of the decoded nodes, appended here (an entry each, not an object):
  /// this session's alone, on its own thread.
  var pointers: JSONPointerArena
  /// Where this pass may cut the document in two; nil once cut, or for a small one.
  var split: ParallelSplit?
  /// The document and ``lock``, shared by the objects decoded from it (made on first use).
  private var objectStore: LazyJSONObject.Store?

  /// The deepest nesting of components and actions decoded. Decoding, evaluating
  /// and printing recurse once per level, so this bounds the stack they use for
  /// any input (real screens nest a few dozen levels at most).
  static let maximumDepth = 100

  package static let componentKey = "_beagleComponent_"
  static let actionKey = "_beagleAction_"

  init(
    registry: Registry, source: String?, hasPositions: Bool = true,
    profile: NavigationProfile = .ios
  ) {
    self.registry = registry
    self.source = source
    sourceName = source.map(SourceLocation.Name.init)
    pointers = JSONPointerArena(tag: sourceName)
    self.hasPositions = hasPositions
    self.profile = profile
  }

  /// What the lazy objects decoded from `document` share: one per document, not one
  /// per object.
  mutating func objectStore(for document: JSONDocument) -> LazyJSONObject.Store {
    if let objectStore, objectStore.document === document { return objectStore }
    let store = LazyJSONObject.Store(document: document, lock: lock)
    objectStore = store
    return store
  }

  func location(_ node: JSONNode, _ pointer: JSONPointer) -> SourceLocation {
    SourceLocation(
      pointer: pointer, offset: hasPositions ? node.offset : SourceLocation.unknownOffset,
      sourceName: sourceName)
  }

  mutating func report(_ error: DecodingError, _ node: JSONNode, _ pointer: JSONPointer) {
    let offset = hasPositions ? node.offset : nil
    if profile == .web, error.isAcceptedByWeb {
      diagnostics.append(
        DecodingMessage.acceptedByWeb(error).diagnostic(
          at: pointer, offset: offset, source: source))
      return
    }
    diagnostics.append(
      error.diagnostic(at: pointer, offset: offset, source: source, notes: error.notes))
  }

  /// Enters one more level of components and actions; false (with the error
  /// reported) past ``maximumDepth``. The caller leaves with `defer { depth -= 1 }`.
  private mutating func enter(_ node: JSONNode, _ pointer: JSONPointer) -> Bool {
    guard depth < Self.maximumDepth else {
      report(.nestingTooDeep(limit: Self.maximumDepth), node, pointer)
      return false
    }
    depth += 1
    return true
  }

  /// The component type `node` names and its definition (nil when the registry
  /// knows none); nil when `node` is not a string.
  mutating func componentType(_ node: JSONNode) -> NodeType<ComponentDefinition>? {
    // Most names were seen before: found without copying the registry for a lookup.
    if let hit = componentTypes.cached(node) { return hit }
    let registry = registry
    // The twins are taken out while the cache is resolved (it is part of `self`).
    var twins: [String: ComponentDefinition]? = nil
    swap(&twins, &componentTwins)
    defer { swap(&twins, &componentTwins) }
    return componentTypes.resolve(node) { name in
      Self.definition(registry.component(named: name), twinnedIn: &twins)
    }
  }

  /// The action type `node` names and its definition, as ``componentType(_:)``.
  mutating func actionType(_ node: JSONNode) -> NodeType<ActionDefinition>? {
    if let hit = actionTypes.cached(node) { return hit }
    let registry = registry
    var twins: [String: ActionDefinition]? = nil
    swap(&twins, &actionTwins)
    defer { swap(&twins, &actionTwins) }
    return actionTypes.resolve(node) { name in
      Self.definition(registry.action(named: name), twinnedIn: &twins)
    }
  }

  /// `definition`, or its twin from `twins` (made there the first time) when the
  /// session uses twins: a type name the cache does not keep (escaped, or past its
  /// capacity) is looked up for every node that writes it, and each would otherwise
  /// have had a twin of its own.
  private static func definition<BuiltIn>(
    _ definition: TypeDefinition<BuiltIn>?,
    twinnedIn twins: inout [String: TypeDefinition<BuiltIn>]?
  ) -> TypeDefinition<BuiltIn>? {
    guard let definition, twins != nil else { return definition }
    if let twin = twins?[definition.name] { return twin }
    let twin = definition.twin()
    twins?[definition.name] = twin
    return twin
  }

  // MARK: - Components

  /// Decodes a component; nil when the value is not an object at all.
  mutating func component(
    _ node: JSONNode, pointer: JSONPointer, slot: String, isScreen: Bool = false
  ) -> ComponentNode? {
    var decoded: [ComponentNode] = []
    component(node, pointer: pointer, slot: slot, isScreen: isScreen, into: &decoded)
    return decoded.popLast()
  }

  /// Decodes a component and appends it to `nodes` (nothing when the value is not an
  /// object at all): built in place, a node is not copied on its way to its parent.
  mutating func component(
    _ node: JSONNode, pointer: JSONPointer, slot: String, isScreen: Bool = false,
    into nodes: inout [ComponentNode]
  ) {
    guard enter(node, pointer) else { return }
    defer { depth -= 1 }
    guard node.kind == .object else {
      report(.notAComponent(found: describe(node)), node, pointer)
      return
    }
    let typeNode = node.member(named: Self.componentKey, nameIsASCII: true)
    guard let typeNode else {
      if let actionType = node.member(named: Self.actionKey, nameIsASCII: true)?.stringValue {
        report(.actionWhereComponentExpected(actionType), node, pointer)
        nodes.append(placeholder(type: actionType, node, pointer, slot: slot))
        return
      }
      if isScreen, let screen = registry.component(named: BuiltInComponent.screenComponent.name) {
        build(
          screen, NodeType(name: screen.name, definition: screen), node, pointer, slot: slot,
          into: &nodes)
        return
      }
      report(.notAComponent(found: "an object without '\(Self.componentKey)'"), node, pointer)
      nodes.append(placeholder(type: "", node, pointer, slot: slot))
      return
    }
    guard let nodeType = componentType(typeNode) else {
      report(
        .wrongType(field: Self.componentKey, expected: "a string", found: describe(typeNode)),
        typeNode, pointer.appending(Self.componentKey))
      nodes.append(placeholder(type: "", node, pointer, slot: slot))
      return
    }
    let type = nodeType.name
    guard let definition = nodeType.definition else {
      if !type.contains(":"), let known = registry.component(named: "beagle:" + type) {
        report(
          .missingNamespace(type, suggestion: known.name), typeNode,
          pointer.appending(Self.componentKey))
      } else {
        report(
          .unknownComponent(type, suggestion: registry.suggestComponent(for: type)), typeNode,
          pointer.appending(Self.componentKey))
      }
      nodes.append(placeholder(nodeType, node, pointer, slot: slot))
      return
    }
    if let deprecation = definition.deprecation {
      report(.deprecated("'\(definition.name)'", replacement: deprecation), typeNode, pointer)
    }
    build(definition, nodeType, node, pointer, slot: slot, into: &nodes)
  }

  /// One element of `tabView.children`: iOS decodes it as a `TabItem` (`title?`,
  /// `icon?`, `child`), so it needs no `_beagleComponent_` and a type it names is
  /// not read (docs/spec.md §2.14). Appended to `nodes`.
  mutating func tabItem(
    _ node: JSONNode, pointer: JSONPointer, slot: String, into nodes: inout [ComponentNode]
  ) {
    guard enter(node, pointer) else { return }
    defer { depth -= 1 }
    guard node.kind == .object,
      let definition = registry.component(named: BuiltInComponent.tabItem.name)
    else {
      report(
        .wrongType(field: "children", expected: "a tab item object", found: describe(node)), node,
        pointer)
      return
    }
    build(
      definition, NodeType(name: definition.name, definition: definition), node, pointer,
      slot: slot, into: &nodes)
  }

  private mutating func placeholder(
    type: String, _ node: JSONNode, _ pointer: JSONPointer, slot: String
  ) -> ComponentNode {
    placeholder(NodeType(name: type, definition: nil), node, pointer, slot: slot)
  }

  /// A node of unknown type `nodeType` (its definition is nil) holding every member.
  private mutating func placeholder(
    _ nodeType: NodeType<ComponentDefinition>, _ node: JSONNode, _ pointer: JSONPointer,
    slot: String
  ) -> ComponentNode {
    var properties = JSONObject()
    var id: String?
    for (key, value) in node.uniqueMembers where key != Self.componentKey {
      if key == "id", let string = value.stringValue {
        id = string
      } else {
        properties[key] = value.value
      }
    }
    return ComponentNode(
      nodeType: nodeType, id: id, properties: LazyJSONObject(properties), slot: slot,
      location: location(node, pointer))
  }

  /// Decodes a component of a known type and appends it to `nodes`.
  /// `nodeType` is `definition` and the type as written (shared by the nodes that spell
  /// it the same way).
  private mutating func build(
    _ definition: ComponentDefinition, _ nodeType: NodeType<ComponentDefinition>,
    _ node: JSONNode, _ pointer: JSONPointer, slot: String, into nodes: inout [ComponentNode]
  ) {
    var fields = DecodedFields()
    node.withUniqueTapeMembers { members in
      decodeMembers(
        members, of: node, fields: definition.fields, owner: definition.name, pointer: pointer,
        into: &fields, common: BuiltIns.commonComponentFields)
      checkComponentRules(definition, members: members, node: node, pointer: pointer)
    }
    let document = node.document
    var id: String?
    if let at = fields.data.firstIndex(where: {
      document.key(ofValueAt: Int($0), equals: "id", keyIsASCII: true)
    }),
      let string = document.node(atTapeIndex: Int(fields.data[at])).stringValue
    {
      id = string
      fields.data.remove(at: at)
    }
    nodes.append(
      ComponentNode(
        nodeType: nodeType, id: id,
        properties: fields.lazyProperties(in: objectStore(for: document)),
        children: fields.children,
        events: fields.events, context: fields.context, templates: fields.templates,
        navigationBar: fields.navigationBar, slot: slot, location: location(node, pointer)))
    if definition.builtIn == .listView {
      // safe: a node was appended just above.
      wrapDeprecatedChildren(of: &nodes[nodes.count - 1])
    }
  }

  /// Rules that tie several fields together, which a field table cannot say.
  private mutating func checkComponentRules(
    _ definition: ComponentDefinition, members: UnsafeBufferPointer<JSONMember>,
    node: JSONNode, pointer: JSONPointer
  ) {
    func has(_ key: String) -> Bool {
      members.contains { node.key(of: $0, equals: key, nameIsASCII: true) }
    }
    func member(_ key: String) -> JSONNode? {
      members.first { node.key(of: $0, equals: key, nameIsASCII: true) }.map { node.value(of: $0) }
    }
    switch definition.builtIn {
    case .listView:
      // iOS: non-empty templates, else template, else the static children form.
      let hasTemplates = (member("templates")?.count ?? 0) > 0
      if (hasTemplates || has("template")) && !has("dataSource") {
        report(.missingField("dataSource", type: definition.name), node, pointer)
      }
    case .gridView:
      if !has("templates") {
        report(.missingField("templates", type: definition.name), node, pointer)
      }
      if !has("dataSource") {
        report(.missingField("dataSource", type: definition.name), node, pointer)
      }
      if !has("spanCount") && !has("numColumns") {
        report(.missingField("spanCount", type: definition.name), node, pointer)
      }
    case .screenComponent:
      if has("identifier") && has("id") {
        report(.conflictingFields(used: "identifier", ignored: "id"), node, pointer)
      }
    default:
      break
    }
  }

  // MARK: - Actions

  mutating func action(_ node: JSONNode, pointer: JSONPointer, field: String) -> ActionNode? {
    guard enter(node, pointer) else { return nil }
    defer { depth -= 1 }
    guard node.kind == .object else {
      report(.notAnAction(found: describe(node)), node, pointer)
      return nil
    }
    guard let typeNode = node.member(named: Self.actionKey, nameIsASCII: true) else {
      if let componentType = node.member(named: Self.componentKey, nameIsASCII: true)?
        .stringValue
      {
        report(.componentWhereActionExpected(componentType), node, pointer)
        return ActionNode(type: componentType, definition: nil, location: location(node, pointer))
      }
      report(.notAnAction(found: "an object without '\(Self.actionKey)'"), node, pointer)
      return nil
    }
    guard let nodeType = actionType(typeNode) else {
      report(
        .wrongType(field: Self.actionKey, expected: "a string", found: describe(typeNode)),
        typeNode, pointer.appending(Self.actionKey))
      return nil
    }
    let type = nodeType.name
    guard let definition = nodeType.definition else {
      if !type.contains(":"), let known = registry.action(named: "beagle:" + type) {
        report(
          .missingNamespace(type, suggestion: known.name), typeNode,
          pointer.appending(Self.actionKey))
      } else {
        report(
          .unknownAction(type, suggestion: registry.suggestAction(for: type)), typeNode,
          pointer.appending(Self.actionKey))
      }
      var fields = JSONObject()
      for (key, value) in node.uniqueMembers where key != Self.actionKey {
        fields[key] = value.value
      }
      return ActionNode(
        nodeType: nodeType, fields: LazyJSONObject(fields), location: location(node, pointer))
    }
    if let deprecation = definition.deprecation {
      report(.deprecated("'\(definition.name)'", replacement: deprecation), typeNode, pointer)
    }
    var fields = DecodedFields()
    node.withUniqueTapeMembers { members in
      decodeMembers(
        members, of: node, fields: definition.fields, owner: definition.name,
        pointer: pointer, into: &fields, common: BuiltIns.commonActionFields)
    }
    return ActionNode(
      nodeType: nodeType,
      fields: fields.lazyProperties(in: objectStore(for: node.document)),
      events: fields.events,
      screens: fields.screens, components: fields.children, location: location(node, pointer))
  }

  /// Decodes an event field: an array of actions (a single object is accepted,
  /// as web does, with the error iOS would raise).
  mutating func actionList(
    _ node: JSONNode, pointer: JSONPointer, field: String, isSingle: Bool
  ) -> [ActionNode] {
    switch node.kind {
    case .array:
      if isSingle {
        report(.wrongType(field: field, expected: "an action", found: "an array"), node, pointer)
      }
      var actions: [ActionNode] = []
      // Room for them all at once (kept for the run: grown by doubling, up to twice).
      actions.reserveCapacity(node.count)
      for (index, element) in node.enumeratedElements {
        if let action = action(
          element, pointer: pointers.appending(index, to: pointer), field: field)
        {
          actions.append(action)
        }
      }
      return actions
    case .object:
      if !isSingle {
        report(
          .wrongType(field: field, expected: "an array of actions", found: "a single action"),
          node, pointer)
      }
      return action(node, pointer: pointer, field: field).map { [$0] } ?? []
    case .null:
      return []
    default:
      report(
        .wrongType(
          field: field, expected: isSingle ? "an action" : "an array of actions",
          found: describe(node)), node, pointer)
      return []
    }
  }

  // MARK: - Helpers

  func describe(_ node: JSONNode) -> String {
    switch node.kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return node.typeName == "integer" ? "an integer" : "a number"
    case .string:
      let text = node.stringValue ?? ""
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      return "the string '\(shown)'"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// What decoding the fields of one component or action produced.
struct DecodedFields {
  /// Tape indices of the plain data members' values, in order (keys distinct), in
  /// the object that will keep them.
  var data = LazyJSONObject.IndexCollector()
  var children: [ComponentNode] = []
  var events: [EventHandler] = []
  var context: ContextDeclaration?
  var templates: [Template] = []
  var navigationBar: NavigationBar?
  var screens = [String: ComponentNode]()

  /// Names of the data members whose keys are written otherwise (escapes, U+212A),
  /// by tape index of their values.
  var renamed = [Int: String]()
  /// Whether ``data`` is collected: not for a structure only checked (`style`).
  var keepsData = true

  /// Appends `value` to ``data`` when it is collected.
  mutating func keep(_ value: JSONNode) {
    if keepsData { data.append(UInt32(truncatingIfNeeded: value.tapeIndex), in: value.document) }
  }

  /// The plain data members materialised.
  func properties(in document: JSONDocument) -> JSONObject {
    guard !renamed.isEmpty else { return data.withIndices { document.object(ofValuesAt: $0) } }
    var object = JSONObject()
    for index in data {
      let valueIndex = Int(index)
      object.appendNew(
        renamed[valueIndex] ?? document.key(ofValueAt: valueIndex),
        document.node(atTapeIndex: valueIndex).value)
    }
    return object
  }

  /// The plain data members, left in `store`'s document unless a key needs its field's
  /// name.
  func lazyProperties(in store: LazyJSONObject.Store) -> LazyJSONObject {
    guard renamed.isEmpty else { return LazyJSONObject(properties(in: store.document)) }
    return data.object()
  }
}
