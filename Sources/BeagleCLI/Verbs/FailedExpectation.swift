/// An `expect` step that did not hold: where it is and what was found instead.
struct FailedExpectation: Equatable, Sendable {
  /// The script file (or `--step`) the step is in.
  var file: String
  var line: Int
  /// The state number the step produced (1 for the first step).
  var step: Int
  /// The step as written: `expect title "Cart"`.
  var text: String
  /// What was expected and what was there: `expected title "Cart"; the title is "Home"`.
  var message: String
}
