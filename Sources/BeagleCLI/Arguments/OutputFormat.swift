/// `--format`: how a verb prints what it found.
enum OutputFormat: String, Equatable, Sendable, CaseIterable {
  case text, json, dot, mermaid
  /// `run`'s storyboard: one HTML document drawing every state.
  case html
}
