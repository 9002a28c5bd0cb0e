import BeagleJSON
import BeagleRendering
import BeagleRuntime

/// Runs `screen` (a payload) with `steps` (script lines) and returns every state,
/// the load's first: the states `run` would print.
func htmlTestStates(_ screen: String, steps: String = "") throws -> [RunState] {
  let document = try JSONDocument(parsing: Array(screen.utf8))
  let decoded = Decoder(registry: .builtIn).decode(document)
  guard let root = decoded.root else { throw HTMLTestError.notAComponent }
  var session = Session(
    configuration: Session.Configuration(registry: .builtIn),
    firstScreen: Screen(route: "/", root: root))
  var states = [session.initialState(log: decoded.diagnostics)]
  let script = try Script(parsing: steps)
  for (index, line) in script.steps.enumerated() {
    _ = session.perform(line.step)
    states.append(session.state(step: index + 1, event: line.text))
  }
  return states
}

/// The storyboard `run --format html` writes for `screen` and `steps`, without
/// the document around it.
func htmlTestFrames(_ screen: String, steps: String = "") throws -> String {
  var storyboard = HTMLStoryboard(renderer: HTMLStateRenderer())
  var out = ""
  for state in try htmlTestStates(screen, steps: steps) { storyboard.add(state) { out += $0 } }
  storyboard.finish { out += $0 }
  return out
}

enum HTMLTestError: Error {
  case notAComponent
}
