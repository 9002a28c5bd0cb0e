import BeagleJSON

/// What an app's analytics provider asks for (`getConfig()`, docs/spec.md §9.1): screen
/// records on or off, and which actions produce records with which attributes.
///
/// Written in the manifest as
/// `"analytics": {"enableScreenAnalytics": true, "actions": {"beagle:pushView": ["route.url"]}}`.
/// Without it screens are recorded and actions are not (Beagle's defaults).
public struct AnalyticsConfig: Sendable, Equatable {
  /// Whether a record is created each time a screen appears.
  public var enableScreenAnalytics: Bool
  /// Attribute paths by action name, in declaration order, names as written.
  public var actions: [(name: String, attributes: [String])]

  public init(
    enableScreenAnalytics: Bool = true, actions: [(name: String, attributes: [String])] = []
  ) {
    self.enableScreenAnalytics = enableScreenAnalytics
    self.actions = actions
  }

  public static func == (lhs: AnalyticsConfig, rhs: AnalyticsConfig) -> Bool {
    lhs.enableScreenAnalytics == rhs.enableScreenAnalytics
      && lhs.actions.map(\.name) == rhs.actions.map(\.name)
      && lhs.actions.map(\.attributes) == rhs.actions.map(\.attributes)
  }

  /// The configured attribute list of an action: iOS (and the android profile)
  /// lower-cases the configured names and the action's name; web looks the name up
  /// exactly as written in `_beagleAction_`.
  public func attributes(for actionName: String, profile: NavigationProfile) -> [String]? {
    if profile == .web { return actions.first { $0.name == actionName }?.attributes }
    let lowered = actionName.lowercased()
    return actions.last { $0.name.lowercased() == lowered }?.attributes
  }

  /// Whether an action produces a record and with what, combining its own
  /// `analytics` field with this configuration (docs/spec.md §9.1's table):
  ///
  /// | action's `analytics` | configured | record |
  /// | --- | --- | --- |
  /// | `false` | any | none |
  /// | object | any | the object's `attributes` (none if absent; web: the configured ones) |
  /// | `true` | yes | the configured attributes |
  /// | `true` | no | no attributes |
  /// | absent | yes | the configured attributes |
  /// | absent | no | none |
  ///
  /// - Returns: the attribute paths and the additional entries, or nil for no record.
  public func recording(
    _ actionName: String, analytics: ActionAnalytics?, profile: NavigationProfile
  ) -> (attributes: [String], additionalEntries: JSONObject?)? {
    let configured = attributes(for: actionName, profile: profile)
    switch analytics {
    case .disabled?:
      return nil
    case .custom(let attributes, let additionalEntries)?:
      let fallback = profile == .web ? configured : nil
      return (attributes ?? fallback ?? [], additionalEntries)
    case .enabled?:
      return (configured ?? [], nil)
    case nil:
      return configured.map { ($0, nil) }
    }
  }

  // MARK: - Manifest

  /// Reads the manifest's `analytics` object; problems are diagnostics located in
  /// the manifest.
  static func parse(
    _ node: JSONNode, pointer: JSONPointer, source: String?
  ) -> (config: AnalyticsConfig, diagnostics: [Diagnostic]) {
    var config = AnalyticsConfig()
    var diagnostics: [Diagnostic] = []
    func report(_ message: AnalyticsMessage, _ at: JSONNode, _ pointer: JSONPointer) {
      diagnostics.append(message.diagnostic(at: pointer, offset: at.offset, source: source))
    }
    guard node.kind == .object else {
      report(.notAnObject, node, pointer)
      return (config, diagnostics)
    }
    for (key, value) in node.members {
      let memberPointer = pointer.appending(key)
      switch key {
      case "enableScreenAnalytics":
        guard let flag = value.boolValue else {
          report(.enableScreenAnalyticsNotABoolean, value, memberPointer)
          continue
        }
        config.enableScreenAnalytics = flag
      case "actions":
        guard value.kind == .object else {
          report(.actionsNotAnObject, value, memberPointer)
          continue
        }
        for (name, list) in value.members {
          let listPointer = memberPointer.appending(name)
          guard let attributes = list.value.arrayValue?.compactMap(\.stringValue),
            list.kind == .array, attributes.count == list.count
          else {
            report(.attributesNotPaths(action: name), list, listPointer)
            continue
          }
          if let earlier = config.actions.first(where: { $0.name.lowercased() == name.lowercased() }
          ) {
            report(.repeatsIgnoringCase(action: name, earlier: earlier.name), list, listPointer)
          }
          config.actions.append((name, attributes))
        }
      default:
        report(.unknownKey(key), value, memberPointer)
      }
    }
    return (config, diagnostics)
  }
}
