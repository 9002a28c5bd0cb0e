import BeagleExpressions
import BeagleJSON
import Foundation
import Testing

@testable import BeagleRuntime

@Suite struct DiagnosticMessageTests {
  @Test(
    "script, lifecycle and setContext messages keep their wording and severity",
    arguments: [
      (
        ScriptMessage.tapOnDisabled(.id("buy")) as any DiagnosticMessage, Diagnostic.Severity.note,
        "#buy is disabled ('enabled' is false): the tap does nothing"
      ),
      (
        ScriptMessage.tapOnReadOnlyInput(.text("Name")), .note,
        "\"Name\" is disabled or read-only: the tap does nothing"
      ),
      (
        ScriptMessage.typeIntoReadOnlyInput(.id("name")), .note,
        "#name is disabled or read-only: typing does nothing"
      ),
      (
        LifecycleMessage.settleRoundsExceeded(rounds: 64), .error,
        "components kept appearing with new onInit or lazy components after 64 rounds; stopped "
          + "(an onInit that adds components with an onInit?)"
      ),
      (
        LifecycleMessage.lazyFetchFailed(reason: "no answer"), .error,
        "lazy component: no answer; its initial state stays (iOS shows an error)"
      ),
      (
        LifecycleMessage.lazyNoLongerOnScreen, .error,
        "lazy component: it is no longer on the screen"
      ),
      (
        ContextMessage.notInScope(contextId: "user"), .warning,
        "setContext: no context 'user' is in scope; nothing happens (iOS does nothing)"
      ),
      (
        ContextMessage.notInScope(contextId: "crt", suggestion: "cart"), .warning,
        "setContext: no context 'crt' is in scope; nothing happens (iOS does nothing);"
          + " did you mean 'cart'?"
      ),
      (
        ContextMessage.overLimit(contextId: "user", violation: .tooDeep(limit: 512)), .error,
        "setContext: the new value of 'user' would be nested deeper than 512 levels "
          + "(\(setting: .maximumDepth)); nothing happens"
      ),
    ] as [(any DiagnosticMessage, Diagnostic.Severity, String)])
  func runtime(message: any DiagnosticMessage, severity: Diagnostic.Severity, expected: String) {
    #expect(message.description == expected)
    #expect(message.severity == severity)
  }

  @Test(
    "manifest messages keep their wording",
    arguments: [
      (ManifestMessage.notAnObject, "the manifest must be a JSON object"),
      (
        .unknownKey("bf", suggestion: "bff"),
        "unknown manifest key 'bf'; did you mean 'bff'?"
      ),
      (.unknownKey("zzz", suggestion: nil), "unknown manifest key 'zzz'"),
      (
        .unsupportedKey("x"),
        "manifest key 'x' is not supported by this version of beagle-run yet"
      ),
      (.notANonEmptyString(key: "bff"), "'bff' must be a non-empty string"),
      (.invalidProfile, "'profile' must be one of 'ios', 'android', 'web'"),
      (.invalidTheme, "'theme' must be an array of style names (strings)"),
      (.invalidMocks, "'mocks' must be an array of mocks or the path of a mock file"),
      (
        .notADefinitionMap(key: "components"),
        "'components' must be an object mapping type names to definitions"
      ),
      (.navigationNotAnObject, "'navigation' must be an object"),
      (.invalidDefaultAnimation(reason: "bad"), "defaultAnimation: bad"),
      (
        .invalidNavigationControllers,
        "'navigation.controllers' must be an object mapping controller ids to the names of the "
          + "app's navigation controllers"
      ),
      (
        .invalidNavigationController(id: "modal"),
        "navigation controller 'modal' must be named by a non-empty string (the app's "
          + "controller, such as \"ModalNavigationController\")"
      ),
      (
        .unknownNavigationKey("x"),
        "unknown key 'x' in 'navigation'; expected 'defaultAnimation' or 'controllers'"
      ),
      (
        .operationsNotAnObject,
        "'operations' must be an object mapping operation names to expressions"
      ),
      (
        .operationBodyNotAString(name: "full"),
        "the body of operation 'full' must be a string such as \"concat(@0, ' ', @1)\""
      ),
      (.invalidOperation(name: "full", reason: "bad"), "operation 'full': bad"),
      (
        .invalidTypeName("card"),
        "type name 'card' must start with 'custom:' (or 'beagle:' to replace a built-in)"
      ),
      (
        .definitionNotAnObject(name: "custom:card"),
        "the definition of 'custom:card' must be an object with 'fields' and 'required'"
      ),
      (.fieldsNotAnObject, "'fields' must be an object mapping field names to types"),
      (
        .unknownFieldType(
          found: "strin", field: "title", suggestion: "string", expected: ["bool", "string"]),
        "unknown field type 'strin' for 'title'; did you mean 'string'? (expected one of 'bool', "
          + "'string')"
      ),
      (
        .unknownFieldType(found: nil, field: "title", suggestion: nil, expected: ["string"]),
        "unknown field type (not a string) for 'title' (expected one of 'string')"
      ),
      (.invalidRequired, "'required' must be an array of field names"),
      (
        .requiredNotAField("titel", name: "custom:card", suggestion: "title"),
        "required field 'titel' is not among the fields of 'custom:card'; did you mean 'title'?"
      ),
      (
        .unknownDefinitionKey("x", name: "custom:card"),
        "unknown key 'x' in the definition of 'custom:card'; expected 'fields' or 'required'"
      ),
    ] as [(ManifestMessage, String)])
  func manifest(message: ManifestMessage, expected: String) {
    #expect(message.description == expected)
    #expect(message.severity == .error)
  }

  @Test(
    "check's binding and style messages keep their wording",
    arguments: [
      (
        CheckerMessage.contextNotInScope("user"),
        "no enclosing component declares context 'user'"
      ),
      (
        .indexOnlyOnWeb("i", profile: .android),
        "no enclosing component declares context 'i': a list item's index context exists on"
          + " web 2.x only, not on Android (android rule)"
      ),
      (
        .setContextTargetNotInScope("crt", suggestion: "cart"),
        "setContext: no enclosing component declares context 'crt'; did you mean 'cart'?"
      ),
      (
        .unknownStyle("Titel", suggestion: "Title"),
        "unknown style 'Titel': the manifest's theme does not list it; did you mean 'Title'?"
      ),
      (
        .unknownStyle("zzz", suggestion: nil),
        "unknown style 'zzz': the manifest's theme does not list it"
      ),
    ] as [(CheckerMessage, String)])
  func checker(message: CheckerMessage, expected: String) {
    #expect(message.description == expected)
    #expect(message.severity == .warning)
  }

  @Test(
    "nativeRoutes messages keep their wording and severity",
    arguments: [
      (
        NativeRouteMessage.notAnObject, Diagnostic.Severity.error,
        "'nativeRoutes' must be an object mapping route patterns to screen files"
      ),
      (.invalidPattern(reason: "bad"), .error, "nativeRoutes: bad"),
      (
        .screenNotAPath(pattern: "/news"), .error,
        "nativeRoutes: the screen of '/news' must be a file path such as \"screens/news.json\""
      ),
      (
        .screenOutsideFolder(path: "/etc/x.json"), .error,
        "nativeRoutes: screen file '/etc/x.json' must be a relative path inside the manifest's "
          + "folder"
      ),
      (
        .shadowed(pattern: "/news/{id}", earlier: "/news/{slug}"), .warning,
        "nativeRoutes: '/news/{id}' matches the same routes as '/news/{slug}', declared before "
          + "it, which always wins"
      ),
    ] as [(NativeRouteMessage, Diagnostic.Severity, String)])
  func nativeRoute(message: NativeRouteMessage, severity: Diagnostic.Severity, expected: String) {
    #expect(message.description == expected)
    #expect(message.severity == severity)
  }

  @Test(
    "analytics messages keep their wording and severity",
    arguments: [
      (
        AnalyticsMessage.notAnObject, Diagnostic.Severity.error,
        "'analytics' must be an object with 'enableScreenAnalytics' and 'actions'"
      ),
      (
        .enableScreenAnalyticsNotABoolean, .error,
        "'analytics.enableScreenAnalytics' must be a boolean"
      ),
      (
        .actionsNotAnObject, .error,
        "'analytics.actions' must be an object mapping action names to attribute lists"
      ),
      (
        .attributesNotPaths(action: "beagle:openNativeRoute"), .error,
        "the attributes of 'beagle:openNativeRoute' must be an array of paths such as "
          + "[\"route.url\"]"
      ),
      (
        .repeatsIgnoringCase(action: "beagle:Alert", earlier: "beagle:alert"), .warning,
        "'beagle:Alert' repeats 'beagle:alert': iOS matches action names case-insensitively, so "
          + "the last one wins (web matches exact names)"
      ),
      (
        .unknownKey("x"), .error,
        "unknown key 'x' in 'analytics'; expected 'enableScreenAnalytics' or 'actions'"
      ),
    ] as [(AnalyticsMessage, Diagnostic.Severity, String)])
  func analytics(message: AnalyticsMessage, severity: Diagnostic.Severity, expected: String) {
    #expect(message.description == expected)
    #expect(message.severity == severity)
  }

  @Test("an action's analytics field lists the parts iOS ignores, as a warning")
  func actionAnalytics() {
    let message = ActionAnalyticsMessage.partsIgnored([
      .attributesNotStrings, .additionalEntriesNotAnObject, .unknownField("enable"),
    ])
    #expect(
      message.description
        == "analytics: 'attributes' must be an array of strings; 'additionalEntries' must be an "
        + "object; unknown field 'enable'; ignored")
    #expect(message.severity == .warning)
  }

  @Test("a decoding problem web accepts is a note under the web profile")
  func acceptedByWeb() {
    let message = DecodingMessage.acceptedByWeb(.missingField("text", type: "beagle:text"))
    #expect(
      message.description
        == "missing required field 'text' of 'beagle:text': web accepts it (web rule; iOS fails "
        + "to decode the whole payload)")
    #expect(message.severity == .note)
  }

  @Test("a fetched screen that is not JSON is an error at the parser's offset")
  func syntaxError() throws {
    let error = try #require(throws: JSONSyntaxError.self) {
      try JSONValue(parsing: Array("{\"a\": }".utf8))
    }
    let diagnostic = error.diagnostic(source: "bff/home.json")
    #expect(
      diagnostic
        == Diagnostic(
          .error, error.description, offset: error.position.offset, source: "bff/home.json"))
    #expect(diagnostic.offset == 6)
  }

  @Test("a screen the graph cannot parse says why and where")
  func graph() {
    let message = GraphMessage.invalidJSON(reason: "expected a value", position: "3:7")
    #expect(message.description == "expected a value at 3:7")
    #expect(message.severity == .error)
  }

  @Test("a message becomes a diagnostic with its pointer, offset and source")
  func diagnostic() {
    let diagnostic = ManifestMessage.invalidTheme.diagnostic(
      at: JSONPointer(["theme"]), offset: 12, source: "beagle.json")
    #expect(
      diagnostic
        == Diagnostic(
          .error, "'theme' must be an array of style names (strings)",
          pointer: JSONPointer(["theme"]), offset: 12, source: "beagle.json"))
  }

  @Test("no new ad-hoc Diagnostic(.severity, \"text\") outside the message types")
  func noAdHocLiterals() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources")
    let pattern = try Regex(#"Diagnostic\(\s*\.\w+\s*,\s*""#)
    var found: [String] = []
    let files = FileManager.default.enumerator(atPath: sources.path)
    while let relative = files?.nextObject() as? String {
      guard relative.hasSuffix(".swift"), !relative.hasSuffix("Message.swift") else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
      if text.contains(pattern) { found.append(relative) }
    }
    #expect(found.sorted() == [])
  }
}
