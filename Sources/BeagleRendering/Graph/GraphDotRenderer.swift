import BeagleRuntime

/// A ``NavigationGraph`` in Graphviz's DOT language (`dot -Tsvg graph.dot`).
///
/// Nodes are `n0`, `n1`, … labelled with their route, title and source; the entry
/// has a double border. Shapes tell kinds apart (box: screens, rounded: native,
/// dashed: local, dotted: fallback, component: lazy, note: external URL,
/// parallelogram: request, red dashed: missing, orange hexagon: unevaluated
/// expression). Edges are labelled with their action; back links are dashed,
/// resets bold, fallback links dotted. Labels are DOT strings with `"` and `\`
/// escaped.
public enum GraphDotRenderer {
  public static func render(_ graph: NavigationGraph) -> String {
    var text = "digraph beagle {\n"
    text += "  rankdir=LR;\n"
    text += "  node [shape=box, fontname=\"Helvetica\", fontsize=11];\n"
    text += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
    for node in graph.nodes {
      var attributes = ["label=" + quoted(label(of: node))]
      attributes += style(of: node.kind)
      if node.id == 0 { attributes.append("peripheries=2") }
      text += "  n\(node.id) [\(attributes.joined(separator: ", "))];\n"
    }
    for edge in graph.edges where edge.to >= 0 {
      var label = edge.shortAction
      if edge.isFallback { label += "\nfallback" }
      var attributes = ["label=" + quoted(label)]
      switch edge.kind {
      case .pop: attributes.append("style=dashed")
      case .reset: attributes.append("style=bold")
      case .request, .lazy, .external: attributes.append("color=gray40")
      case .native where edge.direction == .reset: attributes.append("style=bold")
      default: break
      }
      if edge.isFallback { attributes.append("style=dotted") }
      text += "  n\(edge.from) -> n\(edge.to) [\(attributes.joined(separator: ", "))];\n"
    }
    return text + "}\n"
  }

  static func label(of node: GraphNode) -> String {
    var lines = [node.route]
    if let title = node.title { lines.append("\"\(title)\"") }
    switch node.kind {
    case .missing: lines.append("no screen")
    case .expression: lines.append("not followed")
    default: if let source = node.source { lines.append(source) }
    }
    if node.decodeErrors > 0 { lines.append(Count.phrase(node.decodeErrors, "decode error")) }
    return lines.joined(separator: "\n")
  }

  private static func style(of kind: GraphNode.Kind) -> [String] {
    switch kind {
    case .screen: []
    case .native: ["style=rounded"]
    case .local: ["style=dashed"]
    case .fallback: ["style=dotted"]
    case .lazy: ["shape=component"]
    case .external: ["shape=note"]
    case .request: ["shape=parallelogram"]
    case .missing: ["color=red", "fontcolor=red", "style=dashed"]
    case .expression: ["shape=hexagon", "color=orange"]
    }
  }

  /// A DOT double-quoted string: `\` and `"` escaped, line breaks as `\n`.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": break
      default: result.append(character)
      }
    }
    return result + "\""
  }
}
