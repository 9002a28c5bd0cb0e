import BeagleRuntime

/// Writes a run's states as frames side by side, each frame marking what the next
/// step acts on: a state's frame is written once the next state (or the end) is
/// known, so only one state is held at a time.
package struct HTMLStoryboard {
  package var renderer: HTMLStateRenderer
  private var pending: RunState?

  package init(renderer: HTMLStateRenderer) { self.renderer = renderer }

  /// Takes the next state; writes the previous one's frame.
  package mutating func add(_ state: RunState, to output: (String) -> Void) {
    if let previous = pending {
      let highlight = state.target.map {
        HTMLHighlight(target: $0, step: state.step, event: state.event)
      }
      renderer.write(previous, highlight: highlight, to: output)
    }
    pending = state
  }

  /// Writes the last state's frame.
  package mutating func finish(to output: (String) -> Void) {
    if let last = pending { renderer.write(last, to: output) }
    pending = nil
  }
}
