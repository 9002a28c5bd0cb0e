import BeagleRuntime

/// The first error a run's states logged, for the line that ends a failed run on
/// standard error: the step that logged it and the error as its log line reads,
/// located like a compiler's when its source is known.
///
/// ```
/// at step 2: index.json:12:9: error: no screen for '/promotions' …
/// at step 1: error: request 1 (GET /x) got no answer … (at /child/onPress/0)
/// ```
struct LoggedError: Equatable {
  /// The state that logged it (0 for the load).
  var step: Int
  /// `file:line:column`, nil when the error has no position in a file.
  var place: String?
  var diagnostic: Diagnostic

  /// `at step N: ` and the error: after its place when it has one, else with its
  /// JSON Pointer (as the log shows it).
  var summary: String {
    var text = "at step \(step): "
    if let place { text += "\(place): " }
    text += "\(diagnostic.severity.rawValue): \(diagnostic.message.escapingControlCharacters())"
    if place == nil, let pointer = diagnostic.pointer {
      text += " (at \(pointer.isRoot ? "/" : pointer.description))"
    }
    return text
  }
}
