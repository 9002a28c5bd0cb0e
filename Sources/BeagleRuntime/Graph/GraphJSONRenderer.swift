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

extension GraphJSONRenderer {
  /// The text `JSONPrinter(style: .pretty)` prints for ``value(of:entryName:)``,
  /// built node by node: each element is printed on its own and indented, so the
  /// cost stays linear however large the graph (printing a multi-megabyte value in
  /// one buffer copies the buffer as it grows).
  public static func text(of graph: NavigationGraph, entryName: String) -> String {
    let printer = JSONPrinter(style: .pretty)
    guard case .object(let object) = value(of: graph, entryName: entryName) else { return "" }
    var text = "{"
    for (offset, (key, member)) in object.members.enumerated() {
      text += (offset == 0 ? "" : ",") + "\n  " + printer.print(.string(key)) + ": "
      guard case .array(let items) = member, !items.isEmpty else {
        text += printer.print(member)
        continue
      }
      text += "["
      for (index, item) in items.enumerated() {
        // Strings never hold a raw line break (the printer escapes it).
        let lines = printer.print(item).split(separator: "\n", omittingEmptySubsequences: false)
        text += (index == 0 ? "" : ",") + "\n    " + lines.joined(separator: "\n    ")
      }
      text += "\n  ]"
    }
    return text + "\n}"
  }
}
