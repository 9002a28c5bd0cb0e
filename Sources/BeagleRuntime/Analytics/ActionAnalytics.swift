import BeagleJSON

/// An action's own `analytics` field (docs/spec.md §3.1, iOS `ActionAnalyticsConfig`):
/// `false`, `true`, or `{"attributes": [...], "additionalEntries": {...}}`.
public enum ActionAnalytics: Sendable, Equatable {
  /// `false`: the action never produces a record.
  case disabled
  /// `true`: a record with the configured attributes, if any.
  case enabled
  /// An object: a record with these attributes (nil when the object has none) and
  /// extra entries copied into the record.
  case custom(attributes: [String]?, additionalEntries: JSONObject?)

  /// Reads the field.
  ///
  /// - Returns: the setting, and a message when part of the value is not what iOS
  ///   decodes (that part is then ignored). Nil for null or a value that is neither a
  ///   boolean nor an object (the decoder has already reported it).
  public static func parse(_ value: JSONValue) -> (ActionAnalytics, problem: String?)? {
    switch value {
    case .bool(let flag):
      return (flag ? .enabled : .disabled, nil)
    case .object(let object):
      var problems: [String] = []
      var attributes: [String]?
      if let raw = object["attributes"], !raw.isNull {
        if let list = raw.arrayValue, list.allSatisfy({ $0.stringValue != nil }) {
          attributes = list.compactMap(\.stringValue)
        } else {
          problems.append("'attributes' must be an array of strings")
        }
      }
      var additionalEntries: JSONObject?
      if let raw = object["additionalEntries"], !raw.isNull {
        if let entries = raw.objectValue {
          additionalEntries = entries
        } else {
          problems.append("'additionalEntries' must be an object")
        }
      }
      for key in object.keys where key != "attributes" && key != "additionalEntries" {
        problems.append("unknown field '\(key)'")
      }
      let problem =
        problems.isEmpty
        ? nil : "analytics: " + problems.joined(separator: "; ") + "; ignored"
      return (.custom(attributes: attributes, additionalEntries: additionalEntries), problem)
    default:
      return nil
    }
  }
}
