import BeagleJSON

/// One decoded action of an event's action list.
///
/// Plain fields stay as written in ``fields`` (expressions are evaluated when the
/// action runs, not before); nested action lists (`onSuccess`, `onTrue`, …) are
/// in ``events``; local screens of routes (`route.screen`, `route.fallback`) and
/// literal components of `addChildren.value` are decoded ahead of time so that
/// problems in them are found when the payload loads.
public struct ActionNode: Sendable, Equatable {
  /// The type name as written in `_beagleAction_`.
  public var type: String {
    get { nodeType.name }
    set { nodeType = NodeType(name: newValue, definition: definition) }
  }
  public var definition: ActionDefinition? {
    get { nodeType.definition }
    set { nodeType = NodeType(name: type, definition: newValue) }
  }
  /// ``type`` and ``definition``, shared with every node of the decoding that spells
  /// the type the same way.
  private(set) var nodeType: NodeType<ActionDefinition>
  /// Every field that is data, in source order, as written (read from the
  /// document when first needed: ``LazyJSONObject``).
  public var fields: LazyJSONObject
  public var events: [EventHandler]
  /// Decoded screens keyed by where they are (`route.screen`, `route.fallback`).
  public var screens: [String: ComponentNode]
  /// Decoded components of a literal `addChildren.value`.
  public var components: [ComponentNode]
  public var location: SourceLocation

  // Not inlined: inlined into the decoder, the node it built was copied whole on its
  // way into its list.
  @inline(never)
  public init(
    type: String, definition: ActionDefinition?, fields: LazyJSONObject = LazyJSONObject(),
    events: [EventHandler] = [], screens: [String: ComponentNode] = [:],
    components: [ComponentNode] = [], location: SourceLocation
  ) {
    self.init(
      nodeType: NodeType(name: type, definition: definition), fields: fields, events: events,
      screens: screens, components: components, location: location)
  }

  /// A node of the shared `nodeType` (the decoder's: one per spelling of a type).
  @inline(never)
  init(
    nodeType: NodeType<ActionDefinition>, fields: LazyJSONObject = LazyJSONObject(),
    events: [EventHandler] = [], screens: [String: ComponentNode] = [:],
    components: [ComponentNode] = [], location: SourceLocation
  ) {
    self.nodeType = nodeType
    self.fields = fields
    self.events = events
    self.screens = screens
    self.components = components
    self.location = location
  }

  public var isKnown: Bool { nodeType.definition != nil }

  /// The built-in this node is, decided when it was decoded; nil for a custom or unknown type.
  public var builtIn: BuiltInAction? { nodeType.definition?.builtIn }

  /// The registered spelling (`beagle:pushView`), or the type as written.
  public var typeName: String { nodeType.definition?.name ?? nodeType.name }

  /// The type without the `beagle:` namespace (`pushView`).
  public var shortName: String { typeName.droppingBeagleNamespace }

  public func isType(_ name: String) -> Bool { TypeName.equal(typeName, name) }

  /// ``typeName`` lower-cased (computed once per definition), for `switch`es over types.
  package var lowercasedTypeName: String {
    nodeType.definition?.lowercasedName ?? nodeType.name.lowercased()
  }

  public func event(_ name: String) -> EventHandler? { events.first { $0.name == name } }
}
