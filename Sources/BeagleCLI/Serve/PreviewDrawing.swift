import BeagleRendering
import BeagleRuntime

/// How the page draws a state: the one place that chooses the drawing, so
/// replacing it is one change.
///
/// It is `run --format html`'s frame (``HTMLStateRenderer``): the navigation bar,
/// the screen laid out as iOS lays it out, an open dialog over it. The page's
/// script makes it interactive through what the renderer marks: a component's
/// rendered path (`data-beagle-path`, mapped to a step by
/// ``PreviewControls``), the back button, the bar's items and the dialog's buttons.
enum PreviewDrawing {
  /// The HTML of `state`, its diagnostics placed by `place`.
  static func draw(_ state: RunState, place: @escaping @Sendable (Diagnostic) -> String?) -> String
  {
    HTMLStateRenderer(locate: place).frame(state)
  }

  /// The style sheet the drawing needs.
  static let stylesheet = HTMLDocument.stylesheet
}
