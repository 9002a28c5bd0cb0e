import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct MockSetTests {
  @Test("mocks read with their defaults; the first that matches answers")
  func parses() throws {
    let mocks = try mockSet(
      """
      [{"method": "POST", "url": "/login", "status": 201, "headers": {"X-A": "1"}, "body": {"ok": true}, "delay": 250},
       {"url": "/login"},
       {"url": "/page", "headers": {"content-type": "text/html; charset=utf-8"}, "body": "<p>hi</p>"},
       {"url": "/problem", "headers": {"Content-Type": "application/problem+json"}, "body": "text"}]
      """)
    #expect(
      mocks.mocks.first
        == RequestMock(
          method: .post, url: try URLPattern(parsing: "/login"), status: 201, headers: ["X-A": "1"],
          body: ["ok": true], delay: 250))
    #expect(mocks.mock(for: .post, written: "/login", built: "/login")?.status == 201)
    #expect(mocks.mock(for: .get, written: "/login", built: "/login")?.status == 200)
    #expect(mocks.mock(for: .get, written: "/nope", built: "/nope") == nil)
    #expect(mocks.mocks[1].answerBody == .none)
    #expect(mocks.mocks[2].answerBody == .bytes(Array("<p>hi</p>".utf8)))
    #expect(mocks.mocks[3].answerBody == .json("text"))
  }

  @Test(
    "every problem is an error at its place, with its JSON Pointer",
    arguments: [
      (
        #"{"url": "/a"}"#, "1:1", "",
        #"the mocks must be an array of objects such as {"method": "POST", "url": "/login", "status": 200, "body": {}}, found an object"#
      ),
      (
        #"[1]"#, "1:2", "/0",
        "a mock must be an object with 'url' and optional 'method', 'status', 'headers', 'body' and 'delay', found the number 1"
      ),
      (
        #"[{"status": 200}]"#, "1:2", "/0",
        #"a mock needs 'url', the pattern of the urls it answers (as in "/login")"#
      ),
      (
        "[\n  {\"url\": \"/a\", \"stauts\": 200}]", "2:17", "/0/stauts",
        "unknown key 'stauts' in a mock; did you mean 'status'? (keys: 'method', 'url', 'status', 'headers', 'body', 'delay')"
      ),
      (
        #"[{"url": "/a", "method": "post"}]"#, "1:26", "/0/method",
        "'method' cannot be 'post'; expected one of 'GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH'"
      ),
      (
        #"[{"url": "/a", "method": 1}]"#, "1:26", "/0/method",
        "'method' must be a string, found the number 1"
      ),
      (
        #"[{"url": 5}]"#, "1:10", "/0/url",
        "'url' must be a string (a url pattern), found the number 5"
      ),
      (
        #"[{"url": "/a*"}]"#, "1:10", "/0/url",
        "'*' must be a whole segment in url pattern '/a*' (as in /products/*)"
      ),
      (
        #"[{"url": "/a", "status": "200"}]"#, "1:26", "/0/status",
        "'status' must be a whole number from 100 to 599, found the string '200'"
      ),
      (
        #"[{"url": "/a", "status": 99}]"#, "1:26", "/0/status",
        "'status' must be a whole number from 100 to 599, found the number 99"
      ),
      (
        #"[{"url": "/a", "status": 200.0}]"#, "1:26", "/0/status",
        "'status' must be a whole number from 100 to 599, found the number 200.0"
      ),
      (
        #"[{"url": "/a", "headers": []}]"#, "1:27", "/0/headers",
        "'headers' must be an object of strings, found an array"
      ),
      (
        #"[{"url": "/a", "headers": {"X": 1}}]"#, "1:33", "/0/headers/X",
        "'headers.X' must be a string, found the number 1"
      ),
      (
        #"[{"url": "/a", "delay": -1}]"#, "1:25", "/0/delay",
        "'delay' must be a whole number of milliseconds from 0 to 3600000, found the number -1"
      ),
    ] as [(String, String, String, String)])
  func errors(json: String, position: String, pointer: String, message: String) throws {
    let document = try JSONDocument(parsing: Array(json.utf8))
    let (mocks, diagnostics) = MockSet.parse(document.root, source: "mocks.json")
    #expect(mocks.isEmpty)
    #expect(diagnostics.count == 1)
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.message == message)
    #expect(diagnostic.pointer?.description == pointer)
    #expect(diagnostic.source == "mocks.json")
    let place = document.makeLineTable().position(ofOffset: diagnostic.offset ?? -1)
    #expect("\(place.line):\(place.column)" == position)
  }

  @Test("a mock with errors is dropped, the others are kept; every error is reported")
  func several() throws {
    let document = try JSONDocument(
      parsing: Array(#"[{"url": "/a"}, {"url": "b", "delay": "1"}, {"url": "/c"}]"#.utf8))
    let (mocks, diagnostics) = MockSet.parse(
      document.root, source: "beagle.json", pointer: JSONPointer(["mocks"]))
    #expect(mocks.mocks.map(\.url.text) == ["/a", "/c"])
    #expect(diagnostics.map { $0.pointer?.description } == ["/mocks/1/url", "/mocks/1/delay"])
  }
}
