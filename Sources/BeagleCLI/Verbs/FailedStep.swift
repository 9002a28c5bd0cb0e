import BeagleRuntime

/// A script step that failed, which stops the run there: an `expect` that did not
/// hold, or a step that could not be performed (a `tap` that matches nothing,
/// `respond` with no request pending). A scenario's output that ends with one is
/// never a golden.
struct FailedStep: Equatable, Sendable {
  enum Kind: String, Sendable {
    /// An `expect` step did not hold.
    case expectation
    /// The step could not be performed.
    case error
  }

  var kind: Kind
  /// The script file (or `--step`) the step is in.
  var file: String
  var line: Int
  /// The state number the step produced (1 for the first step).
  var step: Int
  /// The step as written: `expect title "Cart"`.
  var text: String
  /// What went wrong: `expected title "Cart"; the title is "Home"`, or
  /// `nothing on the screen matches "Cartt"`.
  var message: String
  /// How many steps of the script came after this one and did not run.
  var skippedSteps: Int = 0

  /// The located error, as the run printed it on standard error: one line, whatever
  /// the screen's texts and ids it quotes hold (their control characters escaped).
  var locatedError: String {
    ("\(file):\(line): error: " + (kind == .expectation ? "expectation failed: " : "") + message)
      .escapingControlCharacters()
  }

  /// What the FAIL line of `beagle-run test` says after the scenario's path.
  var summary: String {
    let what =
      kind == .expectation
      ? "expectation failed at step \(step) '\(text)': \(message)"
      : "step \(step) '\(text)' failed: \(message)"
    let stopped =
      switch skippedSteps {
      case 0: ""
      case 1: "the run stopped there, so the step after it did not run; "
      default: "the run stopped there, so the \(skippedSteps) steps after it did not run; "
      }
    return (what + " (\(stopped)never recorded as a golden)").escapingControlCharacters()
  }
}
