import BeagleJSON

/// Everything of one screen that coverage counts, by category, in source order:
/// components, actions, condition branches, list templates and navigation edges.
package struct ScreenInventory: Sendable, Equatable {
  /// What coverage counts.
  package enum Category: String, Sendable, CaseIterable {
    case components, actions, branches, templates, navigation

    /// `component`, `branch`: how the list of uncovered items names one.
    package var singular: String {
      switch self {
      case .components: "component"
      case .actions: "action"
      case .branches: "branch"
      case .templates: "template"
      case .navigation: "navigation"
      }
    }
  }

  /// One countable thing: where it is and how to name it.
  package struct Item: Sendable, Equatable {
    package var category: Category
    /// Its JSON Pointer in the screen's source.
    package var pointer: JSONPointer
    /// `onTrue` or `onFalse` for a branch, nil otherwise.
    package var branch: String?
    /// `button #save`, `setContext`, `condition onFalse`, `pushView /cart`.
    package var label: String

    package init(category: Category, pointer: JSONPointer, branch: String?, label: String) {
      self.category = category
      self.pointer = pointer
      self.branch = branch
      self.label = label
    }

    /// `/child/children/2`, `/` for the root.
    package var place: String { pointer.isRoot ? "/" : pointer.description }
  }

  package var items: [Item] = []

  package init(items: [Item]) { self.items = items }

  package init(_ screen: Screen) {
    visit(screen.node, isImplicitWrapper: screen.isImplicit)
  }

  package func items(_ category: Category) -> [Item] { items.filter { $0.category == category } }

  private mutating func visit(_ node: ComponentNode, isImplicitWrapper: Bool = false) {
    if !isImplicitWrapper {
      let name = node.isKnown ? node.shortName : node.type
      items.append(
        Item(
          category: .components, pointer: node.location.pointer, branch: nil,
          label: name + (node.id.map { " #\($0)" } ?? "")))
    }
    for handler in node.events { visit(handler.actions) }
    for item in node.navigationBar?.items ?? [] { visit(item.actions) }
    for template in Self.templates(of: node) {
      items.append(
        Item(
          category: .templates, pointer: template.pointer, branch: nil,
          label: "template of \(node.shortName)\(node.id.map { " #\($0)" } ?? "")"))
      visit(template.view)
    }
    for child in node.children where child.slot != "template" { visit(child) }
  }

  private mutating func visit(_ actions: [ActionNode]) {
    for action in actions {
      let pointer = action.location.pointer
      items.append(
        Item(category: .actions, pointer: pointer, branch: nil, label: action.shortName))
      if action.builtIn == .condition {
        for branch in ["onTrue", "onFalse"] {
          items.append(
            Item(
              category: .branches, pointer: pointer, branch: branch,
              label: "condition \(branch)"))
        }
      }
      if action.builtIn?.isNavigation == true {
        items.append(
          Item(
            category: .navigation, pointer: pointer, branch: nil,
            label: ActionSummary.summary(of: action)))
      }
      for handler in action.events { visit(handler.actions) }
    }
  }

  /// A list or grid view's templates: `templates`, or the single `template` child.
  package static func templates(
    of node: ComponentNode
  ) -> [(pointer: JSONPointer, view: ComponentNode)] {
    guard node.builtIn?.isList == true else { return [] }
    if !node.templates.isEmpty { return node.templates.map { ($0.location.pointer, $0.view) } }
    guard let single = node.children.first(where: { $0.slot == "template" }) else { return [] }
    return [(single.location.pointer, single)]
  }
}
