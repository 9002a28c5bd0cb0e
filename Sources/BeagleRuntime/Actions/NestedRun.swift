import BeagleJSON

/// Actions an executor leaves to the session to run once it returns: a condition's
/// branch, a form's `onSubmit`. Only the session runs actions (an executor holds an
/// ``ActionContext``, not the session), and these run last in their executor, so
/// running them after it returns keeps Beagle's order.
struct NestedRun {
  /// The actions, in order.
  var actions: [ActionNode]
  /// The event they belong to (`onTrue`, `onSubmit`, …).
  var event: String
  /// The component that owns the event, on its screen.
  var origin: Origin
  /// The implicit contexts around them, outermost first.
  var implicits: [ImplicitContext]
  /// How deeply nested they are.
  var depth: Int
}

extension NestedRun {
  /// The actions of the called action's event `name` (`onTrue`, …), one level deeper,
  /// with the call's implicit contexts; nil when the action has no such event.
  init?(_ name: String, of call: ActionCall) {
    guard let handler = call.action.event(name) else { return nil }
    self.init(
      actions: handler.actions, event: name, origin: call.origin, implicits: call.implicits,
      depth: call.depth + 1)
  }
}
