import BeagleJSON
import BeagleRuntime

extension CoverageSample {
  /// The sample of a run in the scenario folder `folder`.
  init(folder: String, observer: RunObserver) {
    self.init()
    for state in observer.states {
      for screen in state.stacks.joined() {
        let key = ScreenKey(folder: folder, route: screen.route)
        if screens[key] == nil { screens[key] = ScreenInventory(screen) }
      }
      if let top = state.topScreen, let rendered = state.screen {
        let key = ScreenKey(folder: folder, route: top.route)
        var seen = exercised[key] ?? []
        Self.markRendered(rendered, source: top.node, into: &seen)
        exercised[key] = seen
      }
    }
    for site in observer.lastSession?.coverage?.actions ?? [] {
      exercised[ScreenKey(folder: folder, route: site.route), default: []].insert(site.pointer)
    }
    for branch in observer.lastSession?.coverage?.branches ?? [] {
      let key = ScreenKey(folder: folder, route: branch.site.route)
      branches[key, default: []].insert(Self.branchKey(branch.site.pointer, branch.event))
    }
  }
}
