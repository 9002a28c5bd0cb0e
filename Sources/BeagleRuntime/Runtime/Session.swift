import BeagleJSON

/// A running Beagle app: the navigation stacks, the global context, and the
/// problems found so far. The first screen is the only screen of the only stack.
public struct Session: Sendable {
  public let registry: Registry
  public private(set) var stacks: [[Screen]]
  public private(set) var global: JSONValue
  public private(set) var step = 0

  public init(registry: Registry, firstScreen: Screen, global: JSONValue = .null) {
    self.registry = registry
    self.stacks = [[firstScreen]]
    self.global = global
  }

  /// The state right after the first screen loaded (step 0).
  public func initialState(log: [Diagnostic]) -> RunState {
    let top = stacks.last?.last
    return RunState(
      step: 0, event: "load \(top?.route ?? "")", stacks: stacks, screen: top?.node,
      contexts: top.map(contexts(of:)) ?? [], log: log)
  }

  /// Every context declared on `screen`, outermost first (pre-order), then `global`.
  public func contexts(of screen: Screen) -> [ContextEntry] {
    var entries: [ContextEntry] = []
    var work = [screen.node]
    while let node = work.popLast() {
      if let context = node.context {
        entries.append(
          ContextEntry(id: context.id, value: context.value, declaredAt: node.location.pointer))
      }
      work.append(contentsOf: node.children.reversed())
    }
    entries.append(ContextEntry(id: "global", value: global, declaredAt: nil))
    return entries
  }
}
