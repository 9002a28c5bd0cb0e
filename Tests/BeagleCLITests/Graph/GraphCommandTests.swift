import BeagleCLI
import BeagleJSON
import Foundation
import Testing

/// The fixture app: every kind of link and every flag (see Fixtures/app).
private let app = "Tests/BeagleCLITests/Graph/Fixtures/app"
private let entry = app + "/index.json"

private func expected(_ name: String) throws -> String {
  let url = repositoryRoot.appendingPathComponent("Tests/BeagleCLITests/Graph/Fixtures/expected/")
    .appendingPathComponent(name)
  return String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

/// Runs the CLI in-process from the package root.
private func run(_ arguments: [String]) -> Outcome {
  var output = ""
  var errors = ""
  let code = CommandLineTool(environment: .init()).run(
    ["beagle-run"] + arguments, output: { output += $0 }, errors: { errors += $0 })
  return Outcome(code: code, output: output, errors: errors)
}

@Suite struct GraphCommandTests {
  @Test(
    "each format prints the fixture app's graph as expected",
    arguments: [
      ([String](), "graph.txt"), (["--format", "json"], "graph.json"),
      (["--format", "dot"], "graph.dot"), (["--format", "mermaid"], "graph.mmd"),
    ])
  func formats(options: [String], file: String) throws {
    let outcome = run(["graph", entry] + options)
    #expect(outcome.errors == "")
    #expect(outcome.code == 0)
    #expect(outcome.output == (try expected(file)))
  }

  @Test(
    "a link's place in the text is the pointer JSON gives as 'at'; its component's #id a remark")
  func linkPlaces() throws {
    let text = run(["graph", entry]).output
    let json = try JSONValue(parsing: run(["graph", entry, "--format", "json"]).output)
    let edges = try #require(json["edges"]?.arrayValue)
    let section = try #require(text.components(separatedBy: "\nlinks\n").last)
    let rows = (section.components(separatedBy: "\n\n").first ?? "").split(separator: "\n")
    #expect(rows.count == edges.count)
    var withId = 0
    for (edge, row) in zip(edges, rows) {
      let columns = row.split(separator: " ")
      #expect(columns.count > 7)
      guard columns.count > 7, let at = edge["at"]?.stringValue,
        let source = edge["source"]?.stringValue
      else { continue }
      #expect(String(columns[7]) == (at.isEmpty ? "/" : at))
      if source.hasPrefix("#") {
        withId += 1
        #expect(columns.count > 8 && columns[8].hasPrefix(source))
      }
    }
    #expect(withId == 3)
  }

  @Test(
    "every kind of flag is found, with its place",
    arguments: [
      "  dead-link: \(app)/index.json /child/children/1/onPress/0/onError/0/onPressOk: route "
        + "'/missing' leads to no screen: no screen for '/missing' in '\(app)': tried "
        + "'missing.json' and 'missing/index.json'\n",
      "  expression-route: \(app)/index.json /child/children/2/onPress/0: route "
        + "'/user/@{user.id}' is built from an expression; not followed (no value for "
        + "'user.id'; give --assume user=JSON)\n",
      "  pop-to-view-target: \(app)/detail.json /child/children/0/onPress/0: popToView "
        + "'/settings': no path of pushes leads from '/settings' to this screen, so it is never "
        + "on its stack\n",
      "  cycle: \(app)/list.json: screens push each other in a loop, the stack grows each time "
        + "round: '/list' → '/detail' → '/list'\n",
      "  unreachable-screen: '\(app)/orphan.json' is in the BFF folder but nothing leads to it\n",
      "  missing-fallback: \(app)/index.json /navigationBar/navigationBarItems/0/action/route: "
        + "remote route '/settings' has no fallback screen (if its request fails, iOS shows an "
        + "error and stays)\n",
      "  cycle: \(app)/index.json: a loop closed by a reset (the stack starts again): '/' → "
        + "'/settings' → '/'\n",
    ])
  func flags(line: String) {
    let outcome = run(["graph", entry])
    #expect(outcome.output.contains(line))
  }

  @Test("--assume follows a route built from an expression to its screen")
  func assume() {
    let outcome = run(["graph", entry, "--assume", #"user={"id":7}"#])
    #expect(
      outcome.output.contains(
        "  7   screen    /user/7                                  \"User 7\"       \(app)/user/7.json\n"
      ))
    #expect(!outcome.output.contains("expression-route"))
    #expect(!outcome.output.contains("user/7.json' is in the BFF folder"))
  }

  @Test("--strict exits 1 when anything is flagged, and says how many flags")
  func strict() throws {
    let outcome = run(["graph", entry, "--strict"])
    #expect(outcome.code == 1)
    #expect(outcome.errors == "beagle-run: error: 7 flags in the graph (--strict)\n")
    let alone = try temporaryFile(
      Array(#"{"_beagleComponent_": "beagle:text", "text": "Alone"}"#.utf8), name: "index.json")
    let clean = run(["graph", alone, "--strict"])
    #expect(clean.errors == "")
    #expect(clean.code == 0)
  }

  @Test("a file that is no screen is a dead link, not an unreached file; --strict counts it")
  func fileIsNoScreen() throws {
    let entry = try temporaryFile(
      Array(
        #"{"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/bad", "fallback": {"_beagleComponent_": "beagle:text", "text": "Oops"}}}]}"#
          .utf8), name: "index.json")
    let folder = (entry as NSString).deletingLastPathComponent
    try Data("not json".utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
    let outcome = run(["graph", entry, "--strict"])
    #expect(outcome.code == 1)
    #expect(outcome.errors == "beagle-run: error: 1 flag in the graph (--strict)\n")
    #expect(
      outcome.output.contains(
        "  dead-link: \(entry) /onPress/0: route '/bad' leads to no screen: '\(folder)/bad.json' "
          + "is not a screen: unexpected character 'o'; expected 'null' at 1:2; its fallback "
          + "screen shows instead\n"))
    #expect(!outcome.output.contains("unreachable-screen"))
  }

  // web-core trims arguments ("should ignore space between parameters",
  // ZupIT/beagle-web-core:__tests__/unit/old-structure/bindings/expressions.spec.ts); iOS's
  // grammar reads no expression there (docs/spec.md §5.3).
  @Test("--profile web reads route URLs with web's grammar; the default, iOS's, does not")
  func profileGrammar() throws {
    let entry = try temporaryFile(
      Array(
        #"{"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/@{concat( 'de' ,'tail' )}", "fallback": {"_beagleComponent_": "beagle:text", "text": "Oops"}}}]}"#
          .utf8), name: "index.json")
    let folder = (entry as NSString).deletingLastPathComponent
    try Data(#"{"_beagleComponent_": "beagle:text", "text": "detail"}"#.utf8).write(
      to: URL(fileURLWithPath: folder + "/detail.json"))
    let web = run(["graph", entry, "--profile", "web"])
    #expect(web.code == 0)
    #expect(web.output.contains("  0 → 1  pushView  push  forward  /detail  /onPress/0  from "))
    #expect(!web.output.contains("dead-link"))
    #expect(!web.output.contains("unreachable-screen"))
    let ios = run(["graph", entry])
    #expect(ios.code == 0)
    #expect(
      ios.output.contains("  dead-link: \(entry) /onPress/0: route '/@{concat( 'de' ,'tail' )}'"))
    #expect(ios.output.contains("  unreachable-screen: "))
  }

  @Test(
    "a mock file (a JSON array) in the BFF folder is not an unreachable screen, as check skips it")
  func mockFileIsNoScreen() throws {
    let entry = try temporaryFile(
      Array(#"{"_beagleComponent_": "beagle:text", "text": "Alone"}"#.utf8), name: "index.json")
    let folder = (entry as NSString).deletingLastPathComponent
    try Data(#"  [{"method": "GET", "url": "/x", "status": 200}]"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/mocks.json"))
    try Data(#"{"_beagleComponent_": "beagle:text", "text": "Orphan"}"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/orphan.json"))
    let outcome = run(["graph", entry])
    #expect(outcome.code == 0)
    #expect(!outcome.output.contains("mocks.json"))
    #expect(
      outcome.output.contains(
        "  unreachable-screen: '\(folder)/orphan.json' is in the BFF folder but nothing leads to it\n"
      ))
  }

  @Test("an error in the manifest exits 1 after the graph, as run and check do")
  func manifestError() throws {
    let entry = try temporaryFile(
      Array(#"{"_beagleComponent_": "beagle:text", "text": "Alone"}"#.utf8), name: "index.json")
    let folder = (entry as NSString).deletingLastPathComponent
    let manifest = folder + "/beagle.json"
    try Data(#"{"mocks": "/etc/passwd"}"#.utf8).write(to: URL(fileURLWithPath: manifest))
    let outcome = run(["graph", entry])
    #expect(outcome.code == 1)
    #expect(outcome.output.hasPrefix("graph of \(entry): 1 screen, 0 other nodes"))
    #expect(
      outcome.errors
        == "\(manifest):1:11: error: 'mocks' names '/etc/passwd', outside the project root (the "
        + "manifest's folder '\(folder)'); give --allow-outside-root to read files outside it"
        + " [outside-root]\n"
        + "  1 | {\"mocks\": \"/etc/passwd\"}\n    |           ^\nnote: at /mocks\n")
    try Data(#"{"baseUrl": "http://bff.test"}"#.utf8).write(to: URL(fileURLWithPath: manifest))
    let clean = run(["graph", entry])
    #expect(clean.errors == "")
    #expect(clean.code == 0)
  }

  @Test("an entry that cannot be read exits 1")
  func unreadable() {
    let outcome = run(["graph", app + "/nope.json"])
    #expect(outcome.code == 1)
    #expect(outcome.output == "")
    #expect(outcome.errors.contains("nope.json"))
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      (
        ["graph"],
        "'graph' needs an entry screen, as in beagle-run graph Examples/navigation/index.json"
      ),
      (["graph", "a.json", "b.json"], "'graph' takes one entry screen"),
      (
        ["graph", "a.json", "--format", "svg"],
        "unknown format 'svg'; expected 'text', 'json', 'dot' or 'mermaid'"
      ),
      (
        ["run", "a.json", "--format", "dot"],
        "unknown format 'dot'; expected 'text', 'json' or 'html'"
      ),
      (["run", "a.json", "--assume", "a=1"], "'--assume' is an option of 'beagle-run graph'"),
      (
        ["graph", "a.json", "--step", "back"],
        "'graph' runs no steps; '--step' is an option of 'beagle-run run'"
      ),
      (
        ["graph", "a.json", "--assume", "=1"],
        #"'--assume' takes ID=JSON, as in --assume catalog='{"category":"news"}'"#
      ),
    ])
  func usage(arguments: [String], message: String) {
    let outcome = run(arguments)
    #expect(outcome.code == 64)
    #expect(outcome.errors == "beagle-run: error: \(message)\n\(seeHelp(arguments))\n")
  }

  @Test("--help lists the graph verb")
  func help() {
    let outcome = run(["--help"])
    #expect(
      outcome.output.contains(
        "  beagle-run graph ENTRY [--bff DIR | --base-url URL] [--format text|json|dot|mermaid]\n"
      ))
  }
}

@Suite struct GraphOverHTTPTests {
  /// Examples/navigation served over HTTP, as a BFF would serve it.
  private static func routes() throws -> [String: CannedResponse] {
    var routes: [String: CannedResponse] = [:]
    for (route, file) in [
      ("/", "index"), ("/catalog", "catalog"), ("/item", "item"), ("/login", "login"),
      ("/welcome", "welcome"),
    ] {
      let url = repositoryRoot.appendingPathComponent("Examples/navigation/\(file).json")
      routes[route] = .json(String(decoding: try Data(contentsOf: url), as: UTF8.self))
    }
    return routes
  }

  @Test("over --base-url the graph has the same screens and links as from the folder")
  func sameGraph() throws {
    let server = try TestHTTPServer(routes: try Self.routes())
    defer { server.shutdown() }
    let http = run([
      "graph", "/", "--base-url", server.baseURL, "--registry", "Examples/navigation/beagle.json",
      "--format", "json",
    ])
    let folder = run(["graph", "Examples/navigation/index.json", "--format", "json"])
    #expect(http.errors == "")
    #expect(http.code == 0)
    let httpGraph = try JSONValue(parsing: http.output)
    let folderGraph = try JSONValue(parsing: folder.output)
    func shape(_ graph: JSONValue) -> [String] {
      (graph["nodes"]?.arrayValue ?? []).map {
        "\($0["kind"]?.stringValue ?? "") \($0["route"]?.stringValue ?? "")"
      }
    }
    #expect(shape(httpGraph) == shape(folderGraph))
    #expect(httpGraph["edges"] == folderGraph["edges"])
    #expect(httpGraph["nodes"]?[1]?["source"] == .string(server.baseURL + "/catalog"))
    // Over HTTP there is no folder to find unreachable screens in.
    let kinds = (httpGraph["flags"]?.arrayValue ?? []).compactMap { $0["kind"]?.stringValue }
    #expect(!kinds.contains("unreachable-screen"))
    #expect(kinds.contains("dead-link"))
  }
}
