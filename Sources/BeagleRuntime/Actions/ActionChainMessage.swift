/// What running a list of actions reports, whatever the actions are.
enum ActionChainMessage: ActionMessage {
  /// Callbacks nested deeper than ``Session/maximumActionDepth``.
  case nestedTooDeep(limit: Int)
  /// More than ``Session/maximumActionsPerStep`` actions in one step.
  case tooManyActions(limit: Int)
  /// The origin's screen left the navigation stacks before the action ran.
  case screenGone(event: String, type: String)
  /// An action type the registry does not know.
  case unknownAction(String)

  var severity: Diagnostic.Severity {
    switch self {
    case .nestedTooDeep, .tooManyActions: .error
    case .screenGone: .note
    case .unknownAction: .warning
    }
  }

  var description: String {
    switch self {
    case .nestedTooDeep(let limit):
      "actions nested more than \(limit) levels deep; the chain is cut off"
    case .tooManyActions(let limit):
      "more than \(limit) actions in one step; the chain is cut off "
        + "(an action list that triggers itself?)"
    case .screenGone(let event, let type):
      "\(event) → \(type) is skipped: its screen is no longer on a navigation "
        + "stack, so nothing it did would be visible"
    case .unknownAction(let type):
      "unknown action '\(type)' does nothing (iOS: UnknownAction)"
    }
  }
}

extension ActionChainMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .nestedTooDeep: "action-nested-too-deep"
    case .tooManyActions: "action-too-many"
    case .screenGone: "action-screen-gone"
    case .unknownAction: "action-unknown"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "action-nested-too-deep", "action-too-many", "action-screen-gone", "action-unknown",
  ]
}
