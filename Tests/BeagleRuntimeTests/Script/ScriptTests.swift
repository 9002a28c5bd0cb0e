import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct ScriptTests {
  @Test("steps parse with their line numbers; comments and blank lines are skipped")
  func parses() throws {
    let script = try Script(
      parsing: """
        # a flow
        tap "Buy now"   # a button
        tap #checkout

        back
        choose "Ok"
        action {"_beagleAction_": "beagle:popView"}
        expect text "Say \\"hi\\""
        expect no-text "Error"
        expect title "Cart"
        expect stacks 2
        expect depth 1
        type #email "ana@example.com"
        type "Your name" "Ana"
        event #tabs onTabSelection 2
        event "Pull me" onPull
        respond 200
        respond 401 {"error": "bad", "tag": "#1"}   # a comment
        respond 204 # no body
        respond  500   "oops"
        respond #2 404
        respond #12 200 {"ok": true}   # by id
        respond GET /profile?full=1 200 {"name": "Ana"}
        respond DELETE https://api.example.com/a 204
        """)
    #expect(
      script.steps.map(\.step) == [
        .tap(.text("Buy now")), .tap(.id("checkout")), .back, .choose("Ok"),
        .action(["_beagleAction_": "beagle:popView"]), .expectText("Say \"hi\""),
        .expectNoText("Error"), .expectTitle("Cart"), .expectStacks(2), .expectDepth(1),
        .type(.id("email"), "ana@example.com"), .type(.text("Your name"), "Ana"),
        .event(.id("tabs"), name: "onTabSelection", value: 2),
        .event(.text("Pull me"), name: "onPull", value: nil),
        .respond(status: 200, body: nil),
        .respond(status: 401, body: ["error": "bad", "tag": "#1"]),
        .respond(status: 204, body: nil), .respond(status: 500, body: "oops"),
        .respond(status: 404, body: nil, request: .id(2)),
        .respond(status: 200, body: ["ok": true], request: .id(12)),
        .respond(status: 200, body: ["name": "Ana"], request: .route(.get, "/profile?full=1")),
        .respond(status: 204, body: nil, request: .route(.delete, "https://api.example.com/a")),
      ])
    #expect(
      script.steps.map(\.line) == [
        2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
      ])
    #expect(script.steps[15].text == ##"respond 401 {"error": "bad", "tag": "#1"}"##)
    #expect(script.steps.first?.text == "tap \"Buy now\"")
  }

  @Test(
    "malformed steps are errors naming the line",
    arguments: [
      (
        "tapp \"x\"", 1,
        "unknown step 'tapp'; did you mean 'tap'? (steps: 'tap', 'type', 'event', 'back', 'action', 'choose', 'respond', 'expect')"
      ),
      ("\n\ntap", 3, "missing argument; write tap #ID or tap \"TEXT\""),
      ("tap \"open", 1, "unterminated string; close it with '\"'"),
      ("expect stacks two", 1, "'two' is not a whole number"),
      (
        "expect colour \"red\"", 1,
        "unknown expectation 'colour' (expected 'text', 'no-text', 'title', 'stacks' or 'depth')"
      ),
      ("action {\"a\":", 1, "invalid JSON: unexpected end of input; expected a value"),
      ("back now", 1, "unexpected 'now' at the end of the step"),
      ("type #email", 1, "missing argument; write type TARGET \"TEXT\""),
      ("type", 1, "missing argument; write type #ID or type \"TEXT\""),
      ("event #tabs", 1, "missing argument; write event TARGET NAME [JSON]"),
      (
        "event #tabs onTabSelection {", 1,
        "invalid JSON: unexpected end of input; expected a string key or '}'"
      ),
      (
        "respond", 1,
        #"missing argument; write respond [#ID | METHOD URL] STATUS [JSON], as in respond 200 {"ok": true}, respond #2 404 or respond GET /profile 200 {"name": "Ana"}"#
      ),
      (
        "respond #2", 1,
        #"missing argument; write respond [#ID | METHOD URL] STATUS [JSON], as in respond 200 {"ok": true}, respond #2 404 or respond GET /profile 200 {"name": "Ana"}"#
      ),
      (
        "respond POST", 1,
        #"missing argument; write respond [#ID | METHOD URL] STATUS [JSON], as in respond 200 {"ok": true}, respond #2 404 or respond GET /profile 200 {"name": "Ana"}"#
      ),
      (
        "respond #two 200", 1,
        "'#two' is not a request number; write '#' and the request's id, as in respond #2 200"
      ),
      (
        "respond #0 200", 1,
        "'#0' is not a request number; write '#' and the request's id, as in respond #2 200"
      ),
      (
        "respond GET /a {}", 1,
        "'{}' is not an http status; write a whole number from 100 to 599"
      ),
      (
        "respond get /a 200", 1, "'get' is not an http status; write a whole number from 100 to 599"
      ),
      ("\nrespond 20x", 2, "'20x' is not an http status; write a whole number from 100 to 599"),
      ("respond 99", 1, "'99' is not an http status; write a whole number from 100 to 599"),
      ("respond 600 {}", 1, "'600' is not an http status; write a whole number from 100 to 599"),
      ("respond +200", 1, "'+200' is not an http status; write a whole number from 100 to 599"),
      (
        "respond 200 {\"a\":", 1,
        "invalid response JSON: unexpected end of input; expected a value"
      ),
      ("respond 200 ok", 1, "invalid response JSON: unexpected character 'o'; expected a value"),
    ] as [(String, Int, String)])
  func errors(text: String, line: Int, message: String) {
    do {
      _ = try Script(parsing: text)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.line == line)
      #expect(error.description == message)
    }
  }
}
