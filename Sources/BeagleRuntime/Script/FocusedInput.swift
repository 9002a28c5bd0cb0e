import BeagleJSON

/// The text input being edited (iOS's first responder): the one a `type` step
/// typed into or a `tap` focused, until focus moves to another field or its
/// screen leaves the top.
struct FocusedInput: Sendable {
  /// The input's component and screen.
  var origin: Origin
  /// Its text when last edited: what `onBlur` gets when its screen is gone.
  package var text: String
  /// Its `onBlur` actions, kept so they can run after the screen left the stacks.
  var onBlur: [ActionNode]
}
