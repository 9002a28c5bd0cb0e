import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

/// Rendering counts every component, list items included, against
/// ``ValueLimits/maximumNodes`` (issue #19, "Nested lists multiply").
@Suite struct RenderLimitTests {
  /// Lists nested `depth` deep, each over the context `r` (`count` elements), the
  /// innermost item a text.
  func nestedLists(depth: Int, count: Int) -> String {
    var view = #"{"_beagleComponent_": "beagle:text", "text": "@{i0}"}"#
    for level in 0..<depth {
      view = #"""
        {"_beagleComponent_": "beagle:listView", "dataSource": "@{r}", "iteratorName": "i\#(level)",
         "templates": [{"view": \#(view)}]}
        """#
    }
    let elements = (0..<count).map(String.init).joined(separator: ",")
    return #"""
      {"_beagleComponent_": "beagle:container", "context": {"id": "r", "value": [\#(elements)]},
       "children": [\#(view)]}
      """#
  }

  func session(_ payload: String, maximumNodes: Int) throws -> Session {
    let root = try #require(try decode(payload).root)
    return Session(
      configuration: Session.Configuration(
        registry: .builtIn, limits: ValueLimits(maximumNodes: maximumNodes)),
      firstScreen: Screen(route: "/", root: root))
  }

  @Test("four nested lists over 100 elements stop at the limit with an error at the list")
  func nestedListsStop() throws {
    // 10^8 texts without the limit.
    var session = try session(nestedLists(depth: 4, count: 100), maximumNodes: 1_000)
    let state = session.initialState(log: [])
    let screen = try #require(state.screen)
    #expect(screen.subtreeCount == 1_000)
    let errors = state.log.filter { $0.severity == .error }
    #expect(errors.count == 1)
    #expect(
      errors.first?.message
        == "the screen renders more than 1000 components (list items included); the components "
        + "from here on are left out (nested lists over long data sources?); raise "
        + Setting.maximumNodes.reference + " to render more")
    // The innermost list, whose items no longer fit (the third list inside the first).
    #expect(
      errors.first?.pointer?.description
        == "/children/0/templates/0/view/templates/0/view/templates/0/view")
    #expect(errors.first?.offset != nil)
  }

  @Test("a screen within the limit renders whole and logs nothing")
  func withinLimit() throws {
    // The implicit screen, the container, the outer list, its 10 items (each a list)
    // and their 10 texts each: 1 + 1 + 1 + 10 + 100.
    var session = try session(nestedLists(depth: 2, count: 10), maximumNodes: 1 + 1 + 1 + 10 + 100)
    let state = session.initialState(log: [])
    #expect(state.screen?.subtreeCount == 113)
    #expect(state.log.isEmpty)
  }
}
