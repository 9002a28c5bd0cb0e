import BeagleRuntime

/// What a frame marks as hit by the next step: the component, navigation bar item
/// or dialog button the step acted on, and the step's text.
package struct HTMLHighlight: Sendable, Equatable {
  package var target: StepTarget
  /// The step that acts on it (`2`) and its text (`tap "Buy"`).
  package var step: Int
  package var event: String

  package init(target: StepTarget, step: Int, event: String) {
    self.target = target
    self.step = step
    self.event = event
  }

  /// `step 2: tap "Buy"`, the title of the highlighted element.
  var label: String { "step \(step): \(event)" }
}
