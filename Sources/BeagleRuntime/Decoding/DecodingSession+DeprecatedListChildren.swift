import BeagleJSON

extension DecodingSession {
  /// The iterator name given to a list built from its deprecated `children`. iOS
  /// picks a random `__list_N`, which no binding can name; a fixed one keeps the
  /// output deterministic.
  static let deprecatedListIterator = "__list_0"

  /// Gives a `beagle:listView` without `templates` or `template` the shape iOS decodes
  /// its deprecated static `children` into (`ListView.swift`, `init(from:)`): a data
  /// source of one empty element and one template, a `beagle:container` holding the
  /// children (none for an empty list view) whose `style.flex.flexDirection` follows
  /// the list's `direction` (docs/spec.md §2.8).
  func wrapDeprecatedChildren(of list: inout ComponentNode) {
    guard list.templates.isEmpty, !list.children.contains(where: { $0.slot == "template" }),
      let container = registry.component(named: BuiltInComponent.container.name)
    else { return }
    var properties = JSONObject()
    switch list.properties["direction"]?.stringValue {
    case "VERTICAL": properties["style"] = ["flex": ["flexDirection": "COLUMN"]]
    case "HORIZONTAL": properties["style"] = ["flex": ["flexDirection": "ROW"]]
    default: break
    }
    let view = ComponentNode(
      type: container.name, definition: container, properties: LazyJSONObject(properties),
      children: list.children.filter { $0.slot == "children" }, slot: "templates",
      location: list.location)
    list.children.removeAll { $0.slot == "children" }
    list.templates = [Template(condition: nil, view: view, location: list.location)]
    list.properties["dataSource"] = [.null]
    if list.properties["iteratorName"] == nil {
      list.properties["iteratorName"] = .string(Self.deprecatedListIterator)
    }
  }
}
