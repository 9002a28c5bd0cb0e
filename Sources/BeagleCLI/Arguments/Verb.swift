import BeagleRuntime

/// The verbs of `beagle-run`: the first argument, or `run` when it is not one.
enum Verb: String, Equatable, CaseIterable, Sendable {
  case run, check, eval, test, graph, serve, components, actions, completions, help
}

extension Verb {
  /// The verb `word` is likely a typo of: within two edits (a swap of neighbouring
  /// letters is one), as in `tset` → `test`, `graf` → `graph`. Routes (`/…`),
  /// options and `-` are never taken for a verb.
  static func closest(to word: String) -> Verb? {
    guard Verb(rawValue: word) == nil, !word.hasPrefix("-"), !word.hasPrefix("/") else {
      return nil
    }
    return Suggestion.closest(to: word, among: allCases.map(\.rawValue), within: 2)
      .flatMap(Verb.init)
  }
}
