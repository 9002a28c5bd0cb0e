import BeagleRuntime

/// Prints a ``NavigationGraph`` for people: a summary line, the nodes, the links,
/// then the flags and notes, in aligned columns.
///
/// ```
/// graph of index.json: 3 screens, 1 leaf, 3 links, 1 flag, 0 notes
///
/// nodes
///   0  screen   /        "Home"  index.json
/// ```
public struct GraphTextRenderer: Sendable {
  /// What the header calls the entry (the file or route given).
  public var entryName: String

  public init(entryName: String) {
    self.entryName = entryName
  }

  /// The graph as text. Every line is written through ``OutlineText/line(_:)``, its
  /// control characters escaped, so no route, title or message can break a line.
  public func render(_ graph: NavigationGraph) -> String {
    let screens = graph.nodes.filter(\.isScreen).count
    let others = graph.nodes.count - screens
    let flags = graph.flags.filter { !$0.isNote }
    let notes = graph.flags.filter(\.isNote)
    var text = OutlineText()
    text.line(
      "graph of \(entryName): \(Count.phrase(screens, "screen")), "
        + "\(Count.phrase(others, "other node")), \(Count.phrase(graph.edges.count, "link")), "
        + "\(Count.phrase(flags.count, "flag")), \(Count.phrase(notes.count, "note"))")

    text.blankLine()
    text.line("nodes")
    Self.table(
      graph.nodes.map { node in
        var columns = [String(node.id), node.kind.rawValue, node.route]
        columns.append(node.title.map { "\"\($0)\"" } ?? "-")
        var place = node.source ?? "-"
        if let at = node.at { place += " " + (at.isRoot ? "/" : at.description) }
        columns.append(place)
        var remarks: [String] = []
        if let error = node.error { remarks.append(error) }
        if node.decodeErrors > 0 {
          remarks.append(
            Count.phrase(node.decodeErrors, "decode error")
              + (node.firstDecodeError.map { ", first: \($0)" } ?? ""))
        }
        columns.append(remarks.joined(separator: "; "))
        return columns
      }, into: &text)

    text.blankLine()
    text.line("links")
    Self.table(
      graph.edges.map { edge in
        // Where the link starts is the action's JSON Pointer, as the nodes, the flags
        // and the JSON format's `at` give it; its component's `#id` is a remark.
        var remarks: [String] = []
        if let component = edge.component { remarks.append("#" + component) }
        if edge.isFallback { remarks.append("fallback") }
        if let transition = edge.transition { remarks.append(transition) }
        if let expression = edge.expression { remarks.append("from '\(expression)'") }
        return [
          "\(edge.from) → \(edge.to)", edge.shortAction, edge.kind.rawValue,
          edge.direction?.rawValue ?? "-", edge.route, edge.at.isRoot ? "/" : edge.at.description,
          remarks.joined(separator: ", "),
        ]
      }, into: &text)

    for (title, list) in [("flags", flags), ("notes", notes)] where !list.isEmpty {
      text.blankLine()
      text.line(title)
      for flag in list {
        text.line("  \(flag.kind.rawValue): \(Self.place(of: flag, in: graph))\(flag.message)")
      }
    }
    return text.text
  }

  /// `index.json /child/onPress/0: ` for a flag about an action.
  static func place(of flag: GraphFlag, in graph: NavigationGraph) -> String {
    guard let node = flag.node, node < graph.nodes.count else { return "" }
    let source = graph.nodes[node].source ?? graph.nodes[node].route
    guard let at = flag.at else { return "\(source): " }
    return "\(source) \(at.isRoot ? "/" : at.description): "
  }

  /// Rows in columns two spaces apart, indented by two, without trailing spaces.
  static func table(_ rows: [[String]], into text: inout OutlineText) {
    // Escaped first, so that the columns line up as printed.
    let rows = rows.map { $0.map { $0.escapingControlCharacters() } }
    var widths: [Int] = []
    for row in rows {
      for (index, cell) in row.enumerated() {
        if index >= widths.count { widths.append(0) }
        widths[index] = max(widths[index], cell.count)
      }
    }
    for row in rows {
      var line = " "
      for (index, cell) in row.enumerated() {
        line += " " + cell
        if index < row.count - 1 {
          line += String(repeating: " ", count: widths[index] - cell.count + 1)
        }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      text.line(line)
    }
  }
}
