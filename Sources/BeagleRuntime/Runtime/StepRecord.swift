/// What one step of a session did, collected while it runs and handed to its
/// ``RunState`` whole: ``Session/state(step:event:)`` swaps it for an empty one in
/// one assignment, so no buffer is carried into the next step by mistake.
struct StepRecord: Sendable {
  /// The actions executed, in order.
  var actions: [ExecutedAction] = []
  /// What the last navigation did, if the step navigated.
  var navigationEvent: NavigationEvent?
  /// Requests sent (or answered from a cache), in the order they were sent.
  var requests: [RequestRecord] = []
  /// The records the analytics provider received.
  var analytics: [AnalyticsRecord] = []
  /// Warnings, errors and notes, in the order they were reported.
  var log: [Diagnostic] = []
  /// How many URLs `openExternalURL` had opened when the step began: those after
  /// are the step's own.
  var externalURLsBefore = 0
  /// What the step acted on (a tap's component, a chosen dialog button).
  var target: StepTarget?
  /// How many actions ran (see ``Session/maximumActionsPerStep``).
  var actionCount = 0
}
