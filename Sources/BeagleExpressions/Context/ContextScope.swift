import BeagleJSON

/// What an expression can read: the value of a context by id.
///
/// The runtime implements it over its component tree; ``ContextScope`` is a simple value
/// implementation.
public protocol ContextLookup {
  /// The value of the nearest context named `id`, or nil when no such context is in
  /// scope (a binding to it then yields null).
  func value(ofContext id: String) -> JSONValue?

  /// The value at `steps` inside the nearest context named `id` (null when the path
  /// does not resolve, as ``JSONValue/value(at:)`` walks it), or nil when no such
  /// context is in scope. A lookup that keeps values unbuilt (``ContextValue``) builds
  /// only the value the path reaches.
  func value(ofContext id: String, at steps: [PathStep]) -> JSONValue?
}

extension ContextLookup {
  public func value(ofContext id: String, at steps: [PathStep]) -> JSONValue? {
    value(ofContext: id).map { JSONValue.walk($0, steps) }
  }
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
    /// The context's current value as held: a list item's element may still be in
    /// its document.
    public var content: ContextValue

    /// The context's current value (built, when it is still in its document).
    public var value: JSONValue {
      get { content.value }
      set { content = .value(newValue) }
    }

    /// Creates an entry.
    public init(id: String, value: JSONValue) {
      self.id = id
      content = .value(value)
    }

    /// Creates an entry whose value may still be in its document.
    public init(id: String, content: ContextValue) {
      self.id = id
      self.content = content
    }
  }

  /// The contexts in scope, outermost first.
  public var contexts: [Entry] {
    get {
      var entries: [Entry] = []
      entries.reserveCapacity(innermost?.depth ?? 0)
      var link = innermost
      while let current = link {
        entries.append(current.entry)
        link = current.outer
      }
      entries.reverse()
      return entries
    }
    set { innermost = Self.chain(newValue) }
  }
  /// The value of the global context (null until set, as on iOS and web).
  public var global: JSONValue
  /// The innermost context, which holds the ones around it: pushing one allocates one
  /// link and shares the rest (an array was copied whole, entry by entry, for each
  /// component and list item that enters a context).
  private var innermost: Link?
  /// Where lookups note the tracked contexts they find (a render's, see
  /// ``ContextReads``); nil: not noted. Not part of the scope's value (equality, hash).
  public var reads: ContextReads?

  /// One context of a scope and the contexts around it.
  private final class Link: Sendable {
    let entry: Entry
    let outer: Link?
    /// How many contexts the chain holds, this one included.
    let depth: Int
    /// The key ``reads`` notes when a lookup finds this context; 0: not noted.
    let readKey: UInt32

    init(_ entry: Entry, outer: Link?, readKey: UInt32 = 0) {
      self.entry = entry
      self.outer = outer
      depth = (outer?.depth ?? 0) + 1
      self.readKey = readKey
    }
  }

  /// The chain holding `entries` (outermost first); nil when empty.
  private static func chain(_ entries: [Entry]) -> Link? {
    var link: Link?
    for entry in entries { link = Link(entry, outer: link) }
    return link
  }

  /// Creates a scope from contexts given outermost first.
  public init(_ contexts: [(id: String, value: JSONValue)] = [], global: JSONValue = .null) {
    self.global = global
    innermost = Self.chain(contexts.map { Entry(id: $0.id, value: $0.value) })
  }

  /// The scope with one more context, innermost.
  public func pushing(id: String, value: JSONValue) -> ContextScope {
    pushing(id: id, content: .value(value))
  }

  /// The scope with one more context, innermost, whose value may still be in its
  /// document; its lookups are noted in ``reads`` under `readKey` when not 0 (a
  /// context the screen declares: ``ContextReads/key(of:)``).
  public func pushing(id: String, content: ContextValue, readKey: UInt32 = 0) -> ContextScope {
    var scope = self
    scope.innermost = Link(
      Entry(id: id, content: content), outer: innermost, readKey: readKey)
    return scope
  }

  /// The same scope, its lookups not noted (kept past its render: ``reads``).
  public var withoutReads: ContextScope {
    var scope = self
    scope.reads = nil
    return scope
  }

  /// The nearest context named `id`; `global` is always the global context.
  public func value(ofContext id: String) -> JSONValue? {
    content(ofContext: id)?.value
  }

  /// The value at `steps` inside the nearest context named `id`, built alone when
  /// the context's value is still in its document.
  public func value(ofContext id: String, at steps: [PathStep]) -> JSONValue? {
    content(ofContext: id)?.value(at: steps)
  }

  /// The nearest context named `id` as held; `global` is always the global context.
  public func content(ofContext id: String) -> ContextValue? {
    if id == Self.globalId {
      reads?.note(ContextReads.globalKey)
      return .value(global)
    }
    var link = innermost
    while let current = link {
      if current.entry.id == id {
        if current.readKey != 0 { reads?.note(current.readKey) }
        return current.entry.content
      }
      link = current.outer
    }
    return nil
  }

  // MARK: - Hashable (the contexts, outermost first, then the global context)

  public static func == (lhs: ContextScope, rhs: ContextScope) -> Bool {
    guard lhs.global == rhs.global else { return false }
    var left = lhs.innermost
    var right = rhs.innermost
    while let l = left, let r = right {
      if l === r { return true }
      guard l.depth == r.depth, l.entry == r.entry else { return false }
      left = l.outer
      right = r.outer
    }
    return left == nil && right == nil
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(contexts)
    hasher.combine(global)
  }
}
