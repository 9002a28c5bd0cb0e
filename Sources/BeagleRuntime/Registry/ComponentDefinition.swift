/// How a component type is decoded: its wire name and its fields.
///
/// ```swift
/// let card = ComponentDefinition(
///   "custom:card",
///   fields: [
///     FieldSpec("title", .string, isRequired: true, acceptsExpression: true),
///     FieldSpec("content", .component),
///     FieldSpec("onTap", .actions),
///   ])
/// let registry = Registry.builtIn.registering(card)
/// ```
public struct ComponentDefinition: Sendable, Equatable {
  /// The type name as Beagle writes it (`beagle:text`); matched case-insensitively.
  public var name: String {
    get { storage.name }
    set { storage = Storage(newValue, fields: fields, deprecation: deprecation) }
  }
  /// ``name`` lower-cased once, for case-insensitive matching.
  public var lowercasedName: String { storage.lowercasedName }
  /// The built-in this definition is (or replaces), found once from ``name``; nil for a
  /// custom type.
  public var builtIn: BuiltInComponent? { storage.builtIn }
  public var fields: [FieldSpec] {
    get { storage.fields }
    set { storage = Storage(name, fields: newValue, deprecation: deprecation) }
  }
  /// Why the type is deprecated and what to use instead, if it is.
  public var deprecation: String? {
    get { storage.deprecation }
    set { storage = Storage(name, fields: fields, deprecation: newValue) }
  }
  private typealias Storage = DefinitionStorage<BuiltInComponent>
  /// Shared by every copy: each decoded component holds its definition, and one
  /// pointer there instead of five fields keeps a component small.
  private var storage: Storage

  public init(_ name: String, fields: [FieldSpec], deprecation: String? = nil) {
    storage = Storage(name, fields: fields, deprecation: deprecation)
  }

  /// The definition of built-in `builtIn`.
  init(_ builtIn: BuiltInComponent, fields: [FieldSpec], deprecation: String? = nil) {
    self.init(builtIn.name, fields: fields, deprecation: deprecation)
  }

  public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
}

/// How an action type is decoded: its wire name and its fields.
public struct ActionDefinition: Sendable, Equatable {
  /// The type name as Beagle writes it (`beagle:pushView`); matched case-insensitively.
  public var name: String {
    get { storage.name }
    set { storage = Storage(newValue, fields: fields, deprecation: deprecation) }
  }
  /// ``name`` lower-cased once, for case-insensitive matching.
  public var lowercasedName: String { storage.lowercasedName }
  /// The built-in this definition is (or replaces), found once from ``name``; nil for a
  /// custom action.
  public var builtIn: BuiltInAction? { storage.builtIn }
  public var fields: [FieldSpec] {
    get { storage.fields }
    set { storage = Storage(name, fields: newValue, deprecation: deprecation) }
  }
  public var deprecation: String? {
    get { storage.deprecation }
    set { storage = Storage(name, fields: fields, deprecation: newValue) }
  }
  private typealias Storage = DefinitionStorage<BuiltInAction>
  /// Shared by every copy, as ``ComponentDefinition``'s.
  private var storage: Storage

  public init(_ name: String, fields: [FieldSpec], deprecation: String? = nil) {
    storage = Storage(name, fields: fields, deprecation: deprecation)
  }

  /// The definition of built-in `builtIn`.
  init(_ builtIn: BuiltInAction, fields: [FieldSpec], deprecation: String? = nil) {
    self.init(builtIn.name, fields: fields, deprecation: deprecation)
  }

  public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
}

/// A built-in type found from its wire name (``BuiltInComponent``, ``BuiltInAction``).
protocol BuiltInType: Sendable, Equatable {
  init?(typeName: String)
}

extension BuiltInComponent: BuiltInType {}
extension BuiltInAction: BuiltInType {}

/// The fields of a definition, immutable and shared by its copies; a setter on the
/// definition replaces it.
private final class DefinitionStorage<BuiltIn: BuiltInType>: Sendable, Equatable {
  let name: String
  let lowercasedName: String
  let builtIn: BuiltIn?
  let fields: [FieldSpec]
  let deprecation: String?

  init(_ name: String, fields: [FieldSpec], deprecation: String?) {
    self.name = name
    self.lowercasedName = name.lowercased()
    self.builtIn = BuiltIn(typeName: name)
    self.fields = fields
    self.deprecation = deprecation
  }

  static func == (lhs: DefinitionStorage, rhs: DefinitionStorage) -> Bool {
    lhs === rhs
      || (lhs.name == rhs.name && lhs.fields == rhs.fields && lhs.deprecation == rhs.deprecation)
  }
}
