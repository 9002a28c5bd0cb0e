/// A shell `beagle-run completions SHELL` writes a completion script for.
enum CompletionShell: String, CaseIterable, Sendable {
  case bash, zsh, fish
}
