import BeagleJSON

/// A ``NavigationGraph`` as one JSON object `{entry, nodes, edges, flags}`, every
/// member present (null when absent), in discovery order.
public enum GraphJSONRenderer {
  public static func value(of graph: NavigationGraph, entryName: String) -> JSONValue {
    func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    func pointer(_ pointer: JSONPointer?) -> JSONValue {
      pointer.map { .string($0.isRoot ? "" : $0.description) } ?? .null
    }
    let nodes: [JSONValue] = graph.nodes.map { node in
      [
        "id": .int(node.id),
        "kind": .string(node.kind.rawValue),
        "route": .string(node.route),
        "title": optional(node.title),
        "source": optional(node.source),
        "at": pointer(node.at),
        "decodeErrors": .int(node.decodeErrors),
        "firstDecodeError": optional(node.firstDecodeError),
        "error": optional(node.error),
      ]
    }
    let edges: [JSONValue] = graph.edges.map { edge in
      [
        "from": .int(edge.from),
        "to": .int(edge.to),
        "action": .string(edge.action),
        "route": .string(edge.route),
        "kind": .string(edge.kind.rawValue),
        "direction": optional(edge.direction?.rawValue),
        "transition": optional(edge.transition),
        "source": .string(edge.origin),
        "at": pointer(edge.at),
        "fallback": .bool(edge.isFallback),
        "expression": optional(edge.expression),
      ]
    }
    let flags: [JSONValue] = graph.flags.map { flag in
      [
        "kind": .string(flag.kind.rawValue),
        "severity": .string(flag.isNote ? "note" : "flag"),
        "message": .string(flag.message),
        "node": flag.node.map(JSONValue.int) ?? .null,
        "at": pointer(flag.at),
      ]
    }
    return [
      "entry": .string(entryName),
      "nodes": .array(nodes),
      "edges": .array(edges),
      "flags": .array(flags),
    ]
  }
}
