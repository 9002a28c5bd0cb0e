import BeagleJSON

/// What `beagle:addChildren` reports.
enum AddChildrenMessage: ActionMessage {
  /// No component on the screen has the `componentId`.
  case noTarget(componentId: String)
  /// `value` did not evaluate to an array.
  case notAnArray(JSONValue)
  /// Expressions inside a literal `value` were evaluated when the action ran.
  case evaluatedNow
  /// An element of `value` is not a component iOS decodes (`reason`, the first error).
  case elementDropped(index: Int, reason: String)
  /// Android reverses the order of components prepended together.
  case prependReversedOnAndroid
  /// The run would add more than `limit` components (``Session/maximumAddedComponents``).
  case tooManyComponents(limit: Int)

  var severity: Diagnostic.Severity {
    switch self {
    case .notAnArray, .tooManyComponents: .error
    case .elementDropped: .warning
    case .noTarget, .evaluatedNow, .prependReversedOnAndroid: .note
    }
  }

  var description: String {
    switch self {
    case .noTarget(let componentId):
      "addChildren: no component with id '\(componentId)' on the screen "
        + "(components inside list items are not searched); nothing happens (iOS does nothing)"
    case .notAnArray(let value):
      "addChildren: value is \(ActionSummary.short(value)), not an array of components; "
        + "nothing happens"
    case .evaluatedNow:
      "addChildren: expressions inside the new components were evaluated now, in the scope "
        + "of the component that ran the action (iOS); web evaluates them when they render. "
        + "Write \\@{…} to keep one for render time"
    case .elementDropped(let index, let reason):
      "addChildren: value[\(index)] is dropped, as iOS does: \(reason)"
    case .tooManyComponents(let limit):
      "addChildren: the run would add more than \(limit) components (components whose onInit "
        + "adds components?); nothing happens"
    case .prependReversedOnAndroid:
      "addChildren PREPEND: Android inserts the components one by one at the start, so they "
        + "end up in reverse order (android rule; iOS and web keep their order)"
    }
  }
}

extension AddChildrenMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .noTarget: "add-children-no-target"
    case .notAnArray: "add-children-not-an-array"
    case .evaluatedNow: "add-children-evaluated-now"
    case .elementDropped: "add-children-element-dropped"
    case .prependReversedOnAndroid: "add-children-prepend-reversed-on-android"
    case .tooManyComponents: "add-children-too-many-components"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "add-children-no-target", "add-children-not-an-array", "add-children-evaluated-now",
    "add-children-element-dropped", "add-children-prepend-reversed-on-android",
    "add-children-too-many-components",
  ]
}
