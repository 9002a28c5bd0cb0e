import BeagleJSON

/// The screens an app's BFF adds up to, as ``GraphWalker`` finds them from an entry
/// screen: every screen reached (nodes), every action that leads somewhere (edges),
/// and what looks wrong (flags and notes).
///
/// Nodes and edges are in discovery order (breadth first, actions in source
/// order), so the same BFF always gives the same graph.
///
/// ```swift
/// let graph = GraphWalker(configuration).walk(entry, client: &client).graph
/// graph.nodes[0].route     // "/"
/// graph.edges[0].action    // "beagle:pushView"
/// graph.flags.filter { !$0.isNote }.count
/// ```
public struct NavigationGraph: Sendable, Equatable {
  /// Every screen and leaf, the entry first.
  public var nodes: [GraphNode]
  /// Every link between them, in discovery order.
  public var edges: [GraphEdge]
  /// Problems (``GraphFlag/isNote`` false) and notes, in the order they were found.
  public var flags: [GraphFlag]

  public init(nodes: [GraphNode] = [], edges: [GraphEdge] = [], flags: [GraphFlag] = []) {
    self.nodes = nodes
    self.edges = edges
    self.flags = flags
  }

  /// Whether anything is flagged (notes do not count): `--strict` then fails.
  public var hasFlags: Bool { flags.contains { !$0.isNote } }
}
