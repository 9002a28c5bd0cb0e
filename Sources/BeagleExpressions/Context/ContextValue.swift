import BeagleJSON

/// A context's value as a scope holds it: a ``JSONValue``, or a value still in the
/// document it was parsed from (a list item's element taken from a literal data
/// source), read there.
///
/// A binding into a value still in its document reads the members on its path and
/// builds only the value it reaches (`product.name` builds one string, not the
/// product); ``value`` builds the whole value. Either way the result is the value
/// the materialised document gives. Equality and hashing are the values'.
///
/// ```swift
/// let document = try JSONDocument(parsing: Array(#"{"name":"Ana","age":7}"#.utf8))
/// let user = ContextValue.document(document.root)
/// user.value(at: [.key("name")])  // "Ana"
/// ```
public enum ContextValue: Sendable {
  /// A value built already.
  case value(JSONValue)
  /// A value still in its document.
  case document(JSONNode)

  /// The whole value (built from the document when it is still there).
  public var value: JSONValue {
    switch self {
    case .value(let value): value
    case .document(let node): node.value
    }
  }

  /// The value at `steps` inside this value, as ``JSONValue/value(at:)`` walks it:
  /// null when a key is missing, an index is out of range, or a step does not match
  /// the value's type.
  public func value(at steps: [PathStep]) -> JSONValue {
    switch self {
    case .value(let value):
      return JSONValue.walk(value, steps)
    case .document(let node):
      var current = node
      for step in steps {
        switch step {
        case .key(let key):
          // The last member when the key repeats, as materialising keeps it.
          guard
            let member = current.member(
              named: key, nameIsASCII: key.utf8.allSatisfy { $0 < 0x80 })
          else { return .null }
          current = member
        case .index(let index):
          guard let element = current[index] else { return .null }
          current = element
        }
      }
      return current.value
    }
  }

  /// The value at `path` inside this value (see ``value(at:)-([PathStep])``).
  public func value(at path: ContextPath) -> JSONValue { value(at: path.steps) }
}

extension ContextValue: Hashable {
  public static func == (lhs: ContextValue, rhs: ContextValue) -> Bool {
    lhs.value == rhs.value
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
