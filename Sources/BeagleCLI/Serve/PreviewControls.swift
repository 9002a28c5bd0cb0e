import BeagleJSON
import BeagleRendering
import BeagleRuntime

/// The screen's interactive components as the page's script uses them: the step a
/// click on a drawn component performs, and the target a drawn text input is
/// typed into with, by its rendered path (`data-beagle-path`).
///
/// A component with an id is targeted by it (`tap #id`), else by what a user reads
/// on it (`tap "Buy"`, a text input's placeholder), as script steps are written.
enum PreviewControls {
  /// Both maps from one walk over the screen (it is done on every event):
  ///
  /// - `taps`, `{"/child/children/1": "tap #inc", …}`: the step a click on the drawn
  ///   component at each rendered path performs;
  /// - `inputs`, `{"/child/children/4/children/1": "#name", …}`: the target a text
  ///   input drawn at each rendered path is typed into with (`type TARGET "…"`).
  static func maps(in state: RunState) -> (taps: String, inputs: String) {
    var taps = JSONObject()
    var inputs = JSONObject()
    for item in items(in: state) {
      switch item.kind {
      case .pressable:
        taps[renderedPath(of: item.node)] = .string("tap \(item.target)")
      case .input(_, _, let isReadOnly):
        if !isReadOnly { inputs[renderedPath(of: item.node)] = .string(item.target) }
      }
    }
    return (JSONPrinter().print(.object(taps)), JSONPrinter().print(.object(inputs)))
  }

  /// A component's `data-beagle-path` as the drawing writes it (`/` for the root).
  private static func renderedPath(of node: ComponentNode) -> String {
    let pointer = node.location.pointer
    return pointer.isRoot ? "/" : pointer.description
  }

  // MARK: - Items

  private struct Item {
    enum Kind {
      case input(value: String, placeholder: String, isReadOnly: Bool)
      case pressable(label: String, isDisabled: Bool)
    }
    var node: ComponentNode
    var kind: Kind
    /// `#id` or `"text"`.
    var target: String
  }

  private static func items(in state: RunState) -> [Item] {
    guard let root = state.screen else { return [] }
    var items: [Item] = []
    var work = [root]
    while let node = work.popLast() {
      if node.properties["style"]?["display"] == .string("NONE") { continue }
      work.append(contentsOf: node.children.reversed())
      if node.builtIn == .textInput {
        let value = node.properties["value"]?.stringValue ?? ""
        let placeholder = node.properties["placeholder"]?.stringValue ?? ""
        items.append(
          Item(
            node: node,
            kind: .input(
              value: value, placeholder: placeholder,
              isReadOnly: Session.isReadOnlyInput(node)),
            target: node.id.map { "#" + $0 } ?? placeholder.quotedForScript))
      } else if node.event("onPress") != nil || node.builtIn == .button {
        let label = label(of: node)
        items.append(
          Item(
            node: node,
            kind: .pressable(label: label, isDisabled: node.properties["enabled"] == .bool(false)),
            target: node.id.map { "#" + $0 } ?? label.quotedForScript))
      }
    }
    return items
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
