import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

/// A BFF held in memory: URL → screen JSON.
private struct MemoryViewClient: ViewClient {
  var screens: [String: String]
  /// Every URL asked for, in order.
  var requested: [String] = []

  mutating func fetch(_ request: ScreenRequest) -> Result<FetchedScreen, NavigationError> {
    requested.append(request.url)
    guard let text = screens[request.url] else {
      return .failure(.httpStatus(404, url: request.url))
    }
    return .success(FetchedScreen(bytes: Array(text.utf8), url: request.url, source: request.url))
  }
}

/// A screen whose button runs `actions` (JSON), titled `title`.
private func screen(_ title: String, _ actions: String...) -> String {
  let buttons = actions.map {
    #"{"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [\#($0)]}"#
  }
  return
    #"{"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "\#(title)"}, "#
    + #""child": {"_beagleComponent_": "beagle:container", "children": [\#(buttons.joined(separator: ","))]}}"#
}

private func push(_ url: String) -> String {
  #"{"_beagleAction_": "beagle:pushView", "route": {"url": "\#(url)"}}"#
}

private func reset(_ url: String) -> String {
  #"{"_beagleAction_": "beagle:resetApplication", "route": {"url": "\#(url)"}}"#
}

private func popTo(_ route: String) -> String {
  #"{"_beagleAction_": "beagle:popToView", "route": "\#(route)"}"#
}

/// Walks from `/` of `screens`; returns the graph and the URLs fetched.
private func walk(
  _ screens: [String: String], configuration: GraphWalker.Configuration = .init()
) throws -> (NavigationGraph, [String]) {
  let document = try JSONDocument(parsing: Array((screens["/"] ?? "").utf8))
  let root = try #require(Decoder().decode(document).root)
  var client: any ViewClient = MemoryViewClient(screens: screens)
  let result = GraphWalker(configuration).walk(
    GraphWalker.Entry(route: "/", root: root, source: "/", diagnostics: []), client: &client)
  let requested = (client as? MemoryViewClient)?.requested ?? []
  return (result.graph, requested)
}

@Suite struct GraphWalkerTests {
  @Test("each screen is fetched once, in breadth-first source order, and loops end")
  func breadthFirstOnce() throws {
    let (graph, requested) = try walk([
      "/": screen("Home", push("/a"), push("/b")),
      "/a": screen("A", push("/b"), push("/c")),
      "/b": screen("B", push("/a")),
      "/c": screen("C", push("/")),
    ])
    #expect(requested == ["/a", "/b", "/c"])
    #expect(graph.nodes.map(\.route) == ["/", "/a", "/b", "/c"])
    #expect(graph.nodes.map(\.title) == ["Home", "A", "B", "C"])
    #expect(
      graph.edges.map { "\($0.from)→\($0.to)" } == ["0→1", "0→2", "1→2", "1→3", "2→1", "3→0"])
  }

  @Test("a loop of pushes is flagged, shortest cycle through its first screen")
  func pushLoop() throws {
    let (graph, _) = try walk([
      "/": screen("Home", push("/a")),
      "/a": screen("A", push("/b")),
      "/b": screen("B", push("/a")),
    ])
    #expect(
      graph.flags.filter { $0.kind == .cycle } == [
        GraphFlag(
          .cycle,
          "screens push each other in a loop, the stack grows each time round: '/a' → '/b' → '/a'",
          node: 1)
      ])
    #expect(graph.hasFlags)
  }

  @Test("a loop closed by a reset is a note, not a flag")
  func resetLoop() throws {
    let (graph, _) = try walk([
      "/": screen("Home", push("/a")),
      "/a": screen("A", reset("/")),
    ])
    #expect(
      graph.flags.filter { $0.kind == .cycle } == [
        GraphFlag(
          .cycle, isNote: true,
          "a loop closed by a reset (the stack starts again): '/' → '/a' → '/'",
          node: 0)
      ])
  }

  @Test("a dead link is flagged at its action, with the fetch's error")
  func deadLink() throws {
    let (graph, _) = try walk(["/": screen("Home", push("/gone"))])
    #expect(graph.nodes[1].kind == .missing)
    #expect(
      graph.flags.first { $0.kind == .deadLink }
        == GraphFlag(
          .deadLink, "route '/gone' leads to no screen: '/gone' answered with status 404", node: 0,
          at: JSONPointer(["child", "children", "0", "onPress", "0"])))
  }

  @Test("a route to an answer that is no screen (HTML, not JSON, an array) is a dead link")
  func answerIsNoScreen() throws {
    let (graph, _) = try walk([
      "/": screen("Home", push("/page"), push("/bad"), push("/list")),
      "/page": "<html><body>hi</body></html>", "/bad": "not json", "/list": "[1, 2]",
    ])
    #expect(graph.nodes.map(\.kind) == [.screen, .missing, .missing, .missing])
    #expect(graph.nodes.map(\.source) == ["/", "/page", "/bad", "/list"])
    #expect(
      graph.flags.filter { $0.kind == .deadLink }.map(\.message) == [
        "route '/page' leads to no screen: '/page' is not a screen: unexpected character '<'; "
          + "expected a value at 1:1",
        "route '/bad' leads to no screen: '/bad' is not a screen: unexpected character 'o'; "
          + "expected 'null' at 1:2",
        "route '/list' leads to no screen: '/list' is not a screen: expected a component (an "
          + "object with '_beagleComponent_'), found an array (at /)",
      ])
  }

  @Test("a route expression is listed, not followed; --assume values make it followed")
  func expressions() throws {
    let screens: [String: String] = [
      "/": screen("Home", push("/user/@{user.id}")),
      "/user/7": screen("Seven"),
    ]
    let (unresolved, requested) = try walk(screens)
    #expect(requested.isEmpty)
    #expect(unresolved.nodes[1].kind == .expression)
    #expect(
      unresolved.flags.first?.message
        == "route '/user/@{user.id}' is built from an expression; not followed (no value for "
        + "'user.id'; give \(setting: .assumption) user=JSON)")
    let assumed = GraphWalker.Configuration(
      assumptions: ContextScope([(id: "user", value: ["id": 7])]))
    let (resolved, fetched) = try walk(screens, configuration: assumed)
    #expect(fetched == ["/user/7"])
    #expect(resolved.nodes[1].title == "Seven")
    #expect(resolved.edges[0].expression == "/user/@{user.id}")
    #expect(!resolved.flags.contains { $0.kind == .expressionRoute })
  }

  // web-core trims each argument ("should ignore space between parameters") and logs an
  // unreadable path as a warning ("should return and give a warning if path is invalid"),
  // ZupIT/beagle-web-core:__tests__/unit/old-structure/bindings/expressions.spec.ts; iOS's
  // parser reads neither string as an expression (docs/spec.md §5.3).
  @Test(
    "route URLs are read with the profile's grammar: web calls concat( 'de' ,'tail' ), iOS does not",
    arguments: [
      (
        NavigationProfile.web, [GraphNode.Kind.screen, .expression], ["/detail"],
        [
          "route '/detail@{ctx.[.]}' is built from an expression; not followed (web cannot read"
            + " 'ctx.[.]' (invalid path: names may contain only letters, numbers and '_', with '.'"
            + " between them and '[index]' after them); web logs a warning and the value is null)"
        ]
      ),
      (
        .ios, [.missing, .missing],
        // The text as written, percent-encoded by the URL builder (docs/spec.md §8).
        ["/@%7Bconcat(%20'de'%20,'tail'%20)%7D", "/detail@%7Bctx.[.]%7D"],
        [
          "route '/@{concat( 'de' ,'tail' )}' leads to no screen:"
            + " '/@%7Bconcat(%20'de'%20,'tail'%20)%7D' answered with status 404",
          "route '/detail@{ctx.[.]}' leads to no screen: '/detail@%7Bctx.[.]%7D' answered with"
            + " status 404",
        ]
      ),
    ] as [(NavigationProfile, [GraphNode.Kind], [String], [String])])
  func grammarOfRoutes(
    profile: NavigationProfile, kinds: [GraphNode.Kind], requested: [String],
    flags: [String]
  ) throws {
    let screens: [String: String] = [
      "/": screen("Home", push("/@{concat( 'de' ,'tail' )}"), push("/detail@{ctx.[.]}")),
      "/detail": screen("Detail"),
    ]
    let (graph, fetched) = try walk(
      screens, configuration: GraphWalker.Configuration(profile: profile))
    #expect(fetched == requested)
    #expect(Array(graph.nodes.dropFirst().map(\.kind)) == kinds)
    #expect(
      graph.flags.filter { $0.kind == .deadLink || $0.kind == .expressionRoute }.map(\.message)
        == flags)
  }

  @Test(
    "popToView: a target on a path of pushes is linked; one reached only through a reset is flagged"
  )
  func popTargets() throws {
    let (graph, _) = try walk([
      "/": screen("Home", push("/a"), push("/settings")),
      "/settings": screen("Settings", reset("/b")),
      "/a": screen("A", popTo("/")),
      "/b": screen("B", popTo("/settings"), popTo("/nowhere")),
    ])
    let pops = graph.edges.filter { $0.kind == .pop }
    #expect(pops.map { graph.nodes[$0.to].route } == ["/", "/settings", "/nowhere"])
    #expect(
      graph.flags.filter { $0.kind == .popToViewTarget }.map(\.message) == [
        "popToView '/settings': no path of pushes leads from '/settings' to this screen, so it "
          + "is never on its stack",
        "popToView '/nowhere': no screen reached from the entry has the route or identifier "
          + "'/nowhere'",
      ])
  }

  @Test("the walk stops at its limit of screens and says so")
  func limit() throws {
    let (graph, requested) = try walk(
      [
        "/": screen("Home", push("/1")),
        "/1": screen("1", push("/2")),
        "/2": screen("2", push("/3")),
        "/3": screen("3"),
      ], configuration: GraphWalker.Configuration(maximumScreens: 2))
    #expect(requested == ["/1", "/2"])
    #expect(graph.nodes[3].error == "not followed: the graph stops at 2 screens")
    #expect(
      graph.flags.first { $0.kind == .limit }?.message
        == "the graph stops at 2 screens; the rest are not followed")
  }

  @Test("cycles are found without recursion in a ring of 20 000 screens")
  func deepRing() {
    let count = 20_000
    let successors = (0..<count).map { [($0 + 1) % count] }
    let loops = GraphCycles.loops(successors)
    #expect(loops.count == 1)
    #expect(loops.first?.count == count)
    #expect(
      GraphCycles.shortestCycle(in: [0, 1, 2], successors: [[1], [2], [0]]) == [0, 1, 2, 0])
  }
}
