import BeagleJSON

extension ActionNode {
  /// The action as analytics attributes are picked from, before evaluation
  /// (docs/spec.md §9.1).
  ///
  /// iOS encodes the whole decoded action (`ActionAttributes.swift`,
  /// `transformToDynamicObject`): its data fields and its nested actions, a list
  /// event (`onTrue`, `onSuccess`) as an array and a single-action field
  /// (`onPressOk`) as one object, each nested action encoded the same way. Empty
  /// arrays and objects are left out, as iOS drops empty collections, and the
  /// top-level `analytics` too; the type name is no property of an iOS action, so it
  /// is not there. web reads attributes with `get(action, path)` on the action object
  /// itself, where nested actions keep their `_beagleAction_` and nothing is dropped
  /// (`includesTypes`).
  ///
  /// The nesting is the decoded tree's, which the decoder's depth limit bounds.
  func analyticsEncoding(includesTypes: Bool) -> JSONObject {
    var result = JSONObject()
    for (key, value) in fields.members where key != "analytics" {
      if includesTypes {
        result[key] = value
      } else if let kept = Self.droppingEmpty(value) {
        result[key] = kept
      }
    }
    for event in events {
      let nested = event.actions.map { JSONValue.object($0.nestedEncoding(includesTypes)) }
      if definition?.field(event.name)?.kind == .action {
        if let single = nested.first { result[event.name] = single }
      } else if !nested.isEmpty {
        result[event.name] = .array(nested)
      }
    }
    return result
  }

  /// A nested action: on web the object as written (with its type and its own
  /// `analytics`); on iOS its encoding (an iOS action's `analytics` is an enum, which
  /// iOS encodes as its description, not as data: left out).
  private func nestedEncoding(_ includesTypes: Bool) -> JSONObject {
    var result = JSONObject()
    if includesTypes { result["_beagleAction_"] = .string(type) }
    // bounded: the decoded tree is no deeper than the decoder's nesting limit.
    for (key, value) in analyticsEncoding(includesTypes: includesTypes).members {
      result[key] = value
    }
    if includesTypes, let analytics = fields["analytics"] { result["analytics"] = analytics }
    return result
  }

  /// `value` without its empty arrays and objects, or nil when it is one (bounded by
  /// the JSON parser's nesting limit).
  private static func droppingEmpty(_ value: JSONValue) -> JSONValue? {
    switch value {
    case .array(let elements):
      return elements.isEmpty ? nil : .array(elements.map { droppingEmpty($0) ?? $0 })
    case .object(let object):
      var kept = JSONObject()
      for (key, member) in object.members {
        if let member = droppingEmpty(member) { kept[key] = member }
      }
      return kept.isEmpty ? nil : .object(kept)
    default:
      return value
    }
  }
}
