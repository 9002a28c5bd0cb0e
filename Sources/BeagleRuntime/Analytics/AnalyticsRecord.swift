import BeagleExpressions
import BeagleJSON

/// One record an analytics provider would receive (docs/spec.md §9.1), as the state's
/// `analytics` list shows it.
///
/// Records carry no timestamp, so that output is deterministic; the order of the
/// list is the order in which they were created. The component's on-screen
/// `position` (iOS) is left out too: there is no layout.
public struct AnalyticsRecord: Sendable, Equatable {
  /// What an action record adds to a screen record.
  public struct Action: Sendable, Equatable {
    /// The action's name: lower-cased on iOS and android (`beagle:pushview`), as
    /// written on web.
    public var beagleAction: String
    /// The event that ran it (`onPress`, `onTrue`, …).
    public var event: String
    /// The origin component's id, if it has one.
    public var componentId: String?
    /// The origin component's registered type name (`beagle:button`).
    public var componentType: String
    /// Each requested attribute path with its value after evaluation.
    public var attributes: JSONObject
    public var additionalEntries: JSONObject?

    public init(
      beagleAction: String, event: String, componentId: String?, componentType: String,
      attributes: JSONObject, additionalEntries: JSONObject? = nil
    ) {
      self.beagleAction = beagleAction
      self.event = event
      self.componentId = componentId
      self.componentType = componentType
      self.attributes = attributes
      self.additionalEntries = additionalEntries
    }
  }

  /// `ios`, `android` or `web`: the profile's platform.
  public var platform: String
  /// The screen's name: its URL (remote), or its identifier (local).
  public var screen: String
  /// Nil for a screen record.
  public var action: Action?

  public init(platform: String, screen: String, action: Action? = nil) {
    self.platform = platform
    self.screen = screen
    self.action = action
  }

  /// The values of `paths` in the evaluated action: iOS omits paths that do not
  /// parse, paths with an index (`items[0]`) and null values, and evaluates each
  /// picked value once more (`reevaluating`) before it checks for null.
  public static func attributes(
    _ paths: [String], of action: JSONValue,
    reevaluating: ((JSONValue) -> JSONValue)? = nil
  ) -> JSONObject {
    var result = JSONObject()
    for text in paths {
      guard let path = try? ContextPath(parsing: text),
        !path.steps.contains(where: { if case .index = $0 { true } else { false } })
      else { continue }
      var value = action.value(at: path)
      if let reevaluating { value = reevaluating(value) }
      if !value.isNull { result[text] = value }
    }
    return result
  }
}
