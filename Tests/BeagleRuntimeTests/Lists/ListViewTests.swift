import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

/// Lists and grids render their data source through templates (docs/spec.md §2.8, iOS).
@Suite struct ListViewTests {
  static let catalog = """
    {"_beagleComponent_": "beagle:container",
     "context": {"id": "catalog", "value": [
       {"sku": "A-1", "name": "Leash", "inStock": true},
       {"sku": "B-2", "name": "Bowl", "inStock": false},
       {"sku": 7, "name": "Ball", "inStock": true}]},
     "children": [{"_beagleComponent_": "beagle:listView", "id": "list",
       "dataSource": "@{catalog}", "iteratorName": "product", "key": "sku",
       "templates": [
         {"case": "@{not(product.inStock)}",
          "view": {"_beagleComponent_": "beagle:text", "id": "sold", "text": "@{product.name} (sold out)"}},
         {"view": {"_beagleComponent_": "beagle:button", "id": "add", "text": "Add @{product.name}",
          "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "global",
                       "value": "@{product.sku}"}]}}]},
      {"_beagleComponent_": "beagle:text", "text": "picked @{global}"}]}
    """

  func rendered(_ session: inout Session) -> ComponentNode? {
    session.state(step: 1, event: "test").screen
  }

  @Test("each element gets the first template whose case is true, else the first without case")
  func templateChoice() throws {
    var session = try session(Self.catalog)
    #expect(
      texts(&session) == ["Add Leash", "Bowl (sold out)", "Add Ball", "picked "])
  }

  /// A `case` is evaluated for every item: the screen parses it once, with its bindings.
  @Test("a template's case condition is parsed with the screen's bindings")
  func caseParsedOnce() throws {
    let root = try #require(try decode(Self.catalog).root)
    let screen = Screen(route: "/", root: root)
    #expect(
      screen.parsedBindings["@{not(product.inStock)}"] == StringTemplate("@{not(product.inStock)}"))
  }

  @Test("ids inside items get ':' and the item's key value, or the index without a key")
  func idSuffixes() throws {
    var keyed = try session(Self.catalog)
    let list = try #require(rendered(&keyed)?.children.first?.children.first)
    #expect(list.children.map(\.id) == ["add:A-1", "sold:B-2", "add:7"])
    var unkeyed = try session(Self.catalog.replacingOccurrences(of: #""key": "sku","#, with: ""))
    let items = try #require(rendered(&unkeyed)?.children.first?.children.first?.children)
    #expect(items.map(\.id) == ["add:0", "sold:1", "add:2"])
  }

  @Test("a tap inside an item runs in the item's scope")
  func tapInItem() throws {
    var session = try session(Self.catalog)
    #expect(session.perform(.tap(.id("add:7"))) == .done)
    #expect(texts(&session).last == "picked 7")
    #expect(session.perform(.tap(.text("Add Leash"))) == .done)
    #expect(texts(&session).last == "picked A-1")
  }

  @Test(
    "web items see their index by indexName (default 'index'); iOS and Android items have none",
    arguments: [
      (NavigationProfile.web, ["x=a i=0", "x=b i=1", "a j=0", "b j=1", "picked "]),
      (.ios, ["x=a i=", "x=b i=", "a j=", "b j=", "picked "]),
      (.android, ["x=a i=", "x=b i=", "a j=", "b j=", "picked "]),
    ])
  func itemIndex(profile: NavigationProfile, expected: [String]) throws {
    let payload = """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": ["a", "b"]},
       "children": [
        {"_beagleComponent_": "beagle:listView", "dataSource": "@{c}", "iteratorName": "x",
         "templates": [{"view": {"_beagleComponent_": "beagle:text", "text": "x=@{x} i=@{index}"}}]},
        {"_beagleComponent_": "beagle:listView", "dataSource": "@{c}", "indexName": "j",
         "templates": [{"view": {"_beagleComponent_": "beagle:button", "id": "pick",
           "text": "@{item} j=@{j}", "onPress": [{"_beagleAction_": "beagle:setContext",
             "contextId": "global", "value": "@{j}"}]}}]},
        {"_beagleComponent_": "beagle:text", "text": "picked @{global}"}]}
      """
    let root = try #require(
      Decoder(profile: profile).decode(try JSONDocument(parsing: Array(payload.utf8))).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn, profile: profile),
      firstScreen: Screen(route: "/", root: root))
    #expect(texts(&session) == expected)
    // An action inside an item runs in the item's scope, its index included on web.
    #expect(session.perform(.tap(.id("pick:1"))) == .done)
    #expect(texts(&session).last == (profile == .web ? "picked 1" : "picked "))
  }

  @Test("a data source that is not an array shows zero items")
  func nonArray() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:listView", "dataSource": "@{global}",
       "templates": [{"view": {"_beagleComponent_": "beagle:text", "text": "@{item}"}}]}
      """)
    #expect(texts(&session) == [])
    session.setGlobal(["a", "b"])
    #expect(texts(&session) == ["a", "b"])
  }

  @Test("the deprecated single template renders like one template without case")
  func singleTemplate() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:listView", "dataSource": [1, 2],
       "template": {"_beagleComponent_": "beagle:text", "text": "n@{item}"}}
      """)
    #expect(texts(&session) == ["n1", "n2"])
  }

  @Test("no template applies: the item renders nothing")
  func noTemplate() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:listView", "dataSource": [1, 2],
       "templates": [{"case": "@{eq(item, 2)}", "view": {"_beagleComponent_": "beagle:text", "text": "two"}}]}
      """)
    #expect(texts(&session) == ["two"])
  }

  @Test("nested lists chain the id suffixes and see both iterators")
  func nested() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:listView", "iteratorName": "row",
       "dataSource": [{"n": "a", "cells": [1, 2]}, {"n": "b", "cells": [3]}], "key": "n",
       "templates": [{"view": {"_beagleComponent_": "beagle:listView", "id": "inner",
         "dataSource": "@{row.cells}", "iteratorName": "cell",
         "templates": [{"view": {"_beagleComponent_": "beagle:text", "id": "t",
           "text": "@{row.n}@{cell}"}}]}}]}
      """)
    let outer = try #require(rendered(&session)?.children.first)
    #expect(outer.children.map(\.id) == ["inner:a", "inner:b"])
    #expect(outer.children.flatMap { $0.children.map(\.id) } == ["t:a:0", "t:a:1", "t:b:0"])
    #expect(texts(&session) == ["a1", "a2", "b3"])
  }

  // docs/spec.md §2.8: every id inside an item gets the item's suffix, whatever lies
  // between the template's view and the component; an outer template without an id
  // still passes its items' keys down (rendering skips the suffixes only when no
  // component below can show an id).
  @Test("an id below template views without one still gets every enclosing item's suffix")
  func nestedIdUnderViewsWithout() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:listView", "iteratorName": "row",
       "dataSource": [{"n": "a", "cells": [1, 2]}, {"n": "b", "cells": [3]}], "key": "n",
       "templates": [{"view": {"_beagleComponent_": "beagle:container", "children": [
         {"_beagleComponent_": "beagle:listView",
          "dataSource": "@{row.cells}", "iteratorName": "cell",
          "templates": [{"view": {"_beagleComponent_": "beagle:container", "children": [
            {"_beagleComponent_": "beagle:text", "text": "@{row.n}"},
            {"_beagleComponent_": "beagle:text", "id": "t", "text": "@{cell}"}]}}]}]}}]}
      """)
    let outer = try #require(rendered(&session)?.children.first)
    let inner = outer.children.flatMap { $0.children.flatMap(\.children) }
    #expect(inner.map(\.id) == [nil, nil, nil])
    #expect(inner.flatMap { $0.children.map(\.id) } == [nil, "t:a:0", nil, "t:a:1", nil, "t:b:0"])
    #expect(texts(&session) == ["a", "1", "a", "2", "b", "3"])
  }

  @Test("setContext on the iterator changes that item only, not the data source (iOS)")
  func writeIterator() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "context": {"id": "names", "value": ["x", "y"]},
       "children": [{"_beagleComponent_": "beagle:listView", "dataSource": "@{names}",
        "templates": [{"view": {"_beagleComponent_": "beagle:button", "id": "b", "text": "@{item}",
          "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "item", "value": "changed"}]}}]},
        {"_beagleComponent_": "beagle:text", "text": "@{names}"}]}
      """)
    #expect(session.perform(.tap(.id("b:1"))) == .done)
    #expect(texts(&session) == ["x", "changed", #"["x","y"]"#])
    // A new data source gives the item a new element: the written value is gone.
    #expect(
      session.perform(
        .action(["_beagleAction_": "beagle:setContext", "contextId": "names", "value": ["p", "q"]]))
        == .done)
    #expect(texts(&session) == ["p", "q", #"["p","q"]"#])
  }

  @Test("a context declared in the template belongs to each item")
  func contextPerItem() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:listView", "dataSource": ["a", "b"],
       "templates": [{"view": {"_beagleComponent_": "beagle:container",
         "context": {"id": "count", "value": 0},
         "children": [{"_beagleComponent_": "beagle:button", "id": "plus", "text": "@{item}=@{count}",
           "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "count",
                        "value": "@{sum(count, 1)}"}]}]}}]}
      """)
    #expect(session.perform(.tap(.id("plus:1"))) == .done)
    #expect(session.perform(.tap(.id("plus:1"))) == .done)
    #expect(texts(&session) == ["a=0", "b=2"])
    let contexts = session.state(step: 3, event: "").contexts
    #expect(contexts.map(\.id) == ["count", "count", "global"])
    #expect(contexts.map(\.value) == [0, 2, .null])
  }
}
