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

  /// A part of the field that iOS does not decode; it is ignored.
  public enum Problem: Sendable, Equatable, CustomStringConvertible {
    /// `attributes` is not an array of strings.
    case attributesNotStrings
    /// `additionalEntries` is not an object.
    case additionalEntriesNotAnObject
    /// A key other than `attributes` and `additionalEntries`.
    case unknownField(String)

    public var description: String {
      switch self {
      case .attributesNotStrings: "'attributes' must be an array of strings"
      case .additionalEntriesNotAnObject: "'additionalEntries' must be an object"
      case .unknownField(let key): "unknown field '\(key)'"
      }
    }
  }

  /// Reads the field.
  ///
  /// - Returns: the setting, and the parts of the value that are not what iOS
  ///   decodes (they are then ignored). Nil for null or a value that is neither a
  ///   boolean nor an object (the decoder has already reported it).
  public static func parse(_ value: JSONValue) -> (ActionAnalytics, problems: [Problem])? {
    switch value {
    case .bool(let flag):
      return (flag ? .enabled : .disabled, [])
    case .object(let object):
      var problems: [Problem] = []
      var attributes: [String]?
      if let raw = object["attributes"], !raw.isNull {
        if let list = raw.arrayValue, list.allSatisfy({ $0.stringValue != nil }) {
          attributes = list.compactMap(\.stringValue)
        } else {
          problems.append(.attributesNotStrings)
        }
      }
      var additionalEntries: JSONObject?
      if let raw = object["additionalEntries"], !raw.isNull {
        if let entries = raw.objectValue {
          additionalEntries = entries
        } else {
          problems.append(.additionalEntriesNotAnObject)
        }
      }
      for key in object.keys where key != "attributes" && key != "additionalEntries" {
        problems.append(.unknownField(key))
      }
      return (.custom(attributes: attributes, additionalEntries: additionalEntries), problems)
    default:
      return nil
    }
  }
}
