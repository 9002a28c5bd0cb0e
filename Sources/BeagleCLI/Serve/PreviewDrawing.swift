import BeagleRendering
import BeagleRuntime

/// How the page draws a state's screen: the one place that chooses the drawing,
/// so replacing it is one change.
///
/// For now it is the text renderer's state in a `<pre>` (what `run` prints); the
/// page's script makes a drawn component clickable through its `data-beagle-path`
/// (see ``PreviewControls/tapSteps(in:)``), and ``PreviewControls`` adds real
/// controls below the drawing.
enum PreviewDrawing {
  /// The HTML of `state`'s screen, its diagnostics placed by `place`.
  static func draw(_ state: RunState, place: @escaping @Sendable (Diagnostic) -> String?) -> String
  {
    "<pre class=\"state\" data-beagle-screen>"
      + TextRenderer(locate: place).render(state).escapingHTML + "</pre>\n"
  }
}
