import BeagleExpressions
import BeagleJSON

extension ActionContext {
  /// Creates the analytics record of an action as it runs (docs/spec.md §9.1), when its own
  /// `analytics` field and ``analyticsConfig`` ask for one.
  ///
  /// Attribute values come from the action's fields evaluated in `scope`, the scope
  /// the action itself runs in (local screens in a route stay as written). The
  /// record is created before the action takes effect, so it precedes the screen
  /// record of the screen the action navigates to.
  mutating func recordActionAnalytics(
    _ action: ActionNode, event: String, origin: Origin, scope: ContextScope
  ) {
    var own: ActionAnalytics?
    if let raw = action.fields["analytics"], let parsed = ActionAnalytics.parse(raw) {
      own = parsed.0
      if !parsed.problems.isEmpty {
        report(
          ActionAnalyticsMessage.partsIgnored(parsed.problems),
          at: action.location.pointer.appending("analytics"))
      }
    }
    let profile = navigator.profile
    let name = action.typeName
    guard let recording = analyticsConfig.recording(name, analytics: own, profile: profile),
      let screen = navigator.screen(serial: origin.screen)
    else { return }
    var attributes = JSONObject()
    if !recording.attributes.isEmpty {
      // iOS evaluates each picked value once more (`getSomeAttributes`): a binding
      // stored in a context resolves too.
      let fields = PropertyEvaluator(evaluator: evaluator)
      attributes = AnalyticsRecord.attributes(
        recording.attributes, of: evaluatedForAnalytics(action, in: scope),
        reevaluating: profile == .web ? nil : { fields.evaluateDeeply($0, in: scope) })
    }
    let component = Self.component(at: origin.path, in: screen.node)
    stepRecord.analytics.append(
      AnalyticsRecord(
        platform: profile.rawValue, screen: screen.analyticsName,
        action: AnalyticsRecord.Action(
          beagleAction: profile == .web ? action.type : name.lowercased(), event: event,
          componentId: component.id, componentType: component.typeName, attributes: attributes,
          additionalEntries: recording.additionalEntries)))
  }

  /// A screen record for `screen` appearing, unless screen analytics are disabled.
  mutating func recordScreenAnalytics(_ screen: Screen) {
    guard analyticsConfig.enableScreenAnalytics else { return }
    stepRecord.analytics.append(
      AnalyticsRecord(platform: navigator.profile.rawValue, screen: screen.analyticsName))
  }

  /// The action as analytics encodes it (``ActionNode/analyticsEncoding(includesTypes:)``:
  /// its fields and nested actions, without `analytics`) with its expressions
  /// evaluated; a route's `screen` and `fallback` are left as written (they render
  /// later).
  private func evaluatedForAnalytics(_ action: ActionNode, in scope: ContextScope) -> JSONValue {
    let fields = PropertyEvaluator(evaluator: evaluator)
    var result = JSONObject()
    let encoded = action.analyticsEncoding(includesTypes: navigator.profile == .web)
    for (key, raw) in encoded.members {
      guard key == "route", case .object(let route) = raw else {
        result[key] = fields.evaluateDeeply(raw, in: scope)
        continue
      }
      var evaluated = JSONObject()
      for (member, value) in route.members {
        evaluated[member] =
          member == "screen" || member == "fallback"
          ? value : fields.evaluateDeeply(value, in: scope)
      }
      result[key] = .object(evaluated)
    }
    return .object(result)
  }

  /// The deepest component on the path to `pointer` (the component itself when the
  /// pointer is one).
  static func component(at pointer: JSONPointer, in root: ComponentNode) -> ComponentNode {
    var node = root
    while let child = node.children.first(where: { $0.location.pointer.isPrefix(of: pointer) }) {
      node = child
    }
    return node
  }
}
