import BeagleJSON
import BeagleRendering
import Foundation
import Testing

@testable import BeagleRuntime

/// The shop example's scripted flow must print the same states whether its remote
/// routes come from the example's folder or from a BFF over HTTP (issue: navigation).
@Suite struct SameOutputOverHTTPTests {
  static let shop = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/shop")

  func run(client: any ViewClient, urlBuilder: URLBuilder) throws -> [String] {
    let first = try Data(contentsOf: Self.shop.appendingPathComponent("index.json"))
    let root = try #require(Decoder().decode(try JSONDocument(parsing: [UInt8](first))).root)
    var session = Session(
      configuration: Session.Configuration(
        registry: .builtIn, viewClient: client, urlBuilder: urlBuilder),
      firstScreen: Screen(route: "/", root: root))
    let scriptText = try String(
      contentsOf: Self.shop.appendingPathComponent("index.script"), encoding: .utf8)
    let script = try Script(parsing: scriptText)
    let renderer = TextRenderer()
    var states = [renderer.render(session.initialState(log: []))]
    for (index, line) in script.steps.enumerated() {
      #expect(session.perform(line.step) == .done, "\(line.text)")
      states.append(renderer.render(session.state(step: index + 1, event: line.text)))
    }
    return states
  }

  @Test("the scripted shop flow prints the same from the folder and over HTTP")
  func sameOutput() throws {
    var routes: [String: CannedResponse] = [:]
    for name in ["cart", "products"] {
      let text = try String(
        contentsOf: Self.shop.appendingPathComponent("\(name).json"), encoding: .utf8)
      routes["/\(name)"] = .json(text)
    }
    let server = try TestHTTPServer(routes: routes, maxRequests: 16)
    defer { server.shutdown() }
    let base = "http://127.0.0.1:\(server.port)"
    let overHTTP = try run(
      client: CachingViewClient(HTTPViewClient(baseURL: base, timeout: 5)),
      urlBuilder: URLBuilder(baseURL: base))
    let fromFolder = try run(
      client: CachingViewClient(FileViewClient(root: Self.shop.path)),
      urlBuilder: URLBuilder(baseURL: nil))
    #expect(overHTTP.count == fromFolder.count)
    // Identical but for the log line saying why /checkout failed: HTTP 404 versus
    // no such file (both then show the route's fallback), and the request lines,
    // whose URLs and statuses only HTTP has (NavigationExampleTests compares them).
    func withoutLog(_ state: String) -> String {
      (state.components(separatedBy: "\nlog\n").first ?? state)
        .split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("request: ") }.joined(separator: "\n")
    }
    for (http, folder) in zip(overHTTP, fromFolder) {
      #expect(withoutLog(http) == withoutLog(folder))
    }
    #expect(
      overHTTP.contains {
        $0.contains("answered with status 404; showing the route's fallback screen")
      })
    #expect(
      fromFolder.contains {
        $0.contains(
          "tried 'checkout.json' and 'checkout/index.json'; showing the route's fallback screen")
      })
  }
}
