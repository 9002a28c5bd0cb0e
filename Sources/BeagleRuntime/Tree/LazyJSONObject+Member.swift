import BeagleJSON

extension LazyJSONObject {
  /// One member, where a reader that only looks at it finds it.
  package enum Member {
    /// The member in its document: this object was never changed, so the node is
    /// exactly the member's value.
    case node(JSONNode)
    /// The member of the materialised object.
    case value(JSONValue)
  }

  /// Member `key`, found without materialising it, or keeping it, while it is still
  /// in its document (a summary reads a field once: building the value and
  /// caching it under the lock cost more than reading it); nil when there is none.
  package func member(_ key: String) -> Member? {
    switch storedMember(key) {
    case .document(let node): .node(node)
    case .value(let value): .value(value)
    case nil: nil
    }
  }
}

extension LazyJSONObject.Member {
  /// The member's value (materialised, when it is a node).
  package var value: JSONValue {
    switch self {
    case .node(let node): node.value
    case .value(let value): value
    }
  }

  /// The member's text when it is a string.
  package var stringValue: String? {
    switch self {
    case .node(let node): node.stringValue
    case .value(let value): value.stringValue
    }
  }
}
