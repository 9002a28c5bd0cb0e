import BeagleJSON
import BeagleRuntime

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
  /// The text `JSONPrinter(style: .pretty)` prints for ``value(of:entryName:)``
  /// (the same bytes), written straight into a byte buffer: a graph of thousands of
  /// screens prints in a few milliseconds.
  public static func text(of graph: NavigationGraph, entryName: String) -> String {
    var writer = PrettyWriter()
    writer.raw("{\n  \"entry\": ")
    writer.string(entryName)
    writer.raw(",\n  \"nodes\": ")
    writer.list(graph.nodes) { writer, node in
      writer.member("id", first: true)
      writer.raw(String(node.id))
      writer.member("kind")
      writer.string(node.kind.rawValue)
      writer.member("route")
      writer.string(node.route)
      writer.member("title")
      writer.optional(node.title)
      writer.member("source")
      writer.optional(node.source)
      writer.member("at")
      writer.optional(node.at.map { $0.isRoot ? "" : $0.description })
      writer.member("decodeErrors")
      writer.raw(String(node.decodeErrors))
      writer.member("firstDecodeError")
      writer.optional(node.firstDecodeError)
      writer.member("error")
      writer.optional(node.error)
    }
    writer.raw(",\n  \"edges\": ")
    writer.list(graph.edges) { writer, edge in
      writer.member("from", first: true)
      writer.raw(String(edge.from))
      writer.member("to")
      writer.raw(String(edge.to))
      writer.member("action")
      writer.string(edge.action)
      writer.member("route")
      writer.string(edge.route)
      writer.member("kind")
      writer.string(edge.kind.rawValue)
      writer.member("direction")
      writer.optional(edge.direction?.rawValue)
      writer.member("transition")
      writer.optional(edge.transition)
      writer.member("source")
      writer.string(edge.origin)
      writer.member("at")
      writer.string(edge.at.isRoot ? "" : edge.at.description)
      writer.member("fallback")
      writer.raw(edge.isFallback ? "true" : "false")
      writer.member("expression")
      writer.optional(edge.expression)
    }
    writer.raw(",\n  \"flags\": ")
    writer.list(graph.flags) { writer, flag in
      writer.member("kind", first: true)
      writer.string(flag.kind.rawValue)
      writer.member("severity")
      writer.string(flag.isNote ? "note" : "flag")
      writer.member("message")
      writer.string(flag.message)
      writer.member("node")
      writer.raw(flag.node.map(String.init) ?? "null")
      writer.member("at")
      writer.optional(flag.at.map { $0.isRoot ? "" : $0.description })
    }
    writer.raw("\n}")
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

/// Writes the graph's JSON as ``JSONPrinter``'s pretty style does: two-space
/// indentation, `"key": value`, `[]` for an empty list, strings escaped the same
/// way (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other controls as `\u00xx`).
private struct PrettyWriter {
  var bytes: [UInt8] = []

  mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// An array of objects at depth 1, each member written by `body`.
  mutating func list<Element>(_ items: [Element], _ body: (inout PrettyWriter, Element) -> Void) {
    guard !items.isEmpty else { return raw("[]") }
    raw("[")
    for (index, item) in items.enumerated() {
      raw(index == 0 ? "\n    {" : ",\n    {")
      body(&self, item)
      raw("\n    }")
    }
    raw("\n  ]")
  }

  /// A member's key inside an object at depth 2.
  mutating func member(_ key: String, first: Bool = false) {
    raw(first ? "\n      \"" : ",\n      \"")
    raw(key)
    raw("\": ")
  }

  mutating func optional(_ text: String?) {
    guard let text else { return raw("null") }
    string(text)
  }

  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case 0x0A: raw("\\n")
      case 0x0D: raw("\\r")
      case 0x09: raw("\\t")
      case 0x08: raw("\\b")
      case 0x0C: raw("\\f")
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        raw("\\u00")
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
