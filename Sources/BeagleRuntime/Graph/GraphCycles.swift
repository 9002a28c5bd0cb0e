/// Finds the loops of a ``NavigationGraph``.
///
/// A loop of pushes (pushView, pushStack, openNativeRoute without reset) grows the
/// navigation stack each time round: it is flagged. A loop closed by a reset
/// (resetStack, resetApplication, a native route resetting the app) is how apps go
/// "home" and is only noted. Each loop is shown as its shortest cycle through its
/// earliest screen; strongly connected components are found with an iterative
/// Tarjan walk (no recursion, whatever the graph's size).
enum GraphCycles {
  static func flags(of graph: NavigationGraph) -> [GraphFlag] {
    let count = graph.nodes.count
    var growing: [[Int]] = Array(repeating: [], count: count)
    var forward: [[Int]] = Array(repeating: [], count: count)
    for edge in graph.edges where edge.to >= 0 {
      switch edge.kind {
      case .push, .present:
        growing[edge.from].append(edge.to)
        forward[edge.from].append(edge.to)
      case .native:
        if edge.direction == .forward { growing[edge.from].append(edge.to) }
        forward[edge.from].append(edge.to)
      case .reset:
        forward[edge.from].append(edge.to)
      case .pop, .external, .request, .lazy:
        break
      }
    }
    var flags: [GraphFlag] = []
    var inGrowingLoop = Set<Int>()
    for component in loops(growing) {
      inGrowingLoop.formUnion(component)
      let path = shortestCycle(in: component, successors: growing)
      flags.append(
        GraphFlag(
          .cycle,
          "screens push each other in a loop, the stack grows each time round: "
            + describe(path, graph), node: path.first))
    }
    for component in loops(forward) where component.allSatisfy({ !inGrowingLoop.contains($0) }) {
      let path = shortestCycle(in: component, successors: forward)
      flags.append(
        GraphFlag(
          .cycle, isNote: true,
          "a loop closed by a reset (the stack starts again): " + describe(path, graph),
          node: path.first))
    }
    return flags
  }

  private static func describe(_ path: [Int], _ graph: NavigationGraph) -> String {
    path.map { "'\(graph.nodes[$0].route)'" }.joined(separator: " → ")
  }

  /// The strongly connected components that hold a cycle (two nodes or more, or a
  /// node linked to itself), each sorted, ordered by their first node.
  static func loops(_ successors: [[Int]]) -> [[Int]] {
    let count = successors.count
    var index = Array(repeating: -1, count: count)
    var lowLink = Array(repeating: 0, count: count)
    var onStack = Array(repeating: false, count: count)
    var stack: [Int] = []
    var next = 0
    var result: [[Int]] = []
    for start in 0..<count where index[start] < 0 {
      // Each frame: a node and how many of its successors were looked at.
      var frames: [(node: Int, position: Int)] = [(start, 0)]
      index[start] = next
      lowLink[start] = next
      next += 1
      stack.append(start)
      onStack[start] = true
      while let frame = frames.last {
        let node = frame.node
        if frame.position < successors[node].count {
          frames[frames.count - 1].position += 1
          let successor = successors[node][frame.position]
          if index[successor] < 0 {
            index[successor] = next
            lowLink[successor] = next
            next += 1
            stack.append(successor)
            onStack[successor] = true
            frames.append((successor, 0))
          } else if onStack[successor] {
            lowLink[node] = min(lowLink[node], index[successor])
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last {
          lowLink[parent.node] = min(lowLink[parent.node], lowLink[node])
        }
        guard lowLink[node] == index[node] else { continue }
        var component: [Int] = []
        while let top = stack.popLast() {
          onStack[top] = false
          component.append(top)
          if top == node { break }
        }
        if component.count > 1 || successors[node].contains(node) {
          result.append(component.sorted())
        }
      }
    }
    return result.sorted { ($0.first ?? 0) < ($1.first ?? 0) }
  }

  /// The shortest cycle through the component's first node, staying inside it,
  /// as nodes from that node back to it.
  static func shortestCycle(in component: [Int], successors: [[Int]]) -> [Int] {
    guard let start = component.first else { return [] }
    let members = Set(component)
    var previous: [Int: Int] = [:]
    var frontier = [start]
    var head = 0
    while head < frontier.count {
      let node = frontier[head]
      head += 1
      for successor in successors[node] where members.contains(successor) {
        if successor == start {
          var path = [start]
          var current = node
          while current != start {
            path.append(current)
            current = previous[current] ?? start
          }
          return [start] + path.dropFirst().reversed() + [start]
        }
        if previous[successor] == nil {
          previous[successor] = node
          frontier.append(successor)
        }
      }
    }
    return [start, start]
  }
}
