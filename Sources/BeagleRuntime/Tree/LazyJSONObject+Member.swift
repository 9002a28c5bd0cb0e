import BeagleJSON

extension LazyJSONObject.StoredValue {
  /// The member's value (materialised, when it is still in its document).
  package var value: JSONValue {
    switch self {
    case .document(let node): node.value
    case .value(let value): value
    }
  }

  /// The member's text when it is a string.
  package var stringValue: String? {
    switch self {
    case .document(let node): node.stringValue
    case .value(let value): value.stringValue
    }
  }

  /// Whether the member is a string (read without making one).
  package var isString: Bool {
    switch self {
    case .document(let node): node.kind == .string
    case .value(let value): value.stringValue != nil
    }
  }
}
