/// What `test --html` shows of a scenario, made by the run whose output was
/// compared with the golden (in the worker that tested it): what is drawn is what
/// was checked.
enum ScenarioDrawing: Sendable, Equatable {
  /// A `run` scenario: its states' frames (``HTMLStoryboard``), without the
  /// document around them.
  case frames(String)
  /// A `check` or `graph` scenario: its output (the golden's body).
  case text(String)
}
