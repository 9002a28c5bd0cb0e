import BeagleExpressions
import BeagleJSON

/// One action about to run, with everything an executor is given about it: the
/// action, the event that runs it, where that event came from, the implicit
/// contexts around it, how deeply it is nested, and the scope its fields are
/// evaluated in.
///
/// ``Session/run(_:event:origin:implicits:depth:)`` builds one per action and hands it
/// to the executor of the action's ``BuiltInAction/Family``, a function of the call and
/// the ``ActionContext`` it changes (`AlertActions.execute(_:in:)`, …, one per family
/// file).
struct ActionCall {
  /// The action, as decoded.
  let action: ActionNode
  /// The event's name (`onPress`, `onTrue`, …).
  let event: String
  /// The component that owns the event, on its screen.
  let origin: Origin
  /// The implicit contexts of the events around the action, outermost first.
  let implicits: [ImplicitContext]
  /// How deeply nested callbacks are (0 for an event's own actions).
  let depth: Int
  /// The origin's scope plus the implicit contexts.
  let scope: ContextScope

  /// The action's JSON Pointer, where what it reports is located.
  var pointer: JSONPointer { action.location.pointer }
}
