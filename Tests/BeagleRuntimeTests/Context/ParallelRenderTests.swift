import BeagleExpressions
import Testing

@testable import BeagleJSON
@testable import BeagleRuntime

/// A large screen is rendered on two threads, cut at the children of the component
/// holding half of it (``RenderSplit``): the tree, where rendering stopped, the
/// refusals, the non-finite texts and the kept `onInit` scopes must be those one
/// thread finds (``ScreenEvaluator/render(_:global:recordingInitScopes:)``), in the
/// same order. The threshold is forced down to 0 so that small screens take the
/// two-thread path.
@Suite struct ParallelRenderTests {
  /// A screen whose root container declares the context `page` and holds `count`
  /// sections, each a container with a context of its own, an `onInit` and a text
  /// reading both contexts; some sections hold a value over a small
  /// `maximumBytes` (a refusal, docs/spec.md's value limits), a non-finite number
  /// shown as text, or a list over `page.items` whose items carry ids (suffixed per
  /// item, docs/spec.md §2.8), in the first half and in the second.
  static func screen(count: Int = 40) -> String {
    var sections: [String] = []
    for index in 0..<count {
      let inner: String
      switch index {
      case 4, count - 6:
        inner = #"{"_beagleComponent_": "beagle:text", "text": "@{page.long}@{page.long}"}"#
      case 6, count - 3:
        inner = #"{"_beagleComponent_": "beagle:text", "text": "@{divide(1.0, 0.0)}"}"#
      case 2, count - 2:
        inner = #"""
          {"_beagleComponent_": "beagle:listView", "id": "list\#(index)",
           "dataSource": "@{page.items}", "templates": [{"view": {
             "_beagleComponent_": "beagle:container", "id": "row",
             "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "s\#(index)",
                         "value": "@{item}"}],
             "children": [{"_beagleComponent_": "beagle:text", "id": "cell",
                           "text": "@{item} of @{s\#(index)}"}]}}]}
          """#
      default:
        inner = #"{"_beagleComponent_": "beagle:text", "text": "@{page.title} @{s\#(index)}"}"#
      }
      sections.append(
        #"""
        {"_beagleComponent_": "beagle:container", "id": "s\#(index)",
         "context": {"id": "s\#(index)", "value": \#(index)},
         "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "page",
                     "path": "title", "value": "\#(index)"}],
         "children": [\#(inner)]}
        """#)
    }
    let long = String(repeating: "x", count: 600)
    let items = (0..<12).map { "\"i\($0)\"" }.joined(separator: ",")
    return #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:container",
        "context": {"id": "page", "value": {"title": "t", "long": "\#(long)",
                                             "items": [\#(items)]}},
        "children": [\#(sections.joined(separator: ",\n"))]}}
      """#
  }

  /// The screen `text` rendered with `limits`, on one thread (`threshold` nil) or
  /// cut for two.
  func render(
    _ text: String, threshold: Int?, limits: ValueLimits = ValueLimits()
  ) throws -> Rendered {
    let document = try JSONDocument(parsing: Array(text.utf8))
    let root = try #require(Decoder().decode(document).root)
    let screen = Screen(route: "/", root: root)
    let evaluator = ScreenEvaluator(
      evaluator: Evaluator(limits: limits), profile: .ios, parallelThreshold: threshold)
    let result = evaluator.render(screen, global: .null, recordingInitScopes: true)
    return Rendered(
      node: result.screen, stoppedAt: result.stoppedAt, refusals: result.refusals,
      nonFinite: result.nonFinite.map(\.location), initPaths: result.initScopes.map(\.path),
      initScopes: result.initScopes.map(\.scope))
  }

  struct Rendered: Equatable {
    var node: ComponentNode
    var stoppedAt: BeagleRuntime.SourceLocation?
    var refusals: [ScreenEvaluator.Refusal]
    var nonFinite: [BeagleRuntime.SourceLocation]
    var initPaths: [JSONPointer]
    var initScopes: [ContextScope]
  }

  @Test("the cut is at the children holding half of the tree, between the two nearest its middle")
  func cut() throws {
    let document = try JSONDocument(parsing: Array(ParallelCheckTests.screen().utf8))
    let root = try #require(Decoder().decode(document).root)
    // The screen's one child, a container of 40 sections of two components each: its
    // children 0..<20 and 20..<40 (ParallelSplit's middle).
    let split = try #require(RenderSplit(of: root, minimumNodes: 0))
    #expect(split.path == [0])
    #expect(split.index == 20)
    // Smaller than the threshold: one thread.
    #expect(RenderSplit(of: root, minimumNodes: 1_000) == nil)
  }

  @Test("a list on the way to the cut is not cut through: its items render at other paths")
  func noCutThroughLists() throws {
    let elements = (0..<40).map { "\($0)" }.joined(separator: ",")
    let text = #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:listView", "dataSource": [\#(elements)],
        "templates": [{"view": {"_beagleComponent_": "beagle:container", "children": [
          {"_beagleComponent_": "beagle:text", "text": "@{item}"},
          {"_beagleComponent_": "beagle:text", "text": "@{item}"}]}}]}}
      """#
    let document = try JSONDocument(parsing: Array(text.utf8))
    let root = try #require(Decoder().decode(document).root)
    #expect(RenderSplit(of: root, minimumNodes: 0) == nil)
    #expect(try render(text, threshold: 0) == render(text, threshold: nil))
  }

  /// A list item's components render at paths of their own: each thread appends them
  /// to an arena of its own (an entry each, not an object), and they are the paths the
  /// links made (the tokens of the item's path, then those of the component below its
  /// template's view).
  @Test("list items' paths are held by the arena of the thread that rendered them")
  func itemPathsInArenas() throws {
    for threshold in [nil, 0] as [Int?] {
      let root = try render(Self.screen(), threshold: threshold).node
      var arenas: [JSONPointerArena] = []
      for section in [2, 38] {
        let list = root.children[0].children[section].children[0]
        #expect(list.location.pointer.description == "/child/children/\(section)/children/0")
        #expect(list.children.count == 12)
        let arena = try #require(list.children.first?.location.pointer.storage as? JSONPointerArena)
        for (index, item) in list.children.enumerated() {
          let cell = try #require(item.children.first)
          let itemPath = "/child/children/\(section)/children/0/@items/\(index)/view"
          #expect(item.location.pointer.description == itemPath)
          #expect(cell.location.pointer.description == itemPath + "/children/0")
          #expect(
            cell.location.pointer
              == JSONPointer(["child", "children", "\(section)", "children", "0", "@items"])
              .appending(index).appending("view").appending("children").appending(0))
          #expect(item.location.pointer.storage === arena)
          #expect(cell.location.pointer.storage === arena)
        }
        arenas.append(arena)
      }
      // Section 38 is past the cut (20): the second thread's, in an arena of its own.
      #expect((arenas[0] === arenas[1]) == (threshold == nil))
    }
  }

  @Test("the paths of list items whose onInit ran are kept without the render's arena")
  func initMarksOwnTheirPaths() throws {
    let payload = #"""
      {"_beagleComponent_": "beagle:container", "context": {"id": "seen", "value": 0},
       "children": [{"_beagleComponent_": "beagle:listView", "dataSource": [1, 2, 3],
        "template": {"_beagleComponent_": "beagle:container",
         "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "seen", "value": "@{item}"}],
         "children": [{"_beagleComponent_": "beagle:text", "text": "@{item}"}]}}]}
      """#
    let root = try #require(try decode(payload).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    _ = session.initialState(log: [])
    let marks = try #require(session.topScreen).initialized
    // Each item's onInit ran once (docs/spec.md §2.8: an item's view is its own component).
    #expect(
      Set(marks.map(\.description)) == [
        "/children/0/@items/0/view", "/children/0/@items/1/view", "/children/0/@items/2/view",
      ])
    // Rendered item paths are entries of the render's arena; the screen keeps copies held by
    // links, so a later render's marks do not keep each render's arena alive.
    #expect(marks.allSatisfy { !$0.isInArena })
  }

  @Test("two threads render the same tree, refusals, non-finite texts and scopes as one")
  func sameAsOneThread() throws {
    let text = Self.screen()
    let limits = ValueLimits(maximumBytes: 1_000)
    let one = try render(text, threshold: nil, limits: limits)
    let two = try render(text, threshold: 0, limits: limits)
    #expect(two == one)
    // What one thread finds, from docs/spec.md's rules, in both halves: the refused
    // texts of sections 4 and 34, the infinite ones of 6 and 37, 24 list items.
    #expect(
      one.refusals.map(\.location.pointer.description) == [
        "/child/children/4/children/0", "/child/children/34/children/0",
      ])
    #expect(
      one.nonFinite.map(\.pointer.description) == [
        "/child/children/6/children/0", "/child/children/37/children/0",
      ])
    #expect(one.stoppedAt == nil)
    // Every section's onInit and every item's, in post-order: 40 sections, 2 × 12 rows.
    #expect(one.initPaths.count == 64)
    #expect(one.initPaths.first?.description == "/child/children/0")
    #expect(one.initPaths.last?.description == "/child/children/39")
  }

  @Test(
    "the node limit reached in either half stops rendering where one thread stops",
    arguments: [3, 20, 45, 60, 75, 79, 80, 81, 95, 200])
  func nodeLimit(maximumNodes: Int) throws {
    let text = Self.screen()
    let limits = ValueLimits(maximumBytes: 1_000, maximumNodes: maximumNodes)
    let one = try render(text, threshold: nil, limits: limits)
    let two = try render(text, threshold: 0, limits: limits)
    #expect(two == one)
    #expect((one.stoppedAt != nil) == (maximumNodes < 130))
  }

  @Test("more refusals than the log keeps: the first twenty, one thread's order")
  func refusalLimit() throws {
    // Every section's text is refused: 40 refusals, 20 kept, across the cut.
    let long = String(repeating: "y", count: 600)
    let sections = (0..<40).map { index in
      #"""
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:text", "text": "@{page.long}@{page.long} \#(index)"}]}
      """#
    }
    let text = #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:container",
        "context": {"id": "page", "value": {"long": "\#(long)"}},
        "children": [\#(sections.joined(separator: ","))]}}
      """#
    let limits = ValueLimits(maximumBytes: 1_000)
    let one = try render(text, threshold: nil, limits: limits)
    let two = try render(text, threshold: 0, limits: limits)
    #expect(two == one)
    #expect(one.refusals.count == 20)
    #expect(one.refusals.last?.location.pointer.description == "/child/children/19/children/0")
  }

  @Test("twenty two-thread renders of one screen are the same")
  func repeated() throws {
    let text = Self.screen(count: 120)
    let one = try render(text, threshold: nil, limits: ValueLimits(maximumBytes: 1_000))
    for _ in 0..<20 {
      #expect(try render(text, threshold: 0, limits: ValueLimits(maximumBytes: 1_000)) == one)
    }
  }

  /// A root container of `count` texts showing `global`, on two threads (threshold 0).
  func globalScreen(count: Int = 40) throws -> (context: ActionContext, screen: Screen) {
    let texts = (0..<count).map {
      #"{"_beagleComponent_": "beagle:text", "text": "@{global} \#($0)"}"#
    }
    let text = #"""
      {"_beagleComponent_": "beagle:container", "children": [\#(texts.joined(separator: ","))]}
      """#
    let document = try JSONDocument(parsing: Array(text.utf8))
    let screen = Screen(route: "/", root: try #require(Decoder().decode(document).root))
    var configuration = Session.Configuration(registry: .builtIn)
    configuration.parallelThreshold = 0
    return (ActionContext(configuration: configuration, firstScreen: screen), screen)
  }

  @Test("a render started before the top screen is asked for is the one-thread render")
  func startedRender() throws {
    var (context, screen) = try globalScreen()
    context.global = "g"
    context.startTopScreenRender()
    let reference = ScreenEvaluator().evaluate(screen, global: "g")
    #expect(context.evaluatedTopScreen() == reference)
    #expect(Session.visibleTexts(in: reference).first == "g 0")
  }

  @Test("a render started before `global` changed is not used: the changed screen renders")
  func startedRenderOfOldInputs() throws {
    var (context, screen) = try globalScreen()
    context.startTopScreenRender()
    context.global = "changed"
    let rendered = context.evaluatedTopScreen()
    #expect(rendered == ScreenEvaluator().evaluate(screen, global: "changed"))
    #expect(Session.visibleTexts(in: rendered).last == "changed 39")
    // Asked again: the render kept, nothing started in between.
    #expect(context.evaluatedTopScreen() == rendered)
  }

  /// The first state of a session on `text`'s screen, its texts refused over 1 000
  /// bytes, rendered on two threads from `threshold` components on (nil: one thread).
  static func firstState(of text: String, threshold: Int?) throws -> RunState {
    let document = try JSONDocument(parsing: Array(text.utf8))
    let root = try #require(Decoder().decode(document).root)
    return firstState(of: Screen(route: "/", root: root), threshold: threshold)
  }

  static func firstState(of screen: Screen, threshold: Int?) -> RunState {
    var configuration = Session.Configuration(
      registry: .builtIn, limits: ValueLimits(maximumBytes: 1_000))
    configuration.parallelThreshold = threshold
    var session = Session(configuration: configuration, firstScreen: screen)
    return session.initialState(log: [])
  }

  @Test("a session on two threads settles to the same first state as on one")
  func session() throws {
    let text = Self.screen()
    let one = try Self.firstState(of: text, threshold: nil)
    let two = try Self.firstState(of: text, threshold: 0)
    #expect(two.screen == one.screen)
    #expect(two.actions == one.actions)
    #expect(two.contexts == one.contexts)
    #expect(two.log == one.log)
    // Each section's onInit ran, in post-order: the last one's title is kept.
    #expect(one.actions.count == 64)
  }

  @Test("a screen decoded on two threads settles as one decoded on one, its bindings on its tape")
  func decodedOnTwoThreads() throws {
    let text = Self.screen()
    let document = try JSONDocument(parsing: Array(text.utf8))
    let root = try #require(Decoder(parallelThreshold: 0).decode(document).root)
    // The second half's texts are in a twin of the document (DecodingSession's split):
    // the screen's bindings on the tape are recorded for the document each text is in,
    // where rendering looks them up.
    let screen = Screen(route: "/", root: root)
    let sections = try #require(root.children.first?.children)
    let twins = sections.compactMap { $0.children.first?.properties.source?.document }
      .filter { $0 !== document }
    #expect(!twins.isEmpty)
    var found = 0
    for section in sections {
      guard let text = section.children.first, text.type == "beagle:text",
        let (source, values) = text.properties.source
      else { continue }
      for value in values where source.key(ofValueAt: Int(value)) == "text" {
        #expect(screen.bindingsOnTape.template(in: source, at: Int(value)) != nil)
        found += 1
      }
    }
    // Every section's but the two lists' (their texts are in their templates).
    #expect(found == 38)
    let one = try Self.firstState(of: text, threshold: nil)
    let two = Self.firstState(of: screen, threshold: 0)
    #expect(two.screen == one.screen)
    #expect(two.actions == one.actions)
    #expect(two.contexts == one.contexts)
    #expect(two.log == one.log)
  }

  @Test("prefetches made while the render's second thread runs are logged before what it finds")
  func prefetchBesideRender() throws {
    // Buttons that prefetch (no BFF: a note each) in both halves of a screen whose
    // texts are refused (over `maximumBytes`): the notes, then the refusals.
    let long = String(repeating: "z", count: 600)
    let sections = (0..<40).map { index in
      #"""
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:text", "text": "@{page.long}@{page.long} \#(index)"},
        {"_beagleComponent_": "beagle:button", "text": "b", "onPress": [
          {"_beagleAction_": "beagle:pushView",
           "route": {"url": "/p/\#(index)", "shouldPrefetch": true}}]}]}
      """#
    }
    let text = #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:container",
        "context": {"id": "page", "value": {"long": "\#(long)"}},
        "children": [\#(sections.joined(separator: ","))]}}
      """#
    let one = try Self.firstState(of: text, threshold: nil)
    let two = try Self.firstState(of: text, threshold: 0)
    #expect(two.log == one.log)
    #expect(two.screen == one.screen)
    // 40 notes (one per prefetch), then the first 20 refusals.
    #expect(one.log.count == 60)
    #expect(one.log.prefix(40).allSatisfy { $0.rule == "navigation-prefetch-without-bff" })
    #expect(one.log.dropFirst(40).allSatisfy { $0.severity != .note })
    #expect(one.log.first?.message.contains("/p/0") == true)
    #expect(one.log.last?.pointer?.description == "/child/children/19/children/0/text")
  }
}
