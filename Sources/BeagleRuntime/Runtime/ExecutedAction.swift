import BeagleJSON

/// One action a step executed, as the state's `actions` list shows it: the event
/// that ran it, its type, a one-line summary and its evaluated fields.
///
/// ```
/// {"event":"onPress","action":"beagle:pushView","summary":"pushView /cart",
///  "known":true,"at":"/child/children/1/onPress/0","fields":{"route":{"url":"/cart"}}}
/// ```
public struct ExecutedAction: Sendable, Equatable {
  /// The event whose list held the action (`onPress`, `onSuccess`, …).
  public var event: String
  /// The registered type name (`beagle:pushView`), or the type as written when unknown.
  public var type: String
  /// Whether the registry knows the type.
  public var isKnown: Bool
  /// The one-line summary outlines show (`pushView /cart`).
  public var summary: String
  /// Where the action is declared in its screen.
  public var pointer: JSONPointer
  /// The action's data fields evaluated when it ran (a route's fields as written);
  /// nested action lists (`onSuccess`, …) are not fields.
  public var fields: JSONObject

  public init(
    event: String, type: String, isKnown: Bool, summary: String, pointer: JSONPointer,
    fields: JSONObject
  ) {
    self.event = event
    self.type = type
    self.isKnown = isKnown
    self.summary = summary
    self.pointer = pointer
    self.fields = fields
  }

  /// The record of `action` run by `event`, with `evaluated` as its fields.
  init(_ action: ActionNode, event: String, evaluated: ActionNode) {
    self.init(
      event: event, type: action.typeName, isKnown: action.isKnown,
      summary: ActionSummary.summary(of: evaluated), pointer: action.location.pointer,
      fields: evaluated.fields.object)
  }

  /// `onPress → pushView /cart`, as the text outline lists it.
  public var text: String { "\(event) → \(summary)" }
}
