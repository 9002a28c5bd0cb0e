import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

/// A literal data source's elements stay in their document: each item's iterator
/// context reads the members its bindings reach (``ContextValue``). Items must render,
/// choose templates, take keys, nest, run actions and take `setContext` exactly as
/// with the elements built (docs/spec.md §2.8 lists, §3 and §4 contexts).
@Suite struct LiteralDataSourceTests {
  static let catalog = #"""
    {"_beagleComponent_": "beagle:container", "children": [
     {"_beagleComponent_": "beagle:listView", "id": "list", "iteratorName": "product", "key": "sku",
      "dataSource": [
        {"sku": "A-1", "name": "Leash", "inStock": true, "tags": ["red", "s"]},
        {"sku": "B-2", "name": "Bo\u00e7o", "inStock": false, "tags": []},
        {"sku": 7, "name": "Ball", "inStock": true, "name": "Ball 2", "tags": ["x"]}],
      "templates": [
        {"case": "@{not(product.inStock)}",
         "view": {"_beagleComponent_": "beagle:text", "id": "sold", "text": "@{product.name} (sold out)"}},
        {"view": {"_beagleComponent_": "beagle:button", "id": "add",
          "text": "Add @{product.name} @{product.tags[0]} @{length(product.tags)}",
          "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "global",
                       "value": "@{product}"}]}}]},
     {"_beagleComponent_": "beagle:text", "text": "picked @{global.sku}"}]}
    """#

  @Test("rendering reads the template an item chooses in place: the same view and id suffix")
  func templateReadInPlace() throws {
    // docs/spec.md §2.8: the first template whose case is true, else the first without
    // case; ids get `:` and the element's `key` (here `sku`: "A-1", "B-2", 7).
    let root = try #require(try decode(Self.catalog).root)
    let list = try #require(root.children.first)
    let items = try #require(
      ListItems(of: list, in: ContextScope(), evaluator: PropertyEvaluator(), profile: .ios))
    var chosen: [String] = []
    for index in items.elements.indices {
      let element = items.elements[index]
      let scope = items.scope(ContextScope(), item: element, index: index)
      let item = items.item(index, element: element, in: scope, parentSuffix: ":p")
      let view = items.withTemplateView(in: scope) { $0.pointee }
      #expect(view == item.template?.view)
      #expect(items.idSuffix(index, element: element, parentSuffix: ":p") == item.idSuffix)
      chosen.append((view?.id ?? "none") + item.idSuffix)
    }
    #expect(chosen == ["add:p:A-1", "sold:p:B-2", "add:p:7"])
  }

  @Test("the elements of a literal data source are read in their document, not built")
  func elementsStayInDocument() throws {
    let root = try #require(try decode(Self.catalog).root)
    let list = try #require(root.children.first)
    let items = try #require(
      ListItems(of: list, in: ContextScope(), evaluator: PropertyEvaluator(), profile: .ios))
    #expect(items.elements.count == 3)
    for element in items.elements {
      guard case .document = element else {
        Issue.record("element built: \(element)")
        continue
      }
    }
    // A data source given by an expression is the value the expression gives.
    let bound = try #require(
      try decode(
        #"{"_beagleComponent_": "beagle:listView", "dataSource": "@{global}","#
          + #""templates": [{"view": {"_beagleComponent_": "beagle:text", "text": "@{item}"}}]}"#
      )
      .root)
    let fromGlobal = try #require(
      ListItems(
        of: bound, in: ContextScope(global: [1, 2]), evaluator: PropertyEvaluator(),
        profile: .ios))
    #expect(fromGlobal.elements == [.value(1), .value(2)])
  }

  @Test("items render their bindings, cases, keys and escapes as with built elements")
  func renders() throws {
    var session = try session(Self.catalog)
    // The third element repeats `name`: the last value wins (as the built object has it).
    #expect(
      texts(&session) == [
        "Add Leash red 2", "Boço (sold out)", "Add Ball 2 x 1", "picked ",
      ])
    let list = try #require(
      session.state(step: 1, event: "").screen?.children.first?.children.first)
    #expect(list.children.map(\.id) == ["add:A-1", "sold:B-2", "add:7"])
    // The list keeps its data source as written.
    #expect(list.properties["dataSource"]?.arrayValue?.count == 3)
    #expect(list.properties["dataSource"]?[1]?["name"] == "Boço")
  }

  @Test("an action in an item reads the whole element")
  func actionReadsElement() throws {
    var session = try session(Self.catalog)
    #expect(session.perform(.tap(.id("add:7"))) == .done)
    #expect(texts(&session).last == "picked 7")
    #expect(session.global["tags"] == ["x"])
    #expect(session.global["name"] == "Ball 2")
  }

  @Test("setContext on the iterator writes that item only; the data source stays as written")
  func writeIterator() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:listView", "dataSource": [{"n": "x"}, {"n": "y"}],
       "templates": [{"view": {"_beagleComponent_": "beagle:button", "id": "b", "text": "@{item.n}",
         "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "item", "path": "n",
                      "value": "@{concat(item.n, '!')}"}]}}]}
      """)
    #expect(session.perform(.tap(.id("b:1"))) == .done)
    #expect(texts(&session) == ["x", "y!"])
    // Later steps re-render: the written value survives, and is written again.
    #expect(session.perform(.tap(.id("b:1"))) == .done)
    #expect(session.perform(.tap(.id("b:0"))) == .done)
    #expect(texts(&session) == ["x!", "y!!"])
    let list = try #require(session.state(step: 4, event: "").screen?.children.first)
    #expect(list.properties["dataSource"] == [["n": "x"], ["n": "y"]])
  }

  @Test("a nested list iterates a member of a literal element")
  func nested() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:listView", "iteratorName": "row", "key": "n",
       "dataSource": [{"n": "a", "cells": [1, {"v": 2}]}, {"n": "b", "cells": "none"}],
       "templates": [{"view": {"_beagleComponent_": "beagle:listView", "id": "inner",
         "dataSource": "@{row.cells}", "iteratorName": "cell",
         "templates": [{"view": {"_beagleComponent_": "beagle:text", "id": "t",
           "text": "@{row.n}@{cell}"}}]}}]}
      """)
    // A data source that is not an array shows zero items (docs/spec.md §2.8).
    #expect(texts(&session) == ["a1", #"a{"v":2}"#])
  }

  @Test("explain shows an item's bindings with the values read in the document")
  func explain() throws {
    let root = try #require(try decode(Self.catalog).root)
    let found = ScreenEvaluator().explain(Screen(route: "/", root: root), global: .null)
    let results = found.filter { $0.items == [1] }.map(\.result)
    #expect(results == [.bool(true), "Boço (sold out)"])
  }
}
