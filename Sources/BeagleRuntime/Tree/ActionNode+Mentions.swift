import BeagleJSON

extension ActionNode {
  /// Whether a string anywhere in the action's fields, or in the actions it holds,
  /// contains `text`. Lets a note about a value be given only when something could
  /// read it (`onSuccess.statusText`).
  func mentions(_ text: String) -> Bool {
    fields.values.contains { Self.value($0, contains: text) }
      || events.contains { $0.actions.contains { $0.mentions(text) } }
  }

  private static func value(_ value: JSONValue, contains text: String) -> Bool {
    var work = [value]
    while let value = work.popLast() {
      switch value {
      case .string(let string): if string.contains(text) { return true }
      case .array(let elements): work += elements
      case .object(let object): work += object.values
      default: break
      }
    }
    return false
  }
}
