import BeagleJSON
import BeagleRendering
import Foundation
import Testing

@testable import BeagleRuntime

/// The navigation example's scenario (Examples/navigation/flow.scenario) must print
/// the same states whether its remote routes come from the example's folder or
/// from a BFF over HTTP; its native routes come from the folder both times.
@Suite struct NavigationExampleTests {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/navigation")

  /// The scenario's options (`key: value` lines before `---`) and its script steps.
  static func scenario() throws -> (options: [String: String], script: Script) {
    let text = try String(
      contentsOf: folder.appendingPathComponent("flow.scenario"), encoding: .utf8)
    var options: [String: String] = [:]
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let line = lines.popFirst(), line != "---" {
      guard !line.hasPrefix("#"), let colon = line.firstIndex(of: ":") else { continue }
      options[String(line[..<colon])] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return (options, try Script(parsing: lines.joined(separator: "\n")))
  }

  func run(client: any ViewClient, urlBuilder: URLBuilder) throws -> [RunState] {
    let (options, script) = try Self.scenario()
    let screenFile = try #require(options["screen"])
    let first = try Data(contentsOf: Self.folder.appendingPathComponent(screenFile))
    let root = try #require(Decoder().decode(try JSONDocument(parsing: [UInt8](first))).root)
    let manifestBytes = try Data(contentsOf: Self.folder.appendingPathComponent("beagle.json"))
    let (manifest, diagnostics) = Manifest.parse(
      try JSONDocument(parsing: [UInt8](manifestBytes)), source: "beagle.json")
    #expect(diagnostics == [])
    var configuration = Session.Configuration(
      registry: .builtIn, viewClient: client, urlBuilder: urlBuilder,
      profile: manifest.profile ?? .ios, animation: manifest.animation ?? NavigationAnimation())
    configuration.adopt(manifest, folder: Self.folder.path)
    var session = Session(configuration: configuration, firstScreen: Screen(route: "/", root: root))
    var states = [session.initialState(log: [])]
    for (index, line) in script.steps.enumerated() {
      #expect(session.perform(line.step) == .done, "\(line.text)")
      states.append(session.state(step: index + 1, event: line.text))
    }
    return states
  }

  @Test("the navigation flow prints the same from the folder and over HTTP")
  func sameOutput() throws {
    var routes: [String: CannedResponse] = [:]
    for name in ["index", "catalog", "item", "login", "welcome"] {
      let text = try String(
        contentsOf: Self.folder.appendingPathComponent("\(name).json"), encoding: .utf8)
      routes[name == "index" ? "/" : "/\(name)"] = .json(text)
    }
    let server = try TestHTTPServer(routes: routes, maxRequests: 32)
    defer { server.shutdown() }
    let base = "http://127.0.0.1:\(server.port)"
    let overHTTP = try run(
      client: CachingViewClient(HTTPViewClient(baseURL: base, timeout: 5)),
      urlBuilder: URLBuilder(baseURL: base))
    let fromFolder = try run(
      client: CachingViewClient(FileViewClient(root: Self.folder.path)),
      urlBuilder: URLBuilder(baseURL: nil))
    #expect(overHTTP.count == fromFolder.count)

    // Identical but for what only the transport knows: the requests' absolute URLs,
    // HTTP statuses and error wording, and the log line saying why /archive/2019
    // failed (404 versus no such file). Both then show the route's fallback.
    let renderer = TextRenderer()
    func outline(_ state: RunState) -> String {
      var copy = state
      copy.requests = []
      copy.log = []
      return renderer.render(copy)
    }
    func requests(_ state: RunState) -> [String] {
      state.requests.map { request in
        let url = request.url.replacingOccurrences(of: base, with: "")
        let failed = request.error != nil ? " failed" : ""
        return "\(request.origin.rawValue) \(url)\(failed)"
      }
    }
    for (http, folder) in zip(overHTTP, fromFolder) {
      #expect(outline(http) == outline(folder))
      #expect(requests(http) == requests(folder))
      #expect(http.log.map(\.severity) == folder.log.map(\.severity))
    }
    #expect(
      fromFolder.flatMap(requests) == [
        "prefetch /catalog", "cache /catalog", "prefetch /item", "cache /item",
        "network /archive/2019 failed", "network /login", "cache /login", "network /welcome",
      ])
    #expect(fromFolder.allSatisfy { !$0.log.hasErrors })
    #expect(
      overHTTP.contains { state in
        state.log.contains {
          $0.message.contains("answered with status 404; showing the route's fallback")
        }
      })
  }

  @Test("the flow covers every navigation kind, navigationContext and analytics")
  func coverage() throws {
    let states = try run(
      client: CachingViewClient(FileViewClient(root: Self.folder.path)),
      urlBuilder: URLBuilder(baseURL: nil))
    let kinds = Set(states.compactMap { $0.navigationEvent?.kind.rawValue })
    #expect(kinds == ["push", "pop", "present", "dismiss", "reset", "external", "native"])
    #expect(states.contains { $0.contexts.first?.id == "navigationContext" })
    #expect(states.contains { $0.analytics.contains { $0.action != nil } })
    #expect(states.last?.stacks.map { $0.map(\.route) } == [["profile"]])
  }
}
