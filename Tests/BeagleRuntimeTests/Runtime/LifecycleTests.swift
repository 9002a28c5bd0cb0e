import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

/// What happens when components appear: onInit, onScrollEnd of empty lists and lazy
/// components (docs/spec.md §2.19, §2.8, §2.16).
@Suite struct LifecycleTests {
  /// An onInit that appends `name` to the global context (a list of names).
  static func mark(_ name: String) -> String {
    """
    "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "global",
                "value": "@{insert(global, '\(name)')}"}]
    """
  }

  @Test("onInit runs once per component, in post-order: descendants first, siblings left to right")
  func postOrder() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", \(Self.mark("root")), "children": [
        {"_beagleComponent_": "beagle:container", \(Self.mark("a")), "children": [
          {"_beagleComponent_": "beagle:container", \(Self.mark("a1"))}]},
        {"_beagleComponent_": "beagle:container", \(Self.mark("b"))}]}
      """)
    session.setGlobal([])
    let first = session.state(step: 0, event: "load")
    #expect(first.contexts.last?.value == ["a1", "a", "b", "root"])
    #expect(first.actions.count == 4)
    #expect(first.actions.allSatisfy { $0.text.hasPrefix("onInit → setContext") })
    let second = session.state(step: 1, event: "again")
    #expect(second.actions.isEmpty)
    #expect(second.contexts.last?.value == ["a1", "a", "b", "root"])
  }

  @Test("an onInit that makes components with an onInit appear: theirs run in the same step")
  func initMakesInits() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "context": {"id": "page", "value": {"items": []}},
       "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "page", "path": "items",
                   "value": ["x", "y"]}],
       "children": [{"_beagleComponent_": "beagle:listView", "dataSource": "@{page.items}",
         "templates": [{"view": {"_beagleComponent_": "beagle:container", \(Self.mark("item"))}}]}]}
      """)
    session.setGlobal([])
    let first = session.state(step: 0, event: "load")
    #expect(first.contexts.last?.value == ["item", "item"])
    #expect(first.actions.count == 3)
    let second = session.state(step: 1, event: "again")
    #expect(second.actions.isEmpty)
  }

  @Test("onInits that change nothing shown run once; the next state runs none")
  func initsChangingNothing() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:container",
         "onInit": [{"_beagleAction_": "beagle:sendRequest", "url": "/a"}]},
        {"_beagleComponent_": "beagle:container",
         "onInit": [{"_beagleAction_": "beagle:sendRequest", "url": "/b"}]}]}
      """)
    let first = session.state(step: 0, event: "load")
    #expect(first.actions.map(\.text).allSatisfy { $0.hasPrefix("onInit → sendRequest") })
    #expect(first.actions.count == 2)
    #expect(first.requests.map(\.url) == ["/a", "/b"])
    let second = session.state(step: 1, event: "again")
    #expect(second.actions.isEmpty)
  }

  @Test("list items run their template's onInit when they first appear, in their own scope")
  func itemInit() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:listView", "dataSource": "@{global.items}",
       "templates": [{"view": {"_beagleComponent_": "beagle:container",
         "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "seen",
                     "value": "@{insert(global.seen, item)}"}]}}]}
      """)
    session.setGlobal(["items": ["x"], "seen": []])
    #expect(session.state(step: 0, event: "load").contexts.last?.value["seen"] == ["x"])
    #expect(
      session.perform(
        .action([
          "_beagleAction_": "beagle:setContext", "contextId": "global", "path": "items",
          "value": ["x", "y"],
        ])) == .done)
    #expect(session.state(step: 1, event: "add").contexts.last?.value["seen"] == ["x", "y"])
  }

  @Test("onScrollEnd fires at once for an empty data source, again only after it changes")
  func scrollEnd() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:listView", "dataSource": "@{global.page}",
       "onScrollEnd": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "count",
                        "value": "@{sum(global.count, 1)}"}],
       "templates": [{"view": {"_beagleComponent_": "beagle:text", "text": "@{item}"}}]}
      """)
    session.setGlobal(["page": [], "count": 0])
    #expect(session.state(step: 0, event: "load").contexts.last?.value["count"] == 1)
    #expect(session.state(step: 1, event: "nothing").contexts.last?.value["count"] == 1)
    session.setGlobal(["page": ["a"], "count": 1])
    #expect(session.state(step: 2, event: "non-empty").contexts.last?.value["count"] == 1)
  }

  @Test("a lazy component is fetched and takes the place of its initial state")
  func lazy() throws {
    let client = StubViewClient([
      "/more": .success(
        FetchedScreen(
          bytes: Array(#"{"_beagleComponent_": "beagle:text", "text": "loaded @{c}"}"#.utf8),
          url: "/more", source: "/more"))
    ])
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": 1}, "children": [
        {"_beagleComponent_": "beagle:lazyComponent", "path": "/more",
         "initialState": {"_beagleComponent_": "beagle:text", "text": "loading"}},
        {"_beagleComponent_": "beagle:lazyComponent", "path": "/missing",
         "initialState": {"_beagleComponent_": "beagle:text", "text": "still loading"}}]}
      """, viewClient: client)
    let state = session.state(step: 0, event: "load")
    #expect(state.screen.map(Session.visibleTexts(in:)) == ["loaded 1", "still loading"])
    #expect(state.log.map(\.severity) == [.error])
    #expect(state.log.first?.message.contains("initial state stays") == true)
    #expect(session.state(step: 1, event: "again").log.isEmpty)
  }

  // docs/spec.md §2.16: iOS renders the template in every cell, and each cell's lazy
  // component fetches its path and replaces its initial state, in the item's scope.
  @Test("a lazy component inside list items loads in each item, in the item's scope")
  func lazyInListItems() throws {
    var session = try lazyRowsSession(
      answering: #"{"_beagleComponent_": "beagle:text", "text": "row @{item}"}"#)
    let state = session.state(step: 0, event: "load")
    #expect(state.screen.map(Session.visibleTexts(in:)) == ["row a", "row b"])
    #expect(state.log.isEmpty)
    #expect(state.requests.count == 2)
  }

  // docs/spec.md §2.8, §2.16: the answer takes the lazy component's place in the item,
  // so its ids get the item's suffix like the template's own (the template has none).
  @Test("ids in a lazy component's answer inside list items get the item's suffix")
  func lazyAnswerIdsInListItems() throws {
    var session = try lazyRowsSession(
      answering: #"{"_beagleComponent_": "beagle:text", "id": "row", "text": "@{item}"}"#)
    let state = session.state(step: 0, event: "load")
    let list = try #require(state.screen?.children.first)
    #expect(list.children.map(\.id) == ["row:0", "row:1"])
    #expect(state.screen.map(Session.visibleTexts(in:)) == ["a", "b"])
  }

  /// A list of two items ("a", "b") whose template is a lazy component fetching `/row`,
  /// which answers `answer`.
  private func lazyRowsSession(answering answer: String) throws -> Session {
    let client = StubViewClient([
      "/row": .success(FetchedScreen(bytes: Array(answer.utf8), url: "/row", source: "/row"))
    ])
    return try session(
      """
      {"_beagleComponent_": "beagle:listView", "dataSource": ["a", "b"],
       "templates": [{"view": {"_beagleComponent_": "beagle:lazyComponent", "path": "/row",
         "initialState": {"_beagleComponent_": "beagle:text", "text": "loading"}}}]}
      """, viewClient: client)
  }
}
