import BeagleJSON
import Testing

@testable import BeagleRuntime

/// What `--profile web` and `--profile android` change (docs/spec.md §1.4, §4.5, §7.1,
/// §7.6, §10).
@Suite struct ProfileRulesTests {
  /// A payload iOS refuses three times: a missing required field, a lower-case enum,
  /// a single action where a list is expected.
  static let loose = """
    {"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"showBackButton": true},
     "child": {"_beagleComponent_": "beagle:textInput", "type": "email",
               "onChange": {"_beagleAction_": "beagle:popView"}}}
    """

  func diagnostics(_ payload: String, profile: NavigationProfile) throws -> [Diagnostic] {
    let document = try JSONDocument(parsing: Array(payload.utf8))
    return Decoder(profile: profile).decode(document).diagnostics.map {
      Diagnostic($0.severity, $0.message, pointer: $0.pointer, notes: $0.notes)
    }
  }

  @Test("iOS (and Android) refuse what web-core accepts without checking")
  func iosDecoding() throws {
    let note = ["iOS fails to decode the whole payload because of this"]
    for profile in [NavigationProfile.ios, .android] {
      #expect(
        try diagnostics(Self.loose, profile: profile) == [
          Diagnostic(
            .error, "missing required field 'title' of 'navigationBar'",
            pointer: JSONPointer(["navigationBar"]), notes: note),
          Diagnostic(
            .error,
            "invalid value 'email' for 'type'; expected one of 'DATE', 'EMAIL', 'PASSWORD', 'NUMBER', 'TEXT'",
            pointer: JSONPointer(["child", "type"]), notes: note),
          Diagnostic(
            .error, "field 'onChange' must be an array of actions, found a single action",
            pointer: JSONPointer(["child", "onChange"]), notes: note),
        ])
    }
  }

  @Test("under web they are accepted, each difference from iOS a note")
  func webDecoding() throws {
    let web = "web accepts it (web rule; iOS fails to decode the whole payload)"
    #expect(
      try diagnostics(Self.loose, profile: .web) == [
        Diagnostic(
          .note, "missing required field 'title' of 'navigationBar': \(web)",
          pointer: JSONPointer(["navigationBar"])),
        Diagnostic(
          .note,
          "invalid value 'email' for 'type'; expected one of 'DATE', 'EMAIL', 'PASSWORD', 'NUMBER', 'TEXT': \(web)",
          pointer: JSONPointer(["child", "type"])),
        Diagnostic(
          .note, "field 'onChange' must be an array of actions, found a single action: \(web)",
          pointer: JSONPointer(["child", "onChange"])),
      ])
    // A type discriminator that is not a string is refused by web too.
    let broken = #"{"_beagleComponent_": 3}"#
    #expect(try diagnostics(broken, profile: .web).map(\.severity) == [.error])
  }

  /// A container with context `c` = `{"n": 1}`, a list `box`, and a button "go" running `actions`.
  func session(_ actions: String, profile: NavigationProfile) throws -> Session {
    let payload = """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": {"n": 1}},
       "children": [{"_beagleComponent_": "beagle:container", "id": "box", "children": [
         {"_beagleComponent_": "beagle:text", "text": "old"}]},
        {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [\(actions)]}]}
      """
    let document = try JSONDocument(parsing: Array(payload.utf8))
    let root = try #require(Decoder(profile: profile).decode(document).root)
    return Session(
      configuration: Session.Configuration(registry: .builtIn, profile: profile),
      firstScreen: Screen(route: "/", root: root))
  }

  func context(_ session: inout Session) -> JSONValue? {
    session.state(step: 1, event: "").contexts.first?.value
  }

  @Test("setContext without contextId: web writes the nearest context, iOS nothing")
  func setContextWithoutId() throws {
    let action = #"{"_beagleAction_": "beagle:setContext", "path": "n", "value": 5}"#
    var web = try session(action, profile: .web)
    #expect(web.perform(.tap(.text("go"))) == .done)
    let state = web.state(step: 1, event: "")
    #expect(state.contexts.first?.value == ["n": 5])
    #expect(
      state.log.map(\.message) == [
        "setContext without 'contextId' writes the nearest context, 'c' (web rule; iOS requires 'contextId' and does nothing)"
      ])
    var ios = try session(action, profile: .ios)
    #expect(ios.perform(.tap(.text("go"))) == .done)
    #expect(context(&ios) == ["n": 1])
  }

  @Test(
    "condition: web runs onTrue for a truthy value, iOS and Android only for true (spec §7.3)",
    arguments: [
      (
        #""@{'false'}""#, NavigationProfile.web, 2 as JSONValue,
        #"condition is "false", not a boolean: web runs onTrue as it is truthy (web rule; iOS and Android run onFalse)"#
      ),
      (
        #""@{'false'}""#, .ios, 3,
        "condition is null, not a boolean: iOS runs onFalse (ios rule; web runs onTrue)"
      ),
      (
        #""@{'false'}""#, .android, 3,
        "condition is null, not a boolean: Android runs onFalse (android rule; web runs onTrue)"
      ),
      (
        // `-1` is no literal on web (docs/spec.md §5.3): `subtract` gives the 0.
        #""@{subtract(c.n, 1)}""#, .web, 3,
        "condition is 0, not a boolean: web runs onFalse as it is falsy (web rule; iOS and Android run onFalse)"
      ),
      (#""@{c.missing}""#, .ios, 3, "condition is null, not a boolean: iOS runs onFalse"),
      ("true", .web, 2, nil),
    ] as [(String, NavigationProfile, JSONValue, String?)])
  func conditionTruthiness(
    condition: String, profile: NavigationProfile, expected: JSONValue, message: String?
  ) throws {
    let branch = { (n: Int) in
      #"[{"_beagleAction_": "beagle:setContext", "contextId": "c", "path": "n", "value": \#(n)}]"#
    }
    var session = try session(
      #"{"_beagleAction_": "beagle:condition", "condition": \#(condition), "onTrue": \#(branch(2)), "onFalse": \#(branch(3))}"#,
      profile: profile)
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "")
    #expect(state.contexts.first?.value == ["n": expected])
    #expect(state.log.map(\.message) == (message.map { [$0] } ?? []))
  }

  @Test("web evaluates bindings as web-core: JavaScript operations and number text")
  func webExpressions() throws {
    let action =
      #"{"_beagleAction_": "beagle:setContext", "contextId": "c", "path": "n", "value": "@{divide(7, 2)}"}"#
    var web = try session(action, profile: .web)
    #expect(web.perform(.tap(.text("go"))) == .done)
    #expect(context(&web) == ["n": 3.5])
    var android = try session(action, profile: .android)
    #expect(android.perform(.tap(.text("go"))) == .done)
    #expect(context(&android) == ["n": 3])
  }

  @Test("setContext of null: Android refuses it, iOS and web write null")
  func androidNull() throws {
    let action =
      #"{"_beagleAction_": "beagle:setContext", "contextId": "c", "path": "n", "value": null}"#
    var android = try session(action, profile: .android)
    #expect(android.perform(.tap(.text("go"))) == .done)
    let state = android.state(step: 1, event: "")
    #expect(state.contexts.first?.value == ["n": 1])
    #expect(
      state.log.map(\.message) == [
        "setContext: the value is null, which Android refuses: 'c' keeps its value (android rule; iOS and web write null)"
      ])
    var ios = try session(action, profile: .ios)
    #expect(ios.perform(.tap(.text("go"))) == .done)
    #expect(context(&ios) == ["n": .null])
  }

  @Test(
    "a path that starts with the context id: Android strips it, iOS writes inside the context",
    arguments: [
      ("c.n", NavigationProfile.android, ["n": 7] as JSONValue),
      ("c", .android, 7),
      ("c.n", .ios, ["n": 1, "c": ["n": 7]] as JSONValue),
      ("cn", .android, ["n": 1, "cn": 7] as JSONValue),
    ] as [(String, NavigationProfile, JSONValue)])
  func androidPath(path: String, profile: NavigationProfile, expected: JSONValue) throws {
    var session = try session(
      #"{"_beagleAction_": "beagle:setContext", "contextId": "c", "path": "\#(path)", "value": 7}"#,
      profile: profile)
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(context(&session) == expected)
  }

  @Test(
    "addChildren: web reads the mode in any case; Android prepends in reverse order",
    arguments: [
      (NavigationProfile.ios, "PREPEND", ["a", "b", "old"]),
      (.android, "PREPEND", ["b", "a", "old"]),
      (.web, "prepend", ["a", "b", "old"]),
      (.ios, "prepend", ["old", "a", "b"]),
    ])
  func addChildrenMode(profile: NavigationProfile, mode: String, expected: [String]) throws {
    var session = try session(
      #"{"_beagleAction_": "beagle:addChildren", "componentId": "box", "mode": "\#(mode)", "value": ["#
        + #"{"_beagleComponent_": "beagle:text", "text": "a"}, {"_beagleComponent_": "beagle:text", "text": "b"}]}"#,
      profile: profile)
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(texts(&session) == expected + ["go"])
  }

  @Test("sendRequest: web sends a lower-case method as the browser does; iOS sends GET")
  func webMethod() throws {
    let action = #"{"_beagleAction_": "beagle:sendRequest", "url": "/x", "method": "post"}"#
    var web = try session(action, profile: .web)
    #expect(web.perform(.tap(.text("go"))) == .done)
    #expect(web.pendingRequests.map(\.method) == [.post])
    var ios = try session(action, profile: .ios)
    #expect(ios.perform(.tap(.text("go"))) == .done)
    #expect(ios.pendingRequests.map(\.method) == [.get])
  }
}
