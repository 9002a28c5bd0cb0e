import BeagleJSON

/// Where a load-time check warned about a `setContext` target no enclosing component
/// declares: the document (nil: the run's main input) and the pointer of the action's
/// `contextId`.
///
/// The check sees a literal `contextId` in every screen it reads (the first one, each
/// fetched screen, a script's `action` step); when such an action runs, its own
/// warning would say the same thing again. What the check cannot see — a `contextId`
/// with `@{`, components `addChildren` or a lazy component bring, a session whose
/// screens were not checked — still warns when it runs.
struct FlaggedTarget: Sendable, Hashable {
  var source: String?
  var pointer: JSONPointer
}

extension ActionContext {
  /// Remembers the `setContext` targets `diagnostics` (a check's) flag.
  mutating func noteCheckedTargets(in diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics where CheckerMessage.isSetContextTarget(diagnostic) {
      guard let pointer = diagnostic.pointer else { continue }
      flaggedTargets.insert(FlaggedTarget(source: diagnostic.source, pointer: pointer))
    }
  }

  /// Whether a check already warned about the target of `action`, a `setContext`.
  func isFlagged(_ action: ActionNode) -> Bool {
    flaggedTargets.contains(
      FlaggedTarget(
        source: action.location.source, pointer: action.location.pointer.appending("contextId")))
  }
}
