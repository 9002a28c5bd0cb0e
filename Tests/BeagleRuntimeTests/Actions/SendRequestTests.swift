import BeagleExpressions
import BeagleHTTP
import BeagleJSON
import Foundation
import Testing

@testable import BeagleRuntime

/// A `setContext` of `global.PATH` to `VALUE` (JSON text), to see what callbacks saw.
func keep(_ path: String, _ value: String) -> String {
  #"{"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "\#(path)", "value": \#(value)}"#
}

/// A `sendRequest` whose callbacks keep their implicit contexts in `global`.
func sendRequest(_ fields: String) -> String {
  #"{"_beagleAction_": "beagle:sendRequest", \#(fields), "#
    + #""onSuccess": [\#(keep("success", #""@{onSuccess}""#))], "#
    + #""onError": [\#(keep("error", #""@{onError}""#))], "#
    + #""onFinish": [\#(keep("finished", "true"))]}"#
}

/// Mocks read from JSON text, which must have no errors.
func mockSet(_ json: String) throws -> MockSet {
  let (mocks, diagnostics) = MockSet.parse(
    try JSONDocument(parsing: Array(json.utf8)).root, source: nil)
  #expect(diagnostics == [])
  return mocks
}

/// A session on a screen with a button "go" that runs `actions` (JSON, comma-separated).
func requestSession(
  _ actions: String, mocks: MockSet = MockSet(), client: (any RequestClient)? = nil,
  baseURL: String? = nil, profile: NavigationProfile = .ios
) throws -> Session {
  let root = try #require(try decode(requestPayload(actions)).root)
  return Session(
    configuration: Session.Configuration(
      registry: .builtIn, urlBuilder: URLBuilder(baseURL: baseURL), profile: profile, mocks: mocks,
      requestClient: client), firstScreen: Screen(route: "/", root: root))
}

/// The screen of ``requestSession(_:mocks:client:baseURL:profile:)``.
func requestPayload(_ actions: String) -> String {
  """
  {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": "start"},
   "children": [{"_beagleComponent_": "beagle:text", "text": "@{c}"},
    {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [\(actions)]}]}
  """
}

/// The byte offset of the first action of ``requestSession(_:mocks:client:baseURL:profile:)``'s
/// button, where what it reports is placed.
let goActionOffset = byteOffset(of: "\"onPress\": [", in: requestPayload("")).map { $0 + 12 }

/// A request client that answers from a closure and keeps what it was sent.
final class StubRequestClient: RequestClient, @unchecked Sendable {
  private let lock = NSLock()
  private var sent: [ScreenRequest] = []
  private let answer: @Sendable (ScreenRequest) -> Result<HTTPResponse, NavigationError>

  init(_ answer: @escaping @Sendable (ScreenRequest) -> Result<HTTPResponse, NavigationError>) {
    self.answer = answer
  }

  var requests: [ScreenRequest] {
    lock.lock()
    defer { lock.unlock() }
    return sent
  }

  func send(_ request: ScreenRequest) -> Result<HTTPResponse, NavigationError> {
    lock.lock()
    sent.append(request)
    lock.unlock()
    return answer(request)
  }
}

@Suite struct SendRequestTests {
  static let loginMocks = """
    [{"method": "POST", "url": "/login", "status": 200, "body": {"name": "Ana"}},
     {"method": "POST", "url": "/login/bad", "status": 401, "body": {"error": "wrong password"}},
     {"url": "/page", "headers": {"Content-Type": "text/html"}, "body": "<p>hi</p>"},
     {"url": "/slow", "body": "slow", "delay": 500},
     {"url": "/fast", "body": "fast", "delay": 100}]
    """

  // iOS SendRequest+Extensions.swift: `["data": data, "status": .int(statusCode),
  // "statusText": "success"]`, then onFinish.
  @Test(
    "a mock's 2xx runs onSuccess with {data, status, statusText: 'success'}, then onFinish (iOS)")
  func mockSuccess() throws {
    var session = try requestSession(
      sendRequest(#""url": "/login", "method": "POST""#), mocks: mockSet(Self.loginMocks))
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "tap")
    #expect(
      session.global == [
        "success": ["data": ["name": "Ana"], "status": 200, "statusText": "success"],
        "finished": true,
      ])
    #expect(
      state.actions.map(\.text) == [
        "onPress → sendRequest POST /login",
        #"onSuccess → setContext global.success = {"data":{"name":"Ana"},"status":200,"statusText…"#,
        "onFinish → setContext global.finished = true",
      ])
    #expect(
      state.requestsJSON == [
        [
          "kind": "request", "id": 1, "method": "POST", "url": "/login", "status": 200,
          "pending": false, "origin": "mock", "error": .null,
        ]
      ])
    #expect(
      state.log == [
        Diagnostic(
          .note,
          "onSuccess.statusText is 'success' (ios rule; web and android give the status's reason phrase 'OK')",
          pointer: JSONPointer(["children", "1", "onPress", "0", "onSuccess"]),
          offset: goActionOffset)
      ])
  }

  @Test(
    "the statusText note is given only when onSuccess may read it",
    arguments: [
      (#""@{onSuccess.data.name}""#, false),
      (#""@{onSuccess.statusText}""#, true),
      (#""@{onSuccess}""#, true),
    ])
  func statusTextNote(value: String, isNoted: Bool) throws {
    let action =
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/login", "method": "POST", "#
      + #""onSuccess": [\#(keep("success", value))]}"#
    var session = try requestSession(action, mocks: mockSet(Self.loginMocks))
    #expect(session.perform(.tap(.text("go"))) == .done)
    let notes = session.state(step: 1, event: "tap").log.map(\.message)
    #expect(
      notes
        == (isNoted
          ? [
            "onSuccess.statusText is 'success' (ios rule; web and android give the status's reason phrase 'OK')"
          ] : []))
  }

  @Test("a mock's 401 runs onError with {data, status, statusText, message}, then onFinish")
  func mockError() throws {
    var session = try requestSession(
      sendRequest(#""url": "/login/bad", "method": "POST""#), mocks: mockSet(Self.loginMocks))
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "tap")
    #expect(
      session.global == [
        "error": [
          "data": ["error": "wrong password"], "status": 401, "statusText": "Unauthorized",
          "message": "'/login/bad' answered with status 401",
        ],
        "finished": true,
      ])
    #expect(state.requests.first?.error?.description == "'/login/bad' answered with status 401")
    #expect(state.log == [])
  }

  @Test("a mock matches its method: a GET to a POST-only mock stays pending")
  func mockMethod() throws {
    var session = try requestSession(
      sendRequest(#""url": "/login""#), mocks: mockSet(Self.loginMocks))
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.state(step: 1, event: "").requests.first?.isPending == true)
  }

  @Test("the actions after a sendRequest run before its callbacks, even for a mock (spec §3.1)")
  func laterActionsFirst() throws {
    var session = try requestSession(
      sendRequest(#""url": "/login", "method": "POST""#) + ", " + keep("after", "true"),
      mocks: mockSet(Self.loginMocks))
    #expect(session.perform(.tap(.text("go"))) == .done)
    let actions = session.state(step: 1, event: "").actions.map(\.event)
    #expect(actions == ["onPress", "onPress", "onSuccess", "onFinish"])
    #expect(session.global["after"] == true)
  }

  @Test("onFinish runs after onSuccess and onError and sees neither context")
  func finishOrder() throws {
    let action = """
      {"_beagleAction_": "beagle:sendRequest", "url": "/login", "method": "POST",
       "onFinish": [\(keep("finish", #""@{onSuccess.status}""#))],
       "onSuccess": [\(keep("success", #""@{onSuccess.status}""#))]}
      """
    var session = try requestSession(action, mocks: mockSet(Self.loginMocks))
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(
      session.state(step: 1, event: "").actions.map(\.event)
        == ["onPress", "onSuccess", "onFinish"])
    #expect(session.global == ["success": 200, "finish": .null])
  }

  @Test("without a mock or a base URL the request stays pending until 'respond'")
  func pendingThenRespond() throws {
    var session = try requestSession(
      sendRequest(#""url": "/orders/@{c}", "method": "PUT", "data": {"state": "@{c}"}"#) + ", "
        + keep("after", "true"))
    #expect(session.perform(.tap(.text("go"))) == .done)
    let pending: JSONValue = [
      "kind": "request", "id": 1, "method": "PUT", "url": "/orders/start", "status": .null,
      "pending": true, "origin": "pending", "error": .null,
    ]
    var state = session.state(step: 1, event: "tap")
    #expect(state.requestsJSON == [pending])
    #expect(session.global == ["after": true])
    #expect(
      state.log.map(\.message) == [
        "request 1 (PUT /orders/start) waits for its answer: no mock matches it and no \(setting: .baseURL) is given; a 'respond' step answers it ('respond #1 STATUS' names it)"
      ])
    #expect(session.pendingRequests.map(\.url) == ["/orders/start"])
    // Still listed, still pending, in every state until answered.
    #expect(session.perform(.expectText("start")) == .done)
    state = session.state(step: 2, event: "expect")
    #expect(state.requestsJSON == [pending])
    #expect(state.actions == [])

    #expect(session.perform(.respond(status: 201, body: ["id": 7])) == .done)
    state = session.state(step: 3, event: "respond")
    #expect(
      session.global == [
        "after": true, "success": ["data": ["id": 7], "status": 201, "statusText": "success"],
        "finished": true,
      ])
    #expect(state.requests.first?.status == 201)
    #expect(state.requests.first?.origin == .respond)
    #expect(state.requests.first?.isPending == false)
    #expect(session.pendingRequests == [])
    #expect(session.state(step: 4, event: "").requests == [])
  }

  @Test("'respond' answers the oldest pending request first; without a body data is null")
  func respondOrder() throws {
    var session = try requestSession(
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/a", "onError": [\#(keep("a", #""@{onError.data}""#))]}, "#
        + #"{"_beagleAction_": "beagle:sendRequest", "url": "/b", "onError": [\#(keep("b", #""@{onError.status}""#))]}"#
    )
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.perform(.respond(status: 500, body: nil)) == .done)
    #expect(session.global == ["a": .null])
    #expect(session.perform(.respond(status: 404, body: nil)) == .done)
    #expect(session.global == ["a": .null, "b": 404])
  }

  @Test("'respond #ID' and 'respond METHOD URL' answer the request they name, in any order")
  func respondNamed() throws {
    var session = try requestSession(
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/a", "onSuccess": [\#(keep("a", #""@{onSuccess.data}""#))]}, "#
        + #"{"_beagleAction_": "beagle:sendRequest", "url": "/b", "method": "POST", "onSuccess": [\#(keep("b", #""@{onSuccess.data}""#))]}, "#
        + #"{"_beagleAction_": "beagle:sendRequest", "url": "/a b", "onSuccess": [\#(keep("c", #""@{onSuccess.data}""#))]}"#
    )
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.pendingRequests.map(\.url) == ["/a", "/b", "/a%20b"])
    #expect(
      session.perform(.respond(status: 200, body: "B", request: .route(.post, "/b"))) == .done)
    #expect(session.global == ["b": "B"])
    // The URL as written or as built names the request.
    #expect(
      session.perform(.respond(status: 200, body: "C", request: .route(.get, "/a b"))) == .done)
    #expect(session.global == ["b": "B", "c": "C"])
    #expect(session.pendingRequests.map(\.id) == [1])
    #expect(
      session.perform(.respond(status: 200, body: nil, request: .id(2)))
        == .failed("request #2 is not pending; pending requests: #1 GET /a"))
    #expect(
      session.perform(.respond(status: 200, body: nil, request: .route(.post, "/a")))
        == .failed("POST /a is not pending; pending requests: #1 GET /a"))
    #expect(session.perform(.respond(status: 200, body: "A", request: .id(1))) == .done)
    #expect(session.global == ["b": "B", "c": "C", "a": "A"])
    #expect(
      session.perform(.respond(status: 200, body: nil, request: .id(1)))
        == .failed("request #1 is not pending; no request is pending"))
  }

  @Test("'respond METHOD URL' answers the oldest of the requests with that method and URL")
  func respondNamedOldest() throws {
    var session = try requestSession(
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/a", "onSuccess": [\#(keep("first", #""@{onSuccess.data}""#))]}, "#
        + #"{"_beagleAction_": "beagle:sendRequest", "url": "/a", "onSuccess": [\#(keep("second", #""@{onSuccess.data}""#))]}"#
    )
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.perform(.respond(status: 200, body: 1, request: .route(.get, "/a"))) == .done)
    #expect(session.global == ["first": 1])
    #expect(session.pendingRequests.map(\.id) == [2])
  }

  @Test("callbacks see the implicit contexts of the events around them: onChange under onSuccess")
  func nestedImplicitContexts() throws {
    let payload = #"""
      {"_beagleComponent_": "beagle:textInput", "id": "q", "placeholder": "Search",
       "onChange": [{"_beagleAction_": "beagle:sendRequest", "url": "/search?q=@{onChange.value}",
         "onSuccess": [\#(keep("success", #"["@{onChange.value}", "@{onSuccess.data}"]"#))],
         "onError": [{"_beagleAction_": "beagle:confirm", "message": "@{onChange.value}: @{onError.status}",
           "onPressOk": [\#(keep("ok", #"["@{onChange.value}", "@{onError.status}"]"#))]}],
         "onFinish": [\#(keep("finish", #"["@{onChange.value}", "@{onSuccess}"]"#))]}]}
      """#
    var session = try session(payload)
    #expect(session.perform(.type(.id("q"), "ana")) == .done)
    #expect(session.perform(.respond(status: 200, body: ["hits": 2])) == .done)
    #expect(session.global == ["success": ["ana", ["hits": 2]], "finish": ["ana", .null]])

    #expect(session.perform(.type(.id("q"), "bo")) == .done)
    #expect(session.perform(.respond(status: 500, body: nil)) == .done)
    #expect(session.state(step: 1, event: "").dialog?.message == "bo: 500")
    #expect(session.perform(.choose("Ok")) == .done)
    #expect(session.global["ok"] == ["bo", 500])
    #expect(session.global["finish"] == ["bo", .null])
  }

  @Test("an inner callback's context shadows an outer one with the same id")
  func shadowedImplicitContext() throws {
    let inner =
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/b", "onSuccess": [\#(keep("inner", #""@{onSuccess.data}""#))]}"#
    var session = try requestSession(
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/a", "onSuccess": [\#(inner), \#(keep("outer", #""@{onSuccess.data}""#))]}"#
    )
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.perform(.respond(status: 200, body: "A")) == .done)
    #expect(session.perform(.respond(status: 200, body: "B")) == .done)
    #expect(session.global == ["outer": "A", "inner": "B"])
  }

  @Test("a URL with a stray '%' is percent-encoded as a whole and the request waits (iOS)")
  func strayPercentIsEncoded() throws {
    var session = try requestSession(sendRequest(#""url": "/search?q=100%<e x""#))
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "")
    #expect(session.global == .null)
    #expect(session.pendingRequests.map(\.url) == ["/search?q=100%25%3Ce%20x"])
    #expect(state.requests.first?.isPending == true)
    #expect(
      session.perform(.respond(status: 200, body: nil, request: .route(.get, "/search?q=100%<e x")))
        == .done)
    #expect(session.global["finished"] == true)
  }

  @Test("an encoded URL that still holds a space is no URL: onError (null) and onFinish at once")
  func malformedURL() throws {
    var session = try requestSession(sendRequest(#""url": "/a%20b c""#))
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "")
    #expect(session.global == ["error": .null, "finished": true])
    #expect(
      state.requestsJSON == [
        [
          "kind": "request", "id": 1, "method": "GET", "url": "/a%20b c", "status": .null,
          "pending": false, "origin": "unsent",
          "error": "'/a%20b c' is not a valid url (iOS's URL(string:) refuses it)",
        ]
      ])
    #expect(
      state.log.map(\.message) == [
        "sendRequest: '/a%20b c' is not a valid url (iOS's URL(string:) refuses it), so no request is sent; onError runs with a null 'onError' context (ios rule)"
      ])
  }

  @Test("'respond' with nothing pending fails the step with a clear message")
  func respondWithNothingPending() throws {
    var session = try requestSession(
      sendRequest(#""url": "/login", "method": "POST""#), mocks: mockSet(Self.loginMocks))
    #expect(
      session.perform(.respond(status: 200, body: nil))
        == .failed(
          "no request is pending; 'respond' answers the oldest request that no mock and no \(setting: .baseURL) answered"
        ))
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.perform(.respond(status: 200, body: nil)) != .done)
  }

  @Test("a URL that cannot be built runs onError with a null context (iOS), after the list")
  func unbuildableURL() throws {
    let action = """
      {"_beagleAction_": "beagle:sendRequest", "url": "@{missing}",
       "onError": [\(keep("error", #"["ran", "@{onError}"]"#))]}
      """
    var session = try requestSession(action + ", " + keep("after", "true"))
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "")
    #expect(session.global == ["after": true, "error": ["ran", .null]])
    #expect(
      state.requestsJSON == [
        [
          "kind": "request", "id": 1, "method": "GET", "url": "", "status": .null,
          "pending": false, "origin": "unsent", "error": "the url is empty",
        ]
      ])
    #expect(
      state.log.contains(
        Diagnostic(
          .warning,
          "sendRequest: the url is empty, so no request is sent; onError runs with a null 'onError' context (ios rule)",
          pointer: JSONPointer(["children", "1", "onPress", "0", "url"]), offset: goActionOffset)))
  }

  @Test("a body that is not JSON gives null data (iOS) with a note; web gives the text")
  func nonJSONBody() throws {
    var ios = try requestSession(sendRequest(#""url": "/page""#), mocks: mockSet(Self.loginMocks))
    #expect(ios.perform(.tap(.text("go"))) == .done)
    let log = ios.state(step: 1, event: "").log.map(\.message)
    #expect(ios.global["success"] == ["data": .null, "status": 200, "statusText": "success"])
    #expect(
      log.contains(
        "the answer to request 1 (GET /page) is not JSON: onSuccess.data is null (ios rule; web gives the text)"
      ))

    var web = try requestSession(
      sendRequest(#""url": "/page""#), mocks: mockSet(Self.loginMocks), profile: .web)
    #expect(web.perform(.tap(.text("go"))) == .done)
    #expect(web.global["success"] == ["data": "<p>hi</p>", "status": 200, "statusText": "OK"])
  }

  @Test(
    "answers of one step arrive in order of delay, then of sending; callbacks' requests join in")
  func delays() throws {
    let actions = [
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/slow", "onSuccess": [\#(keep("order", #""@{concat(global.order, 'slow ')}""#))]}"#,
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/fast", "onSuccess": [\#(keep("order", #""@{concat(global.order, 'fast ')}""#)), {"_beagleAction_": "beagle:sendRequest", "url": "/fast", "onSuccess": [\#(keep("order", #""@{concat(global.order, 'chained ')}""#))]}]}"#,
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/login", "method": "POST", "onSuccess": [\#(keep("order", #""@{concat(global.order, 'login ')}""#))]}"#,
    ].joined(separator: ", ")
    var session = try requestSession(actions, mocks: mockSet(Self.loginMocks))
    session.setGlobal(["order": ""])
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "")
    // login (0 ms), fast (100 ms), the chained fast (sent at 100, arrives at 200), slow (500).
    #expect(session.global["order"] == "login fast chained slow ")
    #expect(
      state.requests.map(\.url) == ["/slow", "/fast", "/login", "/fast"])
  }

  @Test("callbacks run on the screen that sent the request, even with another screen on top")
  func originScreen() throws {
    let action = """
      {"_beagleAction_": "beagle:sendRequest", "url": "/login", "method": "POST",
       "onSuccess": [{"_beagleAction_": "beagle:setContext", "contextId": "c", "value": "answered"}]},
      {"_beagleAction_": "beagle:pushView", "route": {"screen": {"identifier": "next",
        "context": {"id": "c", "value": "next"},
        "child": {"_beagleComponent_": "beagle:text", "text": "@{c}"}}}}
      """
    var session = try requestSession(action, mocks: mockSet(Self.loginMocks))
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.perform(.expectText("next")) == .done)
    #expect(session.perform(.back) == .done)
    #expect(session.perform(.expectText("answered")) == .done)
  }

  @Test("callbacks of a request whose screen was popped are skipped with a note")
  func originPopped() throws {
    let action = """
      {"_beagleAction_": "beagle:pushView", "route": {"screen": {"identifier": "next",
        "context": {"id": "d", "value": 0},
        "child": {"_beagleComponent_": "beagle:button", "text": "send", "onPress": [
          {"_beagleAction_": "beagle:sendRequest", "url": "/x",
           "onSuccess": [{"_beagleAction_": "beagle:setContext", "contextId": "d", "value": 1}],
           "onFinish": [\(keep("finished", "true"))]},
          {"_beagleAction_": "beagle:popView"}]}}}}
      """
    var session = try requestSession(action)
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.perform(.tap(.text("send"))) == .done)
    #expect(session.stacks.map { $0.map(\.route) } == [["/"]])
    _ = session.state(step: 2, event: "")
    #expect(session.perform(.respond(status: 200, body: nil)) == .done)
    let state = session.state(step: 3, event: "respond")
    #expect(session.global == .null)
    #expect(
      state.log.map(\.message) == [
        "onSuccess → beagle:setContext is skipped: its screen is no longer on a navigation stack, so nothing it did would be visible",
        "onFinish → beagle:setContext is skipped: its screen is no longer on a navigation stack, so nothing it did would be visible",
      ])
    #expect(state.requests.first?.status == 200)
  }

  @Test("mocks come before the HTTP client; what no mock answers goes over HTTP")
  func mocksBeforeHTTP() throws {
    let client = StubRequestClient { request in
      .success(HTTPResponse(status: 200, body: Array(#"{"from":"http"}"#.utf8)))
    }
    var session = try requestSession(
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/login", "method": "POST", "onSuccess": [\#(keep("a", #""@{onSuccess.data}""#))]}, "#
        + #"{"_beagleAction_": "beagle:sendRequest", "url": "/other", "onSuccess": [\#(keep("b", #""@{onSuccess.data}""#))]}"#,
      mocks: mockSet(Self.loginMocks), client: client, baseURL: "http://bff.test/api/")
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "")
    #expect(session.global == ["a": ["name": "Ana"], "b": ["from": "http"]])
    #expect(client.requests.map(\.url) == ["http://bff.test/api/other"])
    #expect(state.requests.map(\.origin) == [.mock, .http])
    #expect(
      state.requests.map(\.url)
        == ["http://bff.test/api/login", "http://bff.test/api/other"])
  }

  @Test("url, method, headers and data are evaluated when the action runs")
  func evaluation() throws {
    let client = StubRequestClient { _ in .success(HTTPResponse(status: 204)) }
    var session = try requestSession(
      """
      {"_beagleAction_": "beagle:setContext", "contextId": "c", "value": "now"},
      {"_beagleAction_": "beagle:sendRequest", "url": "/items/@{c}?q=a b", "method": "@{global.m}",
       "headers": "@{global.h}", "data": {"value": "@{c}", "list": ["@{global.m}", 1]}}
      """, client: client, baseURL: "http://bff.test")
    session.setGlobal(["m": "PATCH", "h": ["X-Token": "t1"]])
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(
      client.requests == [
        ScreenRequest(
          url: "http://bff.test/items/now?q=a%20b", method: .patch, headers: ["X-Token": "t1"],
          body: ["value": "now", "list": ["PATCH", 1]])
      ])
  }

  @Test("a method or headers iOS cannot read fall back to GET and no headers, with warnings")
  func badMethodAndHeaders() throws {
    let client = StubRequestClient { _ in .success(HTTPResponse(status: 200)) }
    var session = try requestSession(
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/x", "method": "@{global.m}", "headers": {"A": "1", "B": 2}}"#,
      client: client, baseURL: "http://bff.test")
    session.setGlobal(["m": "post"])
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(client.requests.map(\.method) == [.get])
    #expect(client.requests.map(\.headers) == [[:]])
    #expect(
      session.state(step: 1, event: "").log.map(\.message) == [
        "sendRequest: 'method' is the string 'post', not one of 'GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH'; iOS sends GET",
        "sendRequest: 'headers' must map header names to strings, but header 'B' is the number 2; iOS sends no headers",
      ])
  }

  @Test("a client failure runs onError with status 0 and the reason (iOS); web gives only message")
  func clientFailure() throws {
    let failure = NavigationError.connectionFailed(
      url: "http://bff.test/x", reason: "connection refused")
    for profile in [NavigationProfile.ios, .web] {
      var session = try requestSession(
        sendRequest(#""url": "/x""#), client: StubRequestClient { _ in .failure(failure) },
        baseURL: "http://bff.test", profile: profile)
      #expect(session.perform(.tap(.text("go"))) == .done)
      let message = JSONValue.string(failure.description)
      #expect(
        session.global["error"]
          == (profile == .web
            ? ["message": message]
            : ["data": .null, "status": 0, "statusText": message, "message": message]))
      let state = session.state(step: 1, event: "")
      #expect(state.requests.first?.error?.description == failure.description)
      #expect(
        state.log.map { "\($0.severity.rawValue) \($0.message)" } == [
          "error request 1 (GET http://bff.test/x) got no HTTP answer: \(failure.description); "
            + "onError runs"
        ])
      #expect(session.global["finished"] == true)
    }
  }

  @Test("an HTTP error status is an answer: onError runs and the log has no error")
  func clientErrorStatus() throws {
    var session = try requestSession(
      sendRequest(#""url": "/x""#),
      client: StubRequestClient { _ in .success(HTTPResponse(status: 404)) },
      baseURL: "http://bff.test")
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.global["error"]?["status"] == 404)
    #expect(session.state(step: 1, event: "").log == [])
  }

  @Test("requests still pending at the end of a run are warned about in the last state")
  func pendingAtEnd() throws {
    var session = try requestSession(sendRequest(#""url": "/x""#))
    #expect(session.perform(.tap(.text("go"))) == .done)
    session.endRun()
    let state = session.state(step: 1, event: "")
    #expect(
      state.log.last
        == Diagnostic(
          .warning,
          "request 1 (GET /x) is still pending at the end of the run; answer it with a 'respond' step or a mock (\(setting: .mocks)), or give \(setting: .baseURL)",
          pointer: JSONPointer(["children", "1", "onPress", "0"]), offset: goActionOffset))
    #expect(session.state(step: 2, event: "").log == [])
  }

  // Android SendRequest.kt `executeActions` runs onFinish first; its tests
  // (SendRequestTest.kt, "should execute with success/fail action when handle action")
  // verify that order. The context is `Response(statusCode, data, headers, statusText)`.
  @Test(
    "android: onFinish runs before onSuccess, whose context is {statusCode, data, headers, statusText}"
  )
  func androidSuccess() throws {
    let mocks = """
      [{"method": "POST", "url": "/login", "status": 200, "body": {"name": "Ana"},
        "headers": {"X-Trace": "7", "Content-Type": "application/json"}}]
      """
    var session = try requestSession(
      sendRequest(#""url": "/login", "method": "POST""#), mocks: mockSet(mocks), profile: .android)
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "")
    #expect(state.actions.map(\.event) == ["onPress", "onFinish", "onSuccess"])
    #expect(
      session.global["success"]
        == [
          "statusCode": 200, "data": ["name": "Ana"],
          "headers": ["Content-Type": "application/json", "X-Trace": "7"], "statusText": "OK",
        ])
    #expect(
      state.log.map(\.message) == [
        "sendRequest runs onFinish before onSuccess, whose context is {statusCode, data, headers, "
          + "statusText} (android rule; ios and web run it after, with {data, status, statusText})"
      ])
  }

  @Test("android: onError gets the same shape, and a body that is not JSON is its text")
  func androidError() throws {
    let mocks = """
      [{"url": "/bad", "status": 500, "headers": {"Content-Type": "text/plain"}, "body": "boom"}]
      """
    var session = try requestSession(
      sendRequest(#""url": "/bad""#), mocks: mockSet(mocks), profile: .android)
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(
      session.state(step: 1, event: "").actions.map(\.event)
        == ["onPress", "onFinish", "onError"])
    #expect(
      session.global["error"]
        == [
          "statusCode": 500, "data": "boom", "headers": ["Content-Type": "text/plain"],
          "statusText": "Internal Server Error",
        ])
  }

  @Test("web: onSuccess.statusText is the reason phrase and there is no note")
  func webStatusText() throws {
    var session = try requestSession(
      sendRequest(#""url": "/login", "method": "POST""#), mocks: mockSet(Self.loginMocks),
      profile: .web)
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.global["success"]?["statusText"] == "OK")
    #expect(session.state(step: 1, event: "").log == [])
  }
}
