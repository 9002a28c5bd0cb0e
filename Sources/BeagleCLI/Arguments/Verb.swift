/// The verbs of `beagle-run`: the first argument, or `run` when it is not one.
enum Verb: String, Equatable, CaseIterable, Sendable {
  case run, check, eval, test, graph, components, actions, help
}
