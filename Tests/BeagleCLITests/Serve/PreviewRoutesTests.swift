import BeagleHTTP
import Foundation
import Testing

@testable import BeagleCLI

/// What `serve` answers, request by request: the page with its security headers,
/// and changes only from the page's own origin.
@Suite struct PreviewRoutesTests {
  static let host = "127.0.0.1:4000"

  static func request(
    _ method: String, _ path: String, body: String = "", fields: [(String, String)] = []
  ) -> HTTPServerRequest {
    let (path, query) =
      path.contains("?")
      ? (String(path.prefix { $0 != "?" }), String(path.drop { $0 != "?" }.dropFirst()))
      : (path, nil)
    return HTTPServerRequest(
      method: method, path: path, query: query,
      fields: [.init(name: "Host", value: host)] + fields.map { .init(name: $0.0, value: $0.1) },
      body: Array(body.utf8))
  }

  static let pageOrigin = [
    ("Origin", "http://\(host)"), ("Content-Type", "application/json"),
    ("Sec-Fetch-Site", "same-origin"),
  ]

  @Test("the page and its files carry a CSP without inline script and with no other origin")
  func page() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let routes = PreviewRoutes(preview: try PreviewTests.preview([fixture.screen]))
    for path in ["/", "/preview.js", "/preview.css", "/frame", "/nothing"] {
      let response = routes.respond(to: Self.request("GET", path))
      let csp = response.fields.first { $0.name == "Content-Security-Policy" }?.value
      #expect(
        csp
          == "default-src 'none'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline';"
          + " img-src 'self' data:;"
          + " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
      #expect(
        response.fields.contains { $0.name == "X-Content-Type-Options" && $0.value == "nosniff" })
    }
    let page = String(decoding: routes.respond(to: Self.request("GET", "/")).body, as: UTF8.self)
    #expect(page.contains("<script src=\"/preview.js\" defer></script>"))
    // The page's only script element is its own file.
    #expect(page.components(separatedBy: "<script").count == 2)
  }

  @Test(
    "a change needs a POST of JSON from the page's own origin",
    arguments: [
      ([("Content-Type", "application/json")], 403),
      ([("Origin", "http://evil.example"), ("Content-Type", "application/json")], 403),
      ([("Origin", "http://localhost:4000"), ("Content-Type", "application/json")], 403),
      (
        [
          ("Origin", "http://\(host)"), ("Content-Type", "application/json"),
          ("Sec-Fetch-Site", "cross-site"),
        ], 403
      ),
      ([("Origin", "http://\(host)"), ("Content-Type", "text/plain")], 415),
      ([("Origin", "http://\(host)")], 415),
      (pageOrigin, 200),
    ])
  func sameOrigin(fields: [(String, String)], status: Int) throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try PreviewTests.preview([fixture.screen])
    let routes = PreviewRoutes(preview: preview)
    let response = routes.respond(
      to: Self.request("POST", "/event", body: #"{"step": "tap #inc"}"#, fields: fields))
    #expect(response.status == status)
    #expect(preview.eventTexts == (status == 200 ? ["tap #inc"] : []))
  }

  @Test(
    "methods and paths: GET for reading, POST for changing, nothing else, no files",
    arguments: [
      ("GET", "/event", 405), ("PUT", "/", 405), ("DELETE", "/record", 405),
      ("GET", "/index.json", 404), ("GET", "/../index.json", 404),
      ("GET", "/%2e%2e/index.json", 404),
      ("POST", "/preview.js", 405), ("GET", "/frame?since=0", 200),
    ])
  func methods(method: String, path: String, status: Int) throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let routes = PreviewRoutes(preview: try PreviewTests.preview([fixture.screen]))
    #expect(
      routes.respond(to: Self.request(method, path, fields: Self.pageOrigin)).status == status)
  }

  @Test("an event answers with the new frame; a refused one with the error and the frame")
  func eventAnswers() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let routes = PreviewRoutes(preview: try PreviewTests.preview([fixture.screen]))
    let done = routes.respond(
      to: Self.request("POST", "/event", body: #"{"step": "tap #inc"}"#, fields: Self.pageOrigin))
    let text = String(decoding: done.body, as: UTF8.self)
    #expect(done.status == 200)
    #expect(text.hasPrefix(#"{"frame":{"version":2,"device":"#))
    #expect(text.contains(#">Count: 1</div>"#))
    let refused = routes.respond(
      to: Self.request("POST", "/event", body: #"{"step": "back back"}"#, fields: Self.pageOrigin))
    #expect(refused.status == 400)
    #expect(
      String(decoding: refused.body, as: UTF8.self).contains(
        #""error":"'back back': unexpected 'back' at the end of the step""#))
    // A refused step changes nothing: the page's version 2 is current.
    #expect(routes.respond(to: Self.request("GET", "/frame?since=2")).status == 204)
    #expect(routes.respond(to: Self.request("GET", "/frame?since=1")).status == 200)
  }
}
