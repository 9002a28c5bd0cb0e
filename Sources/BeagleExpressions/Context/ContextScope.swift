import BeagleJSON

/// What an expression can read: the value of a context by id.
///
/// The runtime implements it over its component tree; ``ContextScope`` is a simple value
/// implementation.
public protocol ContextLookup {
  /// The value of the nearest context named `id`, or nil when no such context is in
  /// scope (a binding to it then yields null).
  func value(ofContext id: String) -> JSONValue?
}

/// A list of contexts, outermost first, plus the global context.
///
/// Lookup takes the nearest (last) context with the id, so inner contexts shadow outer
/// ones; `global` always resolves to ``global`` (docs/spec.md §4.2, §4.6).
///
/// ```swift
/// let scope = ContextScope([("user", ["name": "Ana"]), ("user", ["name": "Bia"])])
/// scope.value(ofContext: "user")  // {"name":"Bia"}
/// ```
public struct ContextScope: ContextLookup, Sendable, Hashable {
  /// The id every scope resolves to the global context.
  public static let globalId = "global"

  /// One context: its id and current value.
  public struct Entry: Sendable, Hashable {
    /// The context id.
    public var id: String
    /// The context's current value.
    public var value: JSONValue

    /// Creates an entry.
    public init(id: String, value: JSONValue) {
      self.id = id
      self.value = value
    }
  }

  /// The contexts in scope, outermost first.
  public var contexts: [Entry]
  /// The value of the global context (null until set, as on iOS and web).
  public var global: JSONValue

  /// Creates a scope from contexts given outermost first.
  public init(_ contexts: [(id: String, value: JSONValue)] = [], global: JSONValue = .null) {
    self.contexts = contexts.map { Entry(id: $0.id, value: $0.value) }
    self.global = global
  }

  /// The scope with one more context, innermost.
  public func pushing(id: String, value: JSONValue) -> ContextScope {
    var scope = self
    scope.contexts.append(Entry(id: id, value: value))
    return scope
  }

  /// The nearest context named `id`; `global` is always the global context.
  public func value(ofContext id: String) -> JSONValue? {
    if id == Self.globalId { return global }
    var index = contexts.endIndex
    while index > contexts.startIndex {
      index -= 1
      if contexts[index].id == id { return contexts[index].value }
    }
    return nil
  }
}
