import BeagleJSON
import Testing

@testable import BeagleRuntime

/// The analytics provider's records (docs/spec.md §9.1).
@Suite struct AnalyticsConfigTests {
  static let configured = AnalyticsConfig(actions: [("beagle:pushView", ["route.url"])])

  @Test(
    "an action's analytics field and the config decide the record (all rows of spec §9.1's table)",
    arguments: [
      // (analytics on the action, configured?, profile, expected attributes or nil for no record)
      (ActionAnalytics.disabled as ActionAnalytics?, true, NavigationProfile.ios, nil as [String]?),
      (.disabled, false, .ios, nil),
      (.custom(attributes: ["a"], additionalEntries: nil), true, .ios, ["a"]),
      (.custom(attributes: ["a"], additionalEntries: nil), false, .ios, ["a"]),
      (.custom(attributes: nil, additionalEntries: nil), true, .ios, []),
      (.custom(attributes: nil, additionalEntries: nil), false, .ios, []),
      (.enabled, true, .ios, ["route.url"]),
      (.enabled, false, .ios, []),
      (nil, true, .ios, ["route.url"]),
      (nil, false, .ios, nil),
      // web differs in one row: an object without attributes falls back to the config.
      (.disabled, true, .web, nil),
      (.custom(attributes: ["a"], additionalEntries: nil), true, .web, ["a"]),
      (.custom(attributes: nil, additionalEntries: nil), true, .web, ["route.url"]),
      (.custom(attributes: nil, additionalEntries: nil), false, .web, []),
      (.enabled, true, .web, ["route.url"]),
      (.enabled, false, .web, []),
      (nil, true, .web, ["route.url"]),
      (nil, false, .web, nil),
    ] as [(ActionAnalytics?, Bool, NavigationProfile, [String]?)])
  func table(
    analytics: ActionAnalytics?, isConfigured: Bool, profile: NavigationProfile,
    expected: [String]?
  ) {
    let config = isConfigured ? Self.configured : AnalyticsConfig()
    let name = isConfigured ? "beagle:pushView" : "beagle:popView"
    #expect(config.recording(name, analytics: analytics, profile: profile)?.attributes == expected)
  }

  @Test("additionalEntries are copied from the action's object")
  func additionalEntries() {
    let recording = AnalyticsConfig().recording(
      "beagle:alert", analytics: .custom(attributes: nil, additionalEntries: ["k": 1]),
      profile: .ios)
    #expect(recording?.additionalEntries == ["k": 1])
  }

  @Test("iOS matches configured names case-insensitively; web exactly")
  func names() {
    let config = AnalyticsConfig(actions: [("BEAGLE:PUSHVIEW", ["x"])])
    #expect(config.attributes(for: "beagle:pushView", profile: .ios) == ["x"])
    #expect(config.attributes(for: "beagle:pushView", profile: .android) == ["x"])
    #expect(config.attributes(for: "beagle:pushView", profile: .web) == nil)
    #expect(config.attributes(for: "BEAGLE:PUSHVIEW", profile: .web) == ["x"])
  }

  @Test(
    "the action's analytics field is false, true or an object",
    arguments: [
      (false as JSONValue, ActionAnalytics.disabled, [] as [ActionAnalytics.Problem]),
      (true, .enabled, []),
      (["attributes": ["a.b"]], .custom(attributes: ["a.b"], additionalEntries: nil), []),
      (["additionalEntries": ["x": 1]], .custom(attributes: nil, additionalEntries: ["x": 1]), []),
      (
        ["attributes": "a", "enable": true], .custom(attributes: nil, additionalEntries: nil),
        [.attributesNotStrings, .unknownField("enable")]
      ),
      (
        ["additionalEntries": [1]], .custom(attributes: nil, additionalEntries: nil),
        [.additionalEntriesNotAnObject]
      ),
    ] as [(JSONValue, ActionAnalytics, [ActionAnalytics.Problem])])
  func field(value: JSONValue, expected: ActionAnalytics, problems: [ActionAnalytics.Problem]) {
    let parsed = ActionAnalytics.parse(value)
    #expect(parsed?.0 == expected)
    #expect(parsed?.problems == problems)
  }

  @Test("attribute values: nested paths; nulls, indexes and unparsable paths are omitted (iOS)")
  func attributes() {
    let action: JSONValue = [
      "route": ["url": "/a", "shouldPrefetch": false, "screen": .null],
      "list": [1, 2], "data": ["k": "v"],
    ]
    #expect(
      AnalyticsRecord.attributes(
        [
          "route.url", "route.shouldPrefetch", "route.screen", "list[0]", "list", "missing", "a..b",
          "data",
        ],
        of: action)
        == ["route.url": "/a", "route.shouldPrefetch": false, "list": [1, 2], "data": ["k": "v"]])
  }
}

@Suite struct AnalyticsManifestTests {
  func parse(_ text: String) throws -> (Manifest, [Diagnostic]) {
    Manifest.parse(try JSONDocument(parsing: Array(text.utf8)), source: "beagle.json")
  }

  @Test("the manifest's analytics: enableScreenAnalytics and actions")
  func reads() throws {
    let (manifest, diagnostics) = try parse(
      #"{"analytics": {"enableScreenAnalytics": false, "actions": {"beagle:pushView": ["route.url"]}}}"#
    )
    #expect(diagnostics == [])
    #expect(
      manifest.analytics
        == AnalyticsConfig(
          enableScreenAnalytics: false, actions: [("beagle:pushView", ["route.url"])]))
  }

  @Test(
    "analytics mistakes are located errors; a name repeated in another case a warning",
    arguments: [
      (
        #"{"analytics": {"enableScreenAnalytics": "yes"}}"#,
        "'analytics.enableScreenAnalytics' must be a boolean", "/analytics/enableScreenAnalytics",
        Diagnostic.Severity.error
      ),
      (
        #"{"analytics": {"action": {}}}"#,
        "unknown key 'action' in 'analytics'; expected 'enableScreenAnalytics' or 'actions'",
        "/analytics/action", .error
      ),
      (
        #"{"analytics": {"actions": {"beagle:pushView": "route.url"}}}"#,
        "the attributes of 'beagle:pushView' must be an array of paths such as [\"route.url\"]",
        "/analytics/actions/beagle:pushView", .error
      ),
      (
        #"{"analytics": {"actions": []}}"#,
        "'analytics.actions' must be an object mapping action names to attribute lists",
        "/analytics/actions", .error
      ),
      (
        #"{"analytics": true}"#,
        "'analytics' must be an object with 'enableScreenAnalytics' and 'actions'", "/analytics",
        .error
      ),
      (
        #"{"analytics": {"actions": {"beagle:pushView": [], "beagle:pushview": ["a"]}}}"#,
        "'beagle:pushview' repeats 'beagle:pushView': iOS matches action names case-insensitively, so the last one wins (web matches exact names)",
        "/analytics/actions/beagle:pushview", .warning
      ),
    ] as [(String, String, String, Diagnostic.Severity)])
  func mistakes(
    text: String, message: String, pointer: String, severity: Diagnostic.Severity
  )
    throws
  {
    let (_, diagnostics) = try parse(text)
    #expect(diagnostics.map(\.message) == [message])
    #expect(diagnostics.first?.pointer?.description == pointer)
    #expect(diagnostics.first?.severity == severity)
  }
}

@Suite struct AnalyticsRecordTests {
  static let server = screenServer([
    "/a": screenJSON("a"), "/b": screenJSON("b"),
  ])

  func start(
    config: AnalyticsConfig = AnalyticsConfig(), profile: NavigationProfile = .ios,
    payload: String = screenJSON("home")
  ) throws -> (Session, RunState) {
    let root = try #require(try decode(payload).root)
    var session = Session(
      configuration: Session.Configuration(
        registry: .builtIn, viewClient: Self.server, profile: profile, analytics: config),
      firstScreen: Screen(route: "/", root: root))
    let initial = session.initialState(log: [])
    return (session, initial)
  }

  func records(_ session: inout Session) -> [JSONValue] {
    session.state(step: 1, event: "").analyticsJSON
  }

  func screenRecord(_ screen: String, platform: String = "ios") -> JSONValue {
    ["type": "screen", "platform": .string(platform), "screen": .string(screen)]
  }

  @Test("a screen record every time a screen appears: load, push, pop, dismissal, reset")
  func screens() throws {
    var (session, initial) = try start()
    #expect(initial.analyticsJSON == [screenRecord("/")])
    let steps: [(String, [JSONValue])] = [
      (#"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#, [screenRecord("/a")]),
      (#"{"_beagleAction_": "beagle:pushStack", "route": {"url": "/b"}}"#, [screenRecord("/b")]),
      (#"{"_beagleAction_": "beagle:popStack"}"#, [screenRecord("/a")]),
      (#"{"_beagleAction_": "beagle:popView"}"#, [screenRecord("/")]),
      (#"{"_beagleAction_": "beagle:popView"}"#, []),
      (#"{"_beagleAction_": "beagle:pushView", "route": {"url": "/missing"}}"#, []),
      (#"{"_beagleAction_": "beagle:openExternalURL", "url": "https://x"}"#, []),
      (#"{"_beagleAction_": "beagle:resetStack", "route": {"url": "/b"}}"#, [screenRecord("/b")]),
      (
        #"{"_beagleAction_": "beagle:resetApplication", "route": {"screen": {"identifier": "local"}}}"#,
        [screenRecord("local")]
      ),
      (#"{"_beagleAction_": "beagle:pushView", "route": {"screen": {}}}"#, [screenRecord("")]),
      (#"{"_beagleAction_": "beagle:popToView", "route": "local"}"#, [screenRecord("local")]),
    ]
    for (action, expected) in steps {
      try act(&session, action)
      #expect(records(&session) == expected, "\(action)")
    }
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#)
    _ = records(&session)
    #expect(session.perform(.back) == .done)
    #expect(records(&session) == [screenRecord("local")])
  }

  @Test("enableScreenAnalytics false: no screen records")
  func screensDisabled() throws {
    var (session, initial) = try start(config: AnalyticsConfig(enableScreenAnalytics: false))
    #expect(initial.analyticsJSON == [])
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}}"#)
    #expect(records(&session) == [])
  }

  @Test("an action record: lower-cased name, event, origin component, screen, evaluated attributes")
  func action() throws {
    let payload = """
      {"_beagleComponent_": "beagle:screenComponent", "identifier": "home",
       "context": {"id": "context", "value": \(Self.iOSTestContext)},
       "child": {"_beagleComponent_": "beagle:button", "id": "go", "text": "go", "onPress": [
         {"_beagleAction_": "beagle:pushStack",
          "analytics": {"attributes": ["controllerId", "route.fallback.identifier",
            "route.fallback.navigationBar.title", "route.shouldPrefetch", "route.url"]},
          "controllerId": "controller ID - remote",
          "route": {"fallback": {"_beagleComponent_": "beagle:screenComponent",
              "child": {"_beagleComponent_": "beagle:text", "text": "Fallback Screen Content"},
              "identifier": "fallback-screen-id",
              "navigationBar": {"showBackButton": true, "title": "Fallback Screen Title"}},
            "shouldPrefetch": false, "url": "@{context.remoteRoute}"}}]}}
      """
    var (session, _) = try start(
      config: AnalyticsConfig(enableScreenAnalytics: false), payload: payload)
    #expect(session.perform(.tap(.text("go"))) == .done)
    // iOS's own test (AnalyticsRecordActionsTest, PushStack-1): these five attributes.
    #expect(
      records(&session) == [
        [
          "type": "action", "platform": "ios", "beagleAction": "beagle:pushstack",
          "event": "onPress", "component": ["id": "go", "type": "beagle:button"], "screen": "/",
          "attributes": [
            "controllerId": "controller ID - remote",
            "route.fallback.identifier": "fallback-screen-id",
            "route.fallback.navigationBar.title": "Fallback Screen Title",
            "route.shouldPrefetch": false,
            "route.url": "some other value -> 3.14159265359",
          ],
        ]
      ])
  }

  /// The context of iOS's ActionAttributesTest / AnalyticsRecordActionsTest: its
  /// `remoteRoute` holds a binding, which iOS evaluates again once picked.
  static let iOSTestContext = """
    {"query": "beagle", "remoteRoute": "some other value -> @{context.headers.pi}",
     "method": "GET", "headers": {"platform": "beagle-ios", "pi": "3.14159265359"}}
    """

  /// The attributes of the record the button's action makes, under `profile`.
  func attributes(of action: String, profile: NavigationProfile = .ios) throws -> JSONValue? {
    let payload = """
      {"_beagleComponent_": "beagle:screenComponent", "identifier": "analytics-actions",
       "context": {"id": "context", "value": \(Self.iOSTestContext)},
       "child": {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [\(action)]}}
      """
    var (session, _) = try start(
      config: AnalyticsConfig(enableScreenAnalytics: false), profile: profile, payload: payload)
    #expect(session.perform(.tap(.text("go"))) == .done)
    return records(&session).first?["attributes"]
  }

  // iOS Analytics/Tests/JSON/Actions/Confirm-1.json and its snapshot
  // __Snapshots__/AnalyticsRecordActionsTest/recorded.Confirm-1.json.
  @Test("iOS Confirm-1: nested actions' fields are attributes (onPressOk.message)")
  func iOSConfirm() throws {
    let action = """
      {"_beagleAction_": "beagle:confirm",
       "analytics": {"attributes": ["labelCancel", "labelOk", "message", "onPressCancel.message",
         "onPressOk.message", "title"]},
       "labelCancel": "👎🏻", "labelOk": "👍🏻", "message": "Message - @{context.headers.pi}",
       "onPressCancel": {"_beagleAction_": "beagle:alert", "message": "Cancel - @{context.query}"},
       "onPressOk": {"_beagleAction_": "beagle:alert", "message": "OK - @{context.query}"},
       "title": "Title - @{context.headers.platform}"}
      """
    #expect(
      try attributes(of: action)
        == [
          "labelCancel": "👎🏻", "labelOk": "👍🏻", "message": "Message - 3.14159265359",
          "onPressCancel.message": "Cancel - beagle", "onPressOk.message": "OK - beagle",
          "title": "Title - beagle-ios",
        ])
  }

  // iOS Analytics/Tests/JSON/Actions/Condition-1.json and recorded.Condition-1.json: a list
  // event is an array of the nested actions, encoded without their type.
  @Test("iOS Condition-1: onTrue and onFalse are arrays of the evaluated nested actions")
  func iOSCondition() throws {
    let action = """
      {"_beagleAction_": "beagle:condition",
       "analytics": {"attributes": ["condition", "onFalse", "onTrue"]},
       "condition": "@{eq(context.query, 'beagle')}",
       "onFalse": [{"_beagleAction_": "beagle:alert", "message": "Hello @{context.query}"}],
       "onTrue": [{"_beagleAction_": "beagle:alert", "message": "Hello @{context.query}"}]}
      """
    #expect(
      try attributes(of: action)
        == [
          "condition": true, "onFalse": [["message": "Hello beagle"]],
          "onTrue": [["message": "Hello beagle"]],
        ])
  }

  @Test("web reads nested actions as written, with their type, and evaluates nothing again")
  func webNested() throws {
    let action = """
      {"_beagleAction_": "beagle:condition",
       "analytics": {"attributes": ["onTrue", "route"]}, "condition": true,
       "onTrue": [{"_beagleAction_": "beagle:alert", "message": "Hello @{context.query}"}]}
      """
    #expect(
      try attributes(of: action, profile: .web)
        == ["onTrue": [["_beagleAction_": "beagle:alert", "message": "Hello beagle"]]])
    let stored = """
      {"_beagleAction_": "beagle:openExternalURL", "analytics": {"attributes": ["url"]},
       "url": "@{context.remoteRoute}"}
      """
    #expect(
      try attributes(of: stored, profile: .web)
        == ["url": "some other value -> @{context.headers.pi}"])
    #expect(
      try attributes(of: stored) == ["url": "some other value -> 3.14159265359"])
  }

  @Test("nested actions are recorded with their own event; additionalEntries are copied")
  func nested() throws {
    let payload = """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
          {"_beagleAction_": "beagle:condition", "condition": true, "analytics": false,
           "onTrue": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": 1,
                       "analytics": {"attributes": ["value"], "additionalEntries": {"k": "v"}}}]}]}]}
      """
    var (session, _) = try start(
      config: AnalyticsConfig(enableScreenAnalytics: false, actions: [("beagle:condition", [])]),
      payload: payload)
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(
      records(&session) == [
        [
          "type": "action", "platform": "ios", "beagleAction": "beagle:setcontext",
          "event": "onTrue", "component": ["id": .null, "type": "beagle:button"], "screen": "/",
          "attributes": ["value": 1], "additionalEntries": ["k": "v"],
        ]
      ])
  }

  @Test(
    "platform follows the profile; web keeps the action's name as written",
    arguments: [
      (NavigationProfile.ios, "beagle:pushview"), (.android, "beagle:pushview"),
      (.web, "beagle:pushView"),
    ])
  func platform(profile: NavigationProfile, name: String) throws {
    var (session, initial) = try start(
      config: AnalyticsConfig(actions: [("beagle:pushView", ["route.url"])]), profile: profile)
    #expect(initial.analyticsJSON == [screenRecord("/", platform: profile.rawValue)])
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/@{'a'}"}}"#)
    #expect(
      records(&session) == [
        [
          "type": "action", "platform": .string(profile.rawValue), "beagleAction": .string(name),
          "event": "action", "component": ["id": .null, "type": "beagle:screenComponent"],
          "screen": "/", "attributes": ["route.url": "/a"],
        ],
        screenRecord("/a", platform: profile.rawValue),
      ])
  }
}
