import BeagleJSON

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
public typealias ComponentDefinition = TypeDefinition<BuiltInComponent>

/// How an action type is decoded: its wire name and its fields.
public typealias ActionDefinition = TypeDefinition<BuiltInAction>

/// How a component or action type is decoded: its wire name and its fields
/// (``ComponentDefinition``, ``ActionDefinition``).
public struct TypeDefinition<BuiltIn: BuiltInType>: Sendable, Equatable {
  /// The type name as Beagle writes it (`beagle:text`, `beagle:pushView`); matched
  /// case-insensitively.
  public var name: String {
    get { storage.name }
    set { storage = Storage(newValue, fields: fields, deprecation: deprecation) }
  }
  /// ``name`` lower-cased once, for case-insensitive matching.
  public var lowercasedName: String { storage.lowercasedName }
  /// ``name`` without its `beagle:` namespace (`listView`), found once: outlines and
  /// action summaries show it for every component and action.
  public var shortName: String { storage.shortName }
  /// The built-in this definition is (or replaces), found once from ``name``; nil for a
  /// custom type.
  public var builtIn: BuiltIn? { storage.builtIn }
  /// Appends ``name`` as a quoted JSON string, as
  /// `JSONPrinter.writeString(name, into: &output)` does, from bytes escaped once:
  /// the JSON state prints it for every component and action.
  package func writeJSONName(into output: inout [UInt8]) {
    output.append(contentsOf: storage.jsonName)
  }
  public var fields: [FieldSpec] {
    get { storage.fields }
    set { storage = Storage(name, fields: newValue, deprecation: deprecation) }
  }
  /// Why the type is deprecated and what to use instead, if it is.
  public var deprecation: String? {
    get { storage.deprecation }
    set { storage = Storage(name, fields: fields, deprecation: newValue) }
  }
  private typealias Storage = DefinitionStorage<BuiltIn>
  /// Shared by every copy: each decoded component holds its definition, and one
  /// pointer there instead of five fields keeps a component small.
  private var storage: Storage

  public init(_ name: String, fields: [FieldSpec], deprecation: String? = nil) {
    storage = Storage(name, fields: fields, deprecation: deprecation)
  }

  /// The definition of built-in `builtIn`.
  init(_ builtIn: BuiltIn, fields: [FieldSpec], deprecation: String? = nil) {
    self.init(builtIn.name, fields: fields, deprecation: deprecation)
  }

  public func field(_ name: String) -> FieldSpec? {
    position(ofField: name).map { storage.fields[$0] }
  }

  /// Whether the field `name` takes an expression: ``field(_:)``'s
  /// `acceptsExpression`, without copying the field's specification.
  package func acceptsExpression(field name: String) -> Bool {
    position(ofField: name).map { storage.fields[$0].acceptsExpression } ?? false
  }

  private func position(ofField name: String) -> Int? {
    storage.fields.withUnsafeBufferPointer { specs in
      // Names of different lengths differ when both are all ASCII (U+212A KELVIN SIGN
      // is "K"): most names compared differ, and comparing them in full is slow.
      let length = name.utf8.count
      var nameIsASCII: Bool?
      for index in specs.indices {
        if specs[index].name.utf8.count != length, specs[index].isASCIIName {
          let isASCII = nameIsASCII ?? FieldSpec.isASCII(name)
          nameIsASCII = isASCII
          if isASCII { continue }
        }
        if specs[index].name == name { return index }
      }
      return nil
    }
  }

  /// The same definition in storage of its own, its fields' table copied: equal to
  /// this one, but a thread that decodes with it counts references on objects no other
  /// thread counts on at the same time (see ``DecodingSession``'s split).
  package func twin() -> TypeDefinition {
    var twin = self
    twin.storage = Storage(name, fields: fields.map { $0 }, deprecation: deprecation)
    return twin
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
}

/// A built-in type found from its wire name (``BuiltInComponent``, ``BuiltInAction``).
public protocol BuiltInType: Sendable, Equatable {
  /// The built-in whose wire name is `typeName`, compared case-insensitively.
  init?(typeName: String)
  /// The wire name (`beagle:text`).
  var name: String { get }
}

extension BuiltInComponent: BuiltInType {}
extension BuiltInAction: BuiltInType {}

/// The fields of a definition, immutable and shared by its copies; a setter on the
/// definition replaces it.
// Unchecked: every property is immutable; ``jsonName``'s memory is written once, in
// `init`, before the storage is shared, and freed in `deinit`.
private final class DefinitionStorage<BuiltIn: BuiltInType>: @unchecked Sendable, Equatable {
  let name: String
  let lowercasedName: String
  let shortName: String
  /// ``name`` as `JSONPrinter.writeString` writes it (quoted, escaped), in memory of
  /// its own: appending it counts no reference (an array's buffer, shared by every
  /// component of the type, was counted on by each printing thread for each one).
  let jsonName: UnsafeBufferPointer<UInt8>
  let builtIn: BuiltIn?
  let fields: [FieldSpec]
  let deprecation: String?

  init(_ name: String, fields: [FieldSpec], deprecation: String?) {
    self.name = name
    self.lowercasedName = name.lowercased()
    self.shortName = name.droppingBeagleNamespace
    var jsonName: [UInt8] = []
    JSONPrinter.writeString(name, into: &jsonName)
    let stored = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: jsonName.count)
    _ = stored.initialize(from: jsonName)
    self.jsonName = UnsafeBufferPointer(stored)
    self.builtIn = BuiltIn(typeName: name)
    self.fields = fields
    self.deprecation = deprecation
  }

  deinit {
    jsonName.deallocate()
  }

  static func == (lhs: DefinitionStorage, rhs: DefinitionStorage) -> Bool {
    lhs === rhs
      || (lhs.name == rhs.name && lhs.fields == rhs.fields && lhs.deprecation == rhs.deprecation)
  }
}
