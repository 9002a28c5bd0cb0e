/// A decoded node's type as written and the registry's definition of it, held behind
/// one shared reference: every component (or action) whose type is spelled the same
/// way holds the same one (``TypeNameCache``), so a node stores one word where the
/// string and the definition took three. Immutable; a node given another type or
/// definition gets a new one.
final class NodeType<Definition: Sendable & Equatable>: Sendable, Equatable {
  /// The type name as written.
  let name: String
  /// The registry's definition, or nil for an unknown type.
  let definition: Definition?

  init(name: String, definition: Definition?) {
    self.name = name
    self.definition = definition
  }

  static func == (lhs: NodeType, rhs: NodeType) -> Bool {
    lhs === rhs || (lhs.name == rhs.name && lhs.definition == rhs.definition)
  }
}
