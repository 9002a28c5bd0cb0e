import BeagleJSON
import Testing

@testable import BeagleRuntime

/// Rendering changes a component's properties, its place (a list item's path) and its
/// id (a list item's suffix) only: its type, events, context, navigation bar and slot are
/// the ones written (``ScreenEvaluator``: "event handlers, templates and nested actions are
/// left as written", docs/spec.md §4.2; items, docs/spec.md §2.8).
@Suite struct RenderedNodeTests {
  static let payload = """
    {"_beagleComponent_": "beagle:screenComponent", "id": "screen",
     "navigationBar": {"title": "Cart @{c.n}", "showBackButton": true},
     "child": {"_beagleComponent_": "beagle:container", "id": "box",
       "context": {"id": "c", "value": {"n": 2, "items": ["x", "y"]}},
       "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "c", "path": "n",
                   "value": 3}],
       "children": [
        {"_beagleComponent_": "beagle:text", "text": "n=@{c.n}"},
        {"_beagleComponent_": "beagle:button", "id": "go", "text": "Go @{c.n}",
         "onPress": [{"_beagleAction_": "beagle:alert", "message": "@{c.n}"}]},
        {"_beagleComponent_": "beagle:listView", "id": "list", "dataSource": "@{c.items}",
         "templates": [{"view": {"_beagleComponent_": "beagle:text", "id": "t",
           "text": "@{item}"}}]}]}}
    """

  /// Pairs each component of `source` with its render in `rendered`, outside lists.
  func pairs(
    _ source: ComponentNode, _ rendered: ComponentNode
  ) -> [(source: ComponentNode, rendered: ComponentNode)] {
    var found = [(source, rendered)]
    guard source.builtIn?.isList != true else { return found }
    for (child, renderedChild) in zip(source.children, rendered.children) {
      found += pairs(child, renderedChild)
    }
    return found
  }

  @Test("a rendered component keeps its type, events, context, navigation bar and slot")
  func keepsWhatIsNotRendered() throws {
    let root = try #require(try decode(Self.payload).root)
    let screen = Screen(route: "/", root: root)
    let rendered = ScreenEvaluator().evaluate(screen, global: .null)
    let matched = pairs(screen.node, rendered)
    #expect(matched.count == 5)
    for (source, render) in matched {
      #expect(render.type == source.type)
      #expect(render.definition == source.definition)
      #expect(render.events == source.events)
      #expect(render.context == source.context)
      #expect(render.navigationBar == source.navigationBar)
      #expect(render.slot == source.slot)
      #expect(render.location == source.location)
      #expect(render.id == source.id)
      #expect(render.children.count == source.children.count || source.builtIn?.isList == true)
    }
    #expect(matched.map(\.rendered.id) == ["screen", "box", nil, "go", "list"])
    #expect(rendered.navigationBar?.title == "Cart @{c.n}")
    #expect(matched[1].rendered.context?.id == "c")
    #expect(matched[3].rendered.events.map(\.name) == ["onPress"])
    #expect(matched[2].rendered.properties["text"] == "n=2")
  }

  @Test("a list renders one item per element, slot 'items', its templates dropped")
  func listItems() throws {
    let root = try #require(try decode(Self.payload).root)
    let rendered = ScreenEvaluator().evaluate(Screen(route: "/", root: root), global: .null)
    let list = try #require(rendered.children.first?.children.last)
    #expect(list.templates.isEmpty)
    #expect(list.children.map(\.slot) == ["items", "items"])
    #expect(list.children.map(\.id) == ["t:0", "t:1"])
    #expect(list.children.map { $0.properties["text"] } == ["x", "y"])
    #expect(
      list.children.map(\.location.pointer.description) == [
        "/child/children/2/@items/0/view", "/child/children/2/@items/1/view",
      ])
  }
}
