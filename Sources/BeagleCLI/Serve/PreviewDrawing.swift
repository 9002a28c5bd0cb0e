import BeagleRuntime

/// How the page draws a state's screen: the one place that chooses the drawing,
/// so replacing it is one change.
///
/// For now it is the text renderer's state in a `<pre>` (what `run` prints), with
/// the screen's interactive components beside it as real controls: a button for
/// each component a `tap` presses, a field for each text input. Every control
/// carries its component's `data-beagle-id` (or, without an id, the step it
/// performs in `data-beagle-step`), which is all the page's script reads.
enum PreviewDrawing {
  /// The HTML of `state`'s screen, its diagnostics placed by `place`.
  static func draw(_ state: RunState, place: @escaping @Sendable (Diagnostic) -> String?) -> String
  {
    let text = TextRenderer(locate: place).render(state)
    var html = "<pre class=\"state\" data-beagle-screen>" + text.escapingHTML + "</pre>\n"
    if let screen = state.screen {
      var controls = ""
      appendControls(of: screen, into: &controls)
      if !controls.isEmpty {
        html += "<div class=\"controls\"><h2>Controls</h2>\n" + controls + "</div>\n"
      }
    }
    return html
  }

  /// A control for each visible component a user can press or type into, in
  /// screen order.
  private static func appendControls(of root: ComponentNode, into html: inout String) {
    var work = [root]
    while let node = work.popLast() {
      if node.properties["style"]?["display"] == .string("NONE") { continue }
      work.append(contentsOf: node.children.reversed())
      let label = label(of: node)
      if node.builtIn == .textInput {
        let value = node.properties["value"]?.stringValue ?? ""
        let placeholder = node.properties["placeholder"]?.stringValue ?? ""
        // The page types into it with `type TARGET "…"`: by id, else by placeholder.
        let target = node.id.map { "#" + $0 } ?? placeholder.quotedForScript
        let idAttribute = node.id.map { " data-beagle-id=\"\($0.escapingHTML)\"" } ?? ""
        let readOnly = Session.isReadOnlyInput(node) ? " readonly" : ""
        html +=
          "<label class=\"control\">\(placeholder.isEmpty ? "text input" : placeholder.escapingHTML)"
          + " <input type=\"text\"\(idAttribute) data-beagle-target=\"\(target.escapingHTML)\""
          + " value=\"\(value.escapingHTML)\" placeholder=\"\(placeholder.escapingHTML)\"\(readOnly)></label>\n"
      } else if node.event("onPress") != nil || node.builtIn == .button {
        let attributes =
          node.id.map { "data-beagle-id=\"\($0.escapingHTML)\"" }
          ?? "data-beagle-step=\"\("tap \(label.quotedForScript)".escapingHTML)\""
        let disabled = node.properties["enabled"] == .bool(false) ? " aria-disabled=\"true\"" : ""
        html +=
          "<button type=\"button\" class=\"control\" \(attributes)\(disabled)>"
          + (label.isEmpty ? "#" + (node.id ?? "?") : label).escapingHTML + "</button>\n"
      }
    }
  }

  /// What a user reads on a pressable component: a button's label, or the first
  /// text inside a touchable.
  private static func label(of node: ComponentNode) -> String {
    var work = [node]
    while let next = work.popLast() {
      if let text = Session.visibleLabels(of: next).first { return text }
      work.append(contentsOf: next.children.reversed())
    }
    return ""
  }
}
