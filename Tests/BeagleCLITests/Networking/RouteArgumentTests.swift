import Foundation
import Testing

@testable import BeagleCLI

/// The first screen fetched from a BFF (`beagle-run /home --base-url URL`), and a
/// route whose answer is no screen (issue #12).
@Suite(.serialized) struct RouteArgumentTests {
  static let home = """
    {"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "Home"},
     "child": {"_beagleComponent_": "beagle:button", "text": "Page",
               "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/page"}}]}}
    """

  static let routes: [String: CannedResponse] = [
    "/home": .json(home),
    "/page": CannedResponse(
      status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>hi</html>".utf8)),
  ]

  @Test("'beagle-run /home --base-url URL' fetches the first screen; its request is in step 0")
  func firstScreenOverHTTP() throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let outcome = beagleRun("/home", "--base-url", server.baseURL)
    #expect(outcome.errors == "")
    #expect(outcome.code == 0)
    #expect(outcome.output.hasPrefix("step 0 · load /home\nstacks\n  1. /home \"Home\"\n"))
    #expect(
      outcome.output.contains(
        #"request: {"kind":"screen","id":null,"method":"GET","url":"\#(server.baseURL)/home","status":200,"pending":false,"origin":"network","error":null}"#
      ))
    #expect(server.requests.map(\.target) == ["/home"])
  }

  @Test("a route answered with HTML carries the error in its request record, as the log does")
  func htmlRoute() throws {
    let server = try TestHTTPServer(routes: Self.routes)
    defer { server.shutdown() }
    let outcome = beagleRun(
      "/home", "--base-url", server.baseURL, "--step", #"tap "Page""#, "--format", "json")
    #expect(outcome.code == 1)
    let lines = outcome.output.split(separator: "\n")
    let step = try #require(lines.last.map { String($0) })
    let url = server.baseURL + "/page"
    #expect(
      step.contains(
        #""requests":[{"kind":"screen","id":null,"method":"GET","url":"\#(url)","status":200,"pending":false,"origin":"network","error":"the answer of '\#(url)' (text/html) is not valid JSON (unexpected character '<'; expected a value at 1:1)"}]"#
      ))
  }

  @Test(
    "an argument is a route when it starts with '/', names no file, and a BFF is given",
    arguments: [
      (["/nowhere/home"], "file"),
      (["/nowhere/home", "--base-url", "http://127.0.0.1:1"], "route"),
      (["/nowhere/home", "--bff", "."], "route"),
      (["/nowhere/home", "--registry", "beagle.json"], "route"),
      (["FILE", "--base-url", "http://127.0.0.1:1"], "file"),
      (["FOLDER", "--base-url", "http://127.0.0.1:1"], "route"),
      (["home.json", "--base-url", "http://127.0.0.1:1"], "file"),
    ] as [([String], String)])
  func argument(arguments: [String], kind: String) throws {
    let file = try temporaryFile(Array("{}".utf8))
    let folder = (file as NSString).deletingLastPathComponent
    let resolved = arguments.map { $0 == "FILE" ? file : $0 == "FOLDER" ? folder : $0 }
    let options = try runOptions(resolved)
    let source = ScreenSource.argument(
      resolved[0], options: options.input, environment: CommandLineTool.Environment())
    #expect(source == (kind == "file" ? .file(resolved[0]) : .route(resolved[0])))
  }

  @Test("a route argument with only a file BFF is read from that folder")
  func routeFromFolder() throws {
    let outcome = beagleRun("/products", "--bff", "Examples/shop")
    #expect(outcome.code == 0)
    #expect(outcome.output.hasPrefix("step 0 · load /products\n"))
  }
}
