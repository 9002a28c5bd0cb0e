import BeagleExpressions
import BeagleJSON
import BeagleTestSupport
import Testing

@testable import BeagleRuntime

/// The scope an `onInit` runs in: the render keeps the scope of each component with
/// an `onInit` (``ScreenEvaluator/render(_:global:recordingInitScopes:)``), which the
/// session uses while the screen and `global` are as rendered, instead of resolving
/// it from the root (``ScopeResolver``) for each. A component sees the contexts declared
/// on itself and its ancestors, and a list item its iterator (docs/spec.md §4.2, §2.8);
/// actions run in order, each seeing what the ones before it wrote (§3.1).
@Suite struct InitScopeTests {
  // MARK: - The kept scope is the resolver's

  /// A random screen: containers, some declaring a context, some with an `onInit`;
  /// lists over literal data sources whose templates hold more of them (lists in lists).
  static func randomScreen(_ random: inout SplitMix) -> String {
    var contexts = 0
    func component(depth: Int) -> String {
      var fields: [String] = []
      if random.below(3) == 0 {
        contexts += 1
        fields.append(#""context": {"id": "c\#(contexts)", "value": {"n": \#(contexts)}}"#)
      }
      if random.below(2) == 0 {
        fields.append(
          #""onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": 1}]"#
        )
      }
      if depth < 4, random.below(4) == 0 {
        let elements = (0..<random.below(4)).map { #"{"v": \#($0)}"# }
        let iterator = random.below(2) == 0 ? "item" : "it\(depth)"
        return #"""
          {"_beagleComponent_": "beagle:listView", "iteratorName": "\#(iterator)",
           "dataSource": [\#(elements.joined(separator: ","))],
           "templates": [{"view": \#(component(depth: depth + 1))}]\#(
            fields.isEmpty ? "" : ", " + fields.joined(separator: ", "))}
          """#
      }
      if depth < 4, random.below(3) != 0 {
        let children = (0..<(1 + random.below(3))).map { _ in component(depth: depth + 1) }
        fields.append(#""children": [\#(children.joined(separator: ","))]"#)
      }
      return #"{"_beagleComponent_": "beagle:container", \#(fields.joined(separator: ", "))}"#
        .replacingOccurrences(of: ", }", with: "}")
    }
    return component(depth: 0)
  }

  /// The rendered components that have an `onInit`, by rendered path, in post-order
  /// (the order ``Session/settle()`` runs them in, docs/spec.md §2.19).
  static func initPaths(in rendered: ComponentNode) -> [JSONPointer] {
    var paths: [JSONPointer] = []
    func visit(_ node: ComponentNode) {
      for child in node.children { visit(child) }
      if node.event("onInit") != nil { paths.append(node.location.pointer) }
    }
    visit(rendered)
    return paths
  }

  @Test(
    "the scope kept for each onInit is the one the resolver finds at its path (seeded screens)",
    arguments: [NavigationProfile.ios, .web])
  func keptScopeIsResolved(profile: NavigationProfile) throws {
    var random = SplitMix(seed: 0x5C0_9E5)
    var checked = 0
    for _ in 0..<60 {
      let root = try #require(try decode(Self.randomScreen(&random)).root)
      let screen = Screen(route: "/", root: root)
      let global: JSONValue = ["g": 1]
      let evaluator = Evaluator(library: OperationLibrary.standard.adopting(profile.dialect))
      let rendered = ScreenEvaluator(evaluator: evaluator, profile: profile).render(
        screen, global: global, recordingInitScopes: true)
      // Every component with an onInit is kept, in post-order (the implicit screen
      // wrapping the root has none).
      #expect(rendered.initScopes.map(\.path) == Self.initPaths(in: rendered.screen))
      let resolver = ScopeResolver(
        properties: PropertyEvaluator(evaluator: evaluator), profile: profile)
      for (path, scope) in rendered.initScopes {
        #expect(scope == resolver.scope(at: path, in: screen, global: global), "at \(path)")
        checked += 1
      }
    }
    // The seeded screens hold onInits inside lists inside lists.
    #expect(checked > 100)
  }

  @Test(
    "a component added at the root an implicit screen wraps goes into the root and keeps its scope")
  func addedIntoWrappedRoot() throws {
    // docs/spec.md §1.1: the implicit screen has its root's pointer but is not the
    // component written there; §7.6: addChildren adds to the component written there.
    let onInit =
      #""onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": 1}]"#
    let inner = try #require(
      try decode(
        #"{"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": 1}, \#(onInit)}"#
      ).root)
    var added = try #require(
      try decode(
        #"{"_beagleComponent_": "beagle:container", "context": {"id": "d", "value": 2}, \#(onInit)}"#
      ).root)
    added = added.rebased(
      from: added.location.pointer, to: JSONPointer(["children", "@added1"]))
    added.slot = "children"
    var screen = Screen(route: "/", root: inner)
    let isInserted = screen.insertChildren([added], at: inner.location.pointer, atStart: false)
    #expect(isInserted)
    // Still the wrapped root alone, now with the added component as its child.
    #expect(screen.node.children.count == 1)
    #expect(
      screen.node.children.first?.children.map(\.location.pointer) == [added.location.pointer])
    let rendered = ScreenEvaluator().render(screen, global: .null, recordingInitScopes: true)
    // Post-order: the added child, then the root; each scope the resolver's.
    #expect(rendered.initScopes.map(\.path) == [added.location.pointer, inner.location.pointer])
    let resolver = ScopeResolver(properties: PropertyEvaluator())
    for (path, scope) in rendered.initScopes {
      #expect(scope == resolver.scope(at: path, in: screen, global: .null))
    }
    #expect(rendered.initScopes.first?.scope.value(ofContext: "c") == 1)
    #expect(rendered.initScopes.first?.scope.value(ofContext: "d") == 2)
  }

  // MARK: - What onInits see when the screen changes under them

  @Test("an onInit sees what an earlier onInit of the same round wrote into a context")
  func earlierWriteSeen() throws {
    // Post-order, siblings left to right (docs/spec.md §2.19): `first` runs before
    // `second`; actions see the effects of those before them (§3.1).
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": "orig"},
       "children": [
        {"_beagleComponent_": "beagle:container", "id": "first", "onInit": [
          {"_beagleAction_": "beagle:setContext", "contextId": "c", "value": "changed"}]},
        {"_beagleComponent_": "beagle:container", "id": "second", "onInit": [
          {"_beagleAction_": "beagle:setContext", "contextId": "global", "value": "@{c}"}]}]}
      """)
    let state = session.state(step: 0, event: "load")
    #expect(state.contexts.last?.value == "changed")
    #expect(state.actions.count == 2)
  }

  @Test(
    "a component an onInit added with APPEND or REPLACE runs its onInit in its new parent's scope",
    arguments: ["APPEND", "REPLACE", "PREPEND"])
  func addedComponentScope(mode: String) throws {
    // addChildren (docs/spec.md §7.6) puts the components under `box`: they see box's
    // context and their own (§4.2), not the context of a child REPLACE removed.
    // The added component's onInit is written `\@{…}`: addChildren evaluates its value
    // when it runs (docs/spec.md §7.6), which leaves `@{…}` for the onInit (§5.3).
    var session = try session(
      #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
       "_beagleComponent_": "beagle:container", "id": "box", "context": {"id": "c", "value": "box"},
       "onInit": [{"_beagleAction_": "beagle:addChildren", "componentId": "box", "mode": "\#(mode)",
         "value": [{"_beagleComponent_": "beagle:container",
           "context": {"id": "d", "value": "new"},
           "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "global",
                       "value": "\\@{insert(global, concat(c, '+', d))}"}]}]}],
       "children": [
        {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": "old child"},
         "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "global",
                     "value": "@{insert(global, c)}"}]}]}}
      """#)
    session.setGlobal([])
    let state = session.state(step: 0, event: "load")
    // Round 1: the old child (its own c), then box; round 2: the added component.
    #expect(state.contexts.last?.value == ["old child", "box+new"])
    #expect(state.log.filter { $0.severity == .error }.isEmpty)
    #expect(session.state(step: 1, event: "again").actions.isEmpty)
  }

  @Test("onInits in the items of nested lists see the outer and the inner item")
  func nestedListItems() throws {
    // Each item sees its list's iterator and the items around it (docs/spec.md §2.8, §4.2);
    // onInit runs in post-order: an item's descendants, items left to right (§2.19).
    var session = try session(
      """
      {"_beagleComponent_": "beagle:listView", "iteratorName": "o", "dataSource": ["a", "b"],
       "templates": [{"view": {"_beagleComponent_": "beagle:container",
         "context": {"id": "k", "value": "@{o}"}, "children": [
          {"_beagleComponent_": "beagle:listView", "iteratorName": "i", "dataSource": ["1", "2"],
           "templates": [{"view": {"_beagleComponent_": "beagle:container",
             "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "global",
                         "value": "@{insert(global, concat(o, i))}"}]}}]}]}}]}
      """)
    session.setGlobal([])
    let state = session.state(step: 0, event: "load")
    #expect(state.contexts.last?.value == ["a1", "a2", "b1", "b2"])
  }
}
