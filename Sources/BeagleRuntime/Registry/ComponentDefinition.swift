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
    didSet {
      lowercasedName = name.lowercased()
      builtIn = BuiltInComponent(typeName: name)
    }
  }
  /// ``name`` lower-cased once, for case-insensitive matching.
  public private(set) var lowercasedName: String
  /// The built-in this definition is (or replaces), found once from ``name``; nil for a
  /// custom type.
  public private(set) var builtIn: BuiltInComponent?
  public var fields: [FieldSpec]
  /// Why the type is deprecated and what to use instead, if it is.
  public var deprecation: String?

  public init(_ name: String, fields: [FieldSpec], deprecation: String? = nil) {
    self.name = name
    self.lowercasedName = name.lowercased()
    self.builtIn = BuiltInComponent(typeName: name)
    self.fields = fields
    self.deprecation = deprecation
  }

  /// The definition of built-in `builtIn`.
  init(_ builtIn: BuiltInComponent, fields: [FieldSpec], deprecation: String? = nil) {
    self.init(builtIn.name, fields: fields, deprecation: deprecation)
  }

  public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }
}

/// How an action type is decoded: its wire name and its fields.
public struct ActionDefinition: Sendable, Equatable {
  /// The type name as Beagle writes it (`beagle:pushView`); matched case-insensitively.
  public var name: String {
    didSet {
      lowercasedName = name.lowercased()
      builtIn = BuiltInAction(typeName: name)
    }
  }
  /// ``name`` lower-cased once, for case-insensitive matching.
  public private(set) var lowercasedName: String
  /// The built-in this definition is (or replaces), found once from ``name``; nil for a
  /// custom action.
  public private(set) var builtIn: BuiltInAction?
  public var fields: [FieldSpec]
  public var deprecation: String?

  public init(_ name: String, fields: [FieldSpec], deprecation: String? = nil) {
    self.name = name
    self.lowercasedName = name.lowercased()
    self.builtIn = BuiltInAction(typeName: name)
    self.fields = fields
    self.deprecation = deprecation
  }

  /// The definition of built-in `builtIn`.
  init(_ builtIn: BuiltInAction, fields: [FieldSpec], deprecation: String? = nil) {
    self.init(builtIn.name, fields: fields, deprecation: deprecation)
  }

  public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }
}
