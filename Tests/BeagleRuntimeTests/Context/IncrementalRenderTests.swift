import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

/// After a change of context values (a `setContext`, `global`), the screen is rendered
/// again from the render before: the components whose subtree read none of the
/// contexts that changed are taken as they were (``ContextReads``), the others are
/// evaluated again. The result must be the render of the changed screen from scratch
/// (docs/spec.md §4.2: a binding shows the nearest context's current value).
@Suite struct IncrementalRenderTests {
  let payload = """
    {"_beagleComponent_": "beagle:screenComponent",
     "context": {"id": "user", "value": {"name": "Ana", "age": 30}},
     "child": {"_beagleComponent_": "beagle:container",
       "context": {"id": "counter", "value": 1},
       "children": [
         {"_beagleComponent_": "beagle:text", "text": "Hi @{user.name}, @{counter}"},
         {"_beagleComponent_": "beagle:text", "text": "@{user.age}"},
         {"_beagleComponent_": "beagle:button", "text": "b", "enabled": "@{gt(user.age, 17)}"},
         {"_beagleComponent_": "beagle:text", "text": "plain"},
         {"_beagleComponent_": "beagle:container", "context": {"id": "user", "value": {"name": "Bo"}},
          "children": [{"_beagleComponent_": "beagle:text", "text": "@{user.name} @{global.x}"}]}
       ]}}
    """

  func session(_ text: String, parallelThreshold: Int? = nil) throws -> Session {
    let root = try #require(try decode(text).root)
    var configuration = Session.Configuration(registry: .builtIn)
    configuration.parallelThreshold = parallelThreshold
    return Session(configuration: configuration, firstScreen: Screen(route: "/", root: root))
  }

  /// The texts of the rendered tree, breadth first.
  func texts(_ node: ComponentNode) -> [String] {
    var result: [String] = []
    var work = [node]
    while !work.isEmpty {
      let node = work.removeFirst()
      if let text = node.properties["text"]?.stringValue { result.append(text) }
      work.append(contentsOf: node.children)
    }
    return result
  }

  /// Whether two rendered trees show the same bytes: `==` compares values as JSON does
  /// (a composed and a decomposed `á` are equal, so are `0.0` and `-0.0`, and objects
  /// whatever their members' order).
  func identical(_ left: ComponentNode, _ right: ComponentNode) -> Bool {
    guard left == right, left.children.count == right.children.count,
      JSONValue.object(left.properties.object).isIdentical(to: .object(right.properties.object))
    else { return false }
    return zip(left.children, right.children).allSatisfy { identical($0, $1) }
  }

  /// The session's top screen rendered from scratch.
  func fresh(_ session: Session) throws -> ComponentNode {
    let screen = try #require(session.topScreen)
    return ScreenEvaluator(profile: .ios).evaluate(screen, global: session.global)
  }

  @Test("a changed context renders again what reads it; the rest is the render before")
  func counterChanged() throws {
    var session = try session(payload)
    #expect(texts(session.evaluatedTopScreen()) == ["Hi Ana, 1", "30", "b", "plain", "Bo "])
    let origin = try #require(JSONPointer(parsing: "/child/children/0"))
    session.setContext("counter", path: nil, value: 5, origin: origin)
    let rendered = session.evaluatedTopScreen()
    #expect(texts(rendered) == ["Hi Ana, 5", "30", "b", "plain", "Bo "])
    #expect(rendered == (try fresh(session)))
    // The screen, the container declaring `counter` and the text reading it are
    // evaluated again; the other four texts and buttons, and the inner container
    // with its text, are taken as they were.
    #expect(session.context.evaluatedTop?.reused == 5)
  }

  @Test("a change of global reaches only what reads global")
  func globalChanged() throws {
    var session = try session(payload)
    _ = session.evaluatedTopScreen()
    let origin = try #require(JSONPointer(parsing: "/child/children/0"))
    session.setContext("global", path: try ContextPath(parsing: "x"), value: "g", origin: origin)
    let rendered = session.evaluatedTopScreen()
    #expect(texts(rendered) == ["Hi Ana, 1", "30", "b", "plain", "Bo g"])
    #expect(rendered == (try fresh(session)))
    #expect(session.context.evaluatedTop?.reused == 4)
  }

  @Test("a change of a context that shadows another reaches the readers of both ids")
  func shadowedChanged() throws {
    var session = try session(payload)
    _ = session.evaluatedTopScreen()
    let inner = try #require(JSONPointer(parsing: "/child/children/4/children/0"))
    session.setContext("user", path: try ContextPath(parsing: "name"), value: "Cy", origin: inner)
    let rendered = session.evaluatedTopScreen()
    #expect(texts(rendered) == ["Hi Ana, 1", "30", "b", "plain", "Cy "])
    #expect(rendered == (try fresh(session)))
    // Keys are ids: every reader of a `user` is reached, most of the screen, which is
    // then rendered anew.
    #expect(session.context.evaluatedTop?.reused == 0)
  }

  @Test("onInit's setContext: the state after it is the changed screen's render")
  func afterOnInit() throws {
    let text = """
      {"_beagleComponent_": "beagle:screenComponent",
       "context": {"id": "a", "value": 1},
       "child": {"_beagleComponent_": "beagle:container",
         "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "a", "value": 2}],
         "children": [
           {"_beagleComponent_": "beagle:text", "text": "@{a}"},
           {"_beagleComponent_": "beagle:text", "text": "x"},
           {"_beagleComponent_": "beagle:text", "text": "y"},
           {"_beagleComponent_": "beagle:text", "text": "z"}]}}
      """
    var session = try session(text)
    let state = session.initialState(log: [])
    let screen = try #require(state.screen)
    #expect(texts(screen) == ["2", "x", "y", "z"])
    #expect(screen == (try fresh(session)))
    #expect(session.context.evaluatedTop?.reused == 3)
  }

  /// Contexts declared at several levels and shadowed, a list whose data source,
  /// iterator (named like an outer context), `case` and item context read them, a
  /// style's `display`, a text input and a context read before it is declared.
  let mixed = """
    {"_beagleComponent_": "beagle:screenComponent",
     "context": {"id": "a", "value": {"n": 1, "list": ["x", "y"]}},
     "child": {"_beagleComponent_": "beagle:container", "context": {"id": "b", "value": 2},
      "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "b", "value": 3}],
      "children": [
       {"_beagleComponent_": "beagle:text", "text": "@{a.n} @{b}"},
       {"_beagleComponent_": "beagle:text", "text": "plain"},
       {"_beagleComponent_": "beagle:container", "context": {"id": "a", "value": "inner"},
        "children": [
         {"_beagleComponent_": "beagle:text", "text": "@{a}"},
         {"_beagleComponent_": "beagle:text", "text": "@{c}"}]},
       {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": 0},
        "children": [
         {"_beagleComponent_": "beagle:text", "text": "@{c} @{global.g}"},
         {"_beagleComponent_": "beagle:listView", "dataSource": "@{a.list}", "iteratorName": "b",
          "templates": [
           {"case": "@{eq(b, 'x')}",
            "view": {"_beagleComponent_": "beagle:text", "text": "X @{b} @{c}"}},
           {"view": {"_beagleComponent_": "beagle:container",
             "context": {"id": "d", "value": "@{b}"},
             "children": [{"_beagleComponent_": "beagle:text", "text": "@{d} @{a.n}"}]}}]},
         {"_beagleComponent_": "beagle:text", "text": "@{sum(c, 1)}",
          "style": {"display": "@{condition(gt(c, 2), 'NONE', 'FLEX')}"}}]},
       {"_beagleComponent_": "beagle:textInput", "value": "@{b}"},
       {"_beagleComponent_": "beagle:text", "text": "@{a.n}"}
      ]}}
    """

  @Test(
    "any sequence of context changes renders as the changed screen from scratch",
    arguments: [nil, 0])
  func randomChanges(parallelThreshold: Int?) throws {
    var session = try session(mixed, parallelThreshold: parallelThreshold)
    let first = session.initialState(log: [])
    #expect(first.screen == (try fresh(session)))
    // Where each context is written from: the text of the root container (outer `a`,
    // `b`), the inner container's text (inner `a`), the text under `c`.
    let origins: [(id: String, at: String)] = [
      ("a", "/child/children/0"), ("a", "/child/children/2/children/0"),
      ("b", "/child/children/0"), ("c", "/child/children/3/children/0"),
      ("global", "/child/children/0"),
    ]
    let values: [JSONValue] = [
      1, 3, "x", "y", ["x", "y", "z"], ["y"], [], ["n": 4, "list": ["x", "x"]], .null,
    ]
    let paths: [String?] = [nil, nil, "n", "list", "list[1]", "g"]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ count: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(count))
    }
    var reusedAny = false
    for _ in 0..<60 {
      let target = origins[next(origins.count)]
      let path = try paths[next(paths.count)].map { try ContextPath(parsing: $0) }
      let origin = try #require(JSONPointer(parsing: target.at))
      session.setContext(target.id, path: path, value: values[next(values.count)], origin: origin)
      let rendered = session.evaluatedTopScreen()
      #expect(rendered == (try fresh(session)))
      if (session.context.evaluatedTop?.reused ?? 0) > 0 { reusedAny = true }
      // What the render noted is what a render from scratch notes: the components,
      // their reads, the contexts entered (not piled up step after step).
      let noted = try #require(session.context.evaluatedTop?.reads)
      let screen = try #require(session.topScreen)
      let scratch = try #require(
        ScreenEvaluator(profile: .ios).startRender(
          screen, global: session.global, recordingInitScopes: false, recordingReads: true
        ).finish().reads)
      #expect(noted.keys == scratch.keys)
      #expect(noted.spans.map(\.end) == scratch.spans.map(\.end))
      #expect(noted.spans.map(\.readsStart) == scratch.spans.map(\.readsStart))
      #expect(noted.declarations.map(\.ordinal) == scratch.declarations.map(\.ordinal))
      #expect(noted.declarations.map(\.path) == scratch.declarations.map(\.path))
    }
    #expect(reusedAny)
  }

  /// A screen of a counter text, a text over `data.long`, a list over `data.items`
  /// and a container of two plain texts.
  func limitsPayload(long: Int, items: Int) -> String {
    let list = (0..<items).map { "\($0)" }.joined(separator: ",")
    let text = String(repeating: "x", count: long)
    return """
      {"_beagleComponent_": "beagle:screenComponent",
       "context": {"id": "c", "value": 1},
       "child": {"_beagleComponent_": "beagle:container",
         "context": {"id": "data", "value": {"items": [\(list)], "long": "\(text)"}},
         "children": [
           {"_beagleComponent_": "beagle:text", "text": "@{c}"},
           {"_beagleComponent_": "beagle:text", "text": "@{data.long}@{data.long}"},
           {"_beagleComponent_": "beagle:listView", "dataSource": "@{data.items}",
            "templates": [{"view": {"_beagleComponent_": "beagle:text", "text": "@{item}"}}]},
           {"_beagleComponent_": "beagle:container", "children": [
             {"_beagleComponent_": "beagle:text", "text": "a"},
             {"_beagleComponent_": "beagle:text", "text": "b"}]}]}}
      """
  }

  func limitedSession(_ text: String, limits: ValueLimits) throws -> Session {
    var configuration = Session.Configuration(registry: .builtIn)
    configuration.limits = limits
    let root = try #require(try decode(text).root)
    return Session(configuration: configuration, firstScreen: Screen(route: "/", root: root))
  }

  /// Whether the session's render reported what a render from scratch reports.
  func limitsAgree(_ session: Session, limits: ValueLimits) throws {
    let screen = try #require(session.topScreen)
    let scratch = ScreenEvaluator(evaluator: Evaluator(limits: limits), profile: .ios)
      .render(screen, global: session.global)
    let rendered = try #require(session.context.evaluatedTop)
    #expect(identical(rendered.node, scratch.screen))
    #expect(rendered.stoppedAt == scratch.stoppedAt)
    #expect(rendered.refusals == scratch.refusals)
  }

  @Test("a render that refused a value or stopped at the node limit is not taken from")
  func earlierNotWhole() throws {
    let origin = try #require(JSONPointer(parsing: "/child/children/0"))
    let cases = [
      (ValueLimits(maximumBytes: 1_000), 600, 2), (ValueLimits(maximumNodes: 5), 1, 8),
    ]
    for (limits, long, items) in cases {
      var session = try limitedSession(limitsPayload(long: long, items: items), limits: limits)
      _ = session.evaluatedTopScreen()
      let earlier = try #require(session.context.evaluatedTop)
      #expect(!earlier.refusals.isEmpty || earlier.stoppedAt != nil)
      session.setContext("c", path: nil, value: 2, origin: origin)
      _ = session.evaluatedTopScreen()
      #expect(session.context.evaluatedTop?.reused == 0)
      try limitsAgree(session, limits: limits)
    }
  }

  @Test("a list a change grows past the node limit stops where a render from scratch stops")
  func growsPastLimit() throws {
    // 10 components with two items; with three, the last container fits but not both
    // of its texts.
    let limits = ValueLimits(maximumNodes: 10)
    var session = try limitedSession(limitsPayload(long: 1, items: 2), limits: limits)
    _ = session.evaluatedTopScreen()
    #expect(session.context.evaluatedTop?.stoppedAt == nil)
    let origin = try #require(JSONPointer(parsing: "/child/children/0"))
    session.setContext(
      "data", path: try ContextPath(parsing: "items"), value: [1, 2, 3], origin: origin)
    _ = session.evaluatedTopScreen()
    #expect(session.context.evaluatedTop?.stoppedAt != nil)
    try limitsAgree(session, limits: limits)
  }

  /// A context given a value `==` calls equal but that shows differently, alone and
  /// beside a change of another context.
  @Test(
    "a value that shows differently is a change, though == calls it equal",
    arguments: [
      (JSONValue.string("Ol\u{E1}"), JSONValue.string("Ola\u{301}")),
      (.double(0.0), .double(-0.0)),
      (JSONValue.object(["x": 2, "y": 1]), JSONValue.object(["y": 1, "x": 2])),
    ])
  func showsDifferently(before: JSONValue, after: JSONValue) throws {
    #expect(before == after)
    for alsoChangingCounter in [false, true] {
      var session = try session(payload)
      let origin = try #require(JSONPointer(parsing: "/child/children/0"))
      session.setContext(
        "user", path: try ContextPath(parsing: "name"), value: before, origin: origin)
      _ = session.evaluatedTopScreen()
      session.setContext(
        "user", path: try ContextPath(parsing: "name"), value: after, origin: origin)
      if alsoChangingCounter {
        session.setContext("counter", path: nil, value: 7, origin: origin)
      }
      let rendered = session.evaluatedTopScreen()
      #expect(identical(rendered, try fresh(session)))
      let text = try #require(rendered.children.first?.children.first?.properties["text"])
      let expected = try #require(
        fresh(session).children.first?.children.first?.properties["text"])
      #expect(text.isIdentical(to: expected))
    }
  }
}
