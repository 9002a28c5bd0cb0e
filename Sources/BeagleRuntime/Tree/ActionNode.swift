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
  // The getters are inlinable: read across modules on an action in place (a walk over
  // a buffer of actions), an opaque getter made the caller copy the action first.
  /// Decoded screens keyed by where they are (`route.screen`, `route.fallback`).
  public var screens: [String: ComponentNode] {
    @inlinable get { nested?.screens ?? [:] }
    set { nested = Nested.make(screens: newValue, components: components) }
  }
  /// Decoded components of a literal `addChildren.value`.
  public var components: [ComponentNode] {
    @inlinable get { nested?.components ?? [] }
    set { nested = Nested.make(screens: screens, components: newValue) }
  }
  /// ``screens`` and ``components``, out of line: few actions have either, and held
  /// inline the two made every action a word larger.
  @usableFromInline private(set) var nested: Nested?
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
    nested = Nested.make(screens: screens, components: components)
    self.location = location
  }

  /// The components an action holds, shared by its copies: immutable, a change makes
  /// another.
  @usableFromInline final class Nested: Sendable, Equatable {
    @usableFromInline let screens: [String: ComponentNode]
    @usableFromInline let components: [ComponentNode]

    private init(screens: [String: ComponentNode], components: [ComponentNode]) {
      self.screens = screens
      self.components = components
    }

    /// These components out of line, or nil when there are none (so that equal
    /// actions store equal fields).
    static func make(screens: [String: ComponentNode], components: [ComponentNode]) -> Nested? {
      screens.isEmpty && components.isEmpty ? nil : Nested(screens: screens, components: components)
    }

    @usableFromInline static func == (lhs: Nested, rhs: Nested) -> Bool {
      lhs === rhs || (lhs.screens == rhs.screens && lhs.components == rhs.components)
    }
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
