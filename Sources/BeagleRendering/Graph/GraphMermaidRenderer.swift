import BeagleRuntime

/// A ``NavigationGraph`` as a Mermaid flowchart (GitHub renders it in a
/// ```` ```mermaid ```` block; `mmdc -i graph.mmd` draws it).
///
/// Nodes are `n0`, `n1`, … with quoted labels (route, title, source, separated by
/// `<br/>`); shapes tell kinds apart (rectangle: screens, stadium: native,
/// subroutine: lazy, parallelogram: requests and external URLs, hexagon:
/// unevaluated expressions) and missing screens use the `missing` class. Back
/// links are dotted arrows, resets thick ones. Label text is escaped with Mermaid's
/// entity codes (`#quot;`, `#35;`, `#lt;`, `#gt;`, `#amp;`, `#124;`, `#64;`).
public enum GraphMermaidRenderer {
  public static func render(_ graph: NavigationGraph) -> String {
    var text = "flowchart LR\n"
    for node in graph.nodes {
      let label =
        "\""
        + GraphDotRenderer.label(of: node).split(
          separator: "\n", omittingEmptySubsequences: false
        ).map { escape(String($0)) }.joined(separator: "<br/>") + "\""
      let shaped: String
      switch node.kind {
      case .screen, .local, .fallback, .missing: shaped = "[\(label)]"
      case .native: shaped = "([\(label)])"
      case .lazy: shaped = "[[\(label)]]"
      case .external, .request: shaped = "[/\(label)/]"
      case .expression: shaped = "{{\(label)}}"
      }
      text += "  n\(node.id)\(shaped)"
      switch node.kind {
      case .missing: text += ":::missing"
      case .expression: text += ":::expression"
      default: break
      }
      text += "\n"
    }
    for edge in graph.edges where edge.to >= 0 {
      var label = escape(edge.shortAction)
      if edge.isFallback { label += "<br/>fallback" }
      let arrow: String
      switch edge.kind {
      case .pop: arrow = "-.->"
      case .reset: arrow = "==>"
      case .native where edge.direction == .reset: arrow = "==>"
      default: arrow = edge.isFallback ? "-.->" : "-->"
      }
      text += "  n\(edge.from) \(arrow)|\"\(label)\"| n\(edge.to)\n"
    }
    text += "  classDef missing stroke:#d00,color:#d00,stroke-dasharray:4\n"
    text += "  classDef expression stroke:#e80\n"
    if !graph.nodes.isEmpty { text += "  style n0 stroke-width:3px\n" }
    return text
  }

  /// Text inside a quoted Mermaid label.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "#": result += "#35;"
      case "\"": result += "#quot;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      case "&": result += "#amp;"
      case "|": result += "#124;"
      // `@{` opens a node's shape in Mermaid 11, even where it should not.
      case "@": result += "#64;"
      case "\n", "\r": result += " "
      default: result.append(character)
      }
    }
    return result
  }
}
