/// Maps type names to component and action definitions.
///
/// Built once, then immutable and passed explicitly. Names match
/// case-insensitively, as on every Beagle platform; registering a name that is
/// already known (even a `beagle:` built-in) replaces it.
///
/// ```swift
/// let registry = Registry.builtIn.registering(
///   ActionDefinition("custom:track", fields: [FieldSpec("event", .string, isRequired: true)]))
/// registry.action(named: "CUSTOM:TRACK")?.name  // "custom:track"
/// ```
public struct Registry: Sendable {
  private var components: [String: ComponentDefinition]
  private var actions: [String: ActionDefinition]
  /// The lower-cased key of every registered spelling (`beagle:listView` →
  /// `beagle:listview`), so looking up a name as registered, as nearly every
  /// payload writes it, does not lower-case it first.
  private var keys: [String: String]

  /// An empty registry; most callers want ``builtIn``.
  public init() {
    components = [:]
    actions = [:]
    keys = [:]
  }

  /// Every component and action Beagle ships (see `BuiltIns.swift`).
  public static let builtIn: Registry = {
    var registry = Registry()
    for definition in BuiltIns.components { registry.add(definition) }
    for definition in BuiltIns.actions { registry.add(definition) }
    return registry
  }()

  public func component(named name: String) -> ComponentDefinition? {
    components[keys[name] ?? name.lowercased()]
  }

  public func action(named name: String) -> ActionDefinition? {
    actions[keys[name] ?? name.lowercased()]
  }

  /// All component definitions, sorted by name.
  public var componentDefinitions: [ComponentDefinition] {
    components.values.sorted { $0.name < $1.name }
  }

  /// All action definitions, sorted by name.
  public var actionDefinitions: [ActionDefinition] {
    actions.values.sorted { $0.name < $1.name }
  }

  /// A registry that also knows `definition`.
  public func registering(_ definition: ComponentDefinition) -> Registry {
    var copy = self
    copy.add(definition)
    return copy
  }

  /// A registry that also knows `definition`.
  public func registering(_ definition: ActionDefinition) -> Registry {
    var copy = self
    copy.add(definition)
    return copy
  }

  private mutating func add(_ definition: ComponentDefinition) {
    components[definition.lowercasedName] = definition
    keys[definition.name] = definition.lowercasedName
  }

  private mutating func add(_ definition: ActionDefinition) {
    actions[definition.lowercasedName] = definition
    keys[definition.name] = definition.lowercasedName
  }

  /// The known component name closest to `name`, for "did you mean".
  func suggestComponent(for name: String) -> String? {
    Suggestion.closest(to: name, among: components.values.map(\.name))
  }

  /// The known action name closest to `name`, for "did you mean".
  func suggestAction(for name: String) -> String? {
    Suggestion.closest(to: name, among: actions.values.map(\.name))
  }
}
