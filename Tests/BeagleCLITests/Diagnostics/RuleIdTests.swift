import BeagleJSON
import BeagleRuntime
import Foundation
import Testing

@testable import BeagleCLI

/// Issue #19: every diagnostic has a stable rule id, shown in text and JSON, that
/// `--ignore` and the manifest's `ignore` silence, as linters do.
@Suite struct RuleIdTests {
  /// Every id, by message type. A changed, added or removed id fails here: ids are
  /// public interface (scripts and manifests name them).
  static let expected: [(String, [String])] = [
    (
      "DecodingError",
      [
        "unknown-component", "unknown-action", "not-a-component", "not-an-action",
        "action-where-component-expected", "component-where-action-expected", "missing-field",
        "unknown-field", "wrong-type", "invalid-enum-value", "missing-namespace", "deprecated",
        "conflicting-fields", "duplicate-key", "nesting-too-deep",
      ]
    ),
    (
      "DecodingMessage",
      ["decoding-accepted-by-web", "decoding-refused-by-android", "tab-icon-without-url"]
    ),
    (
      "CheckerMessage",
      [
        "context-not-in-scope", "index-only-on-web", "set-context-target-not-in-scope",
        "unknown-style",
      ]
    ),
    (
      "ContextMessage",
      [
        "context-not-in-scope", "context-read-only-index", "context-over-limit",
        "context-not-found-on-web",
      ]
    ),
    (
      "LifecycleMessage",
      [
        "lifecycle-settle-rounds-exceeded", "lifecycle-lazy-fetch-failed",
        "lifecycle-lazy-no-longer-on-screen",
      ]
    ),
    (
      "RenderMessage",
      ["render-too-many-components", "render-value-refused", "non-finite-number"]
    ),
    (
      "ScriptMessage",
      [
        "script-tap-on-disabled", "script-tap-on-read-only-input",
        "script-type-into-read-only-input",
      ]
    ),
    (
      "ManifestMessage",
      [
        "manifest-not-an-object", "manifest-unknown-key", "manifest-unsupported-key",
        "manifest-not-a-non-empty-string", "manifest-invalid-profile", "manifest-invalid-theme",
        "manifest-invalid-ignore", "manifest-invalid-mocks", "manifest-invalid-path",
        "manifest-not-a-definition-map", "manifest-navigation-not-an-object",
        "manifest-invalid-default-animation", "manifest-invalid-navigation-controllers",
        "manifest-invalid-navigation-controller",
        "manifest-unknown-navigation-key", "manifest-operations-not-an-object",
        "manifest-operation-body-not-a-string", "manifest-invalid-operation",
        "manifest-invalid-type-name", "manifest-definition-not-an-object",
        "manifest-fields-not-an-object", "manifest-unknown-field-type", "manifest-invalid-required",
        "manifest-required-not-a-field", "manifest-unknown-definition-key",
      ]
    ),
    (
      "AnalyticsMessage",
      [
        "analytics-not-an-object", "analytics-enable-screen-analytics-not-a-boolean",
        "analytics-actions-not-an-object", "analytics-attributes-not-paths",
        "analytics-repeats-ignoring-case", "analytics-unknown-key",
      ]
    ),
    ("ActionAnalyticsMessage", ["analytics-parts-ignored"]),
    (
      "NativeRouteMessage",
      [
        "native-route-not-an-object", "native-route-invalid-pattern",
        "native-route-screen-not-a-path", "native-route-invalid-path",
        "native-route-screen-outside-folder", "native-route-shadowed",
      ]
    ),
    ("GraphMessage", ["graph-invalid-json"]),
    (
      "ActionChainMessage",
      ["action-nested-too-deep", "action-too-many", "action-screen-gone", "action-unknown"]
    ),
    ("AlertMessage", ["alert-dialog-already-open", "alert-open-at-end"]),
    (
      "NavigationMessage",
      [
        "navigation-not-a-navigation-action", "navigation-invalid-route",
        "navigation-showing-fallback", "navigation-destination-unavailable",
        "navigation-context-not-an-object", "navigation-context-unknown-field",
        "navigation-context-without-value", "navigation-context-path-not-a-string",
        "navigation-context-invalid-path", "navigation-context-refused",
        "navigation-context-too-large", "navigation-native-route-not-found",
        "navigation-native-screen-unreadable", "navigation-native-screen-invalid",
        "navigation-native-data-explained", "navigation-native-data-not-an-object",
        "navigation-native-data-not-a-string", "navigation-native-data-overrides-parameter",
        "navigation-prefetch-expression", "navigation-prefetch-without-bff",
        "navigation-prefetch-failed", "non-finite-number",
      ]
    ),
    (
      "SetContextMessage",
      [
        "set-context-invalid-path", "set-context-value-refused", "set-context-null-on-android",
        "set-context-nearest-context-on-web", "set-context-context-id-stripped-on-android",
        "non-finite-number",
      ]
    ),
    ("ConditionMessage", ["condition-not-a-boolean"]),
    (
      "SendRequestMessage",
      [
        "send-request-not-sent", "send-request-waits-for-answer", "send-request-pending-at-end",
        "send-request-answers-not-delivered", "send-request-no-http-answer",
        "send-request-android-order", "send-request-status-text-is-success",
        "send-request-body-not-json", "send-request-invalid-method", "send-request-invalid-headers",
      ]
    ),
    (
      "AddChildrenMessage",
      [
        "add-children-no-target", "add-children-not-an-array", "add-children-evaluated-now",
        "add-children-element-dropped", "add-children-prepend-reversed-on-android",
        "add-children-too-many-components",
      ]
    ),
    ("FormMessage", ["form-deprecated-not-executed", "form-no-form", "form-invalid-form"]),
    (
      "standalone",
      [
        "invalid-json", "unreadable-input", "outside-root", "invalid-expression",
        "beagle2-operation", "invalid-mocks", "navigation-note",
      ]
    ),
    (
      "LoaderMessage",
      [
        "input-global-unreadable", "input-global-invalid-json", "input-first-screen-needs-source",
        "input-manifest-unreadable", "input-mocks-unreadable", "unknown-rule", "unignorable-rule",
      ]
    ),
    ("RouteCheckMessage", ["dead-route", "folder-not-bff"]),
  ]

  @Test("every rule id is listed, by message type, and none changes silently")
  func catalog() {
    #expect(Rules.all.map(\.owner) == Self.expected.map(\.0))
    for ((owner, rules), (expectedOwner, expectedRules)) in zip(Rules.all, Self.expected) {
      #expect(owner == expectedOwner)
      #expect(rules == expectedRules, "\(owner)")
    }
  }

  @Test("ids are lowercase words joined by hyphens, and one id means one thing")
  func shape() {
    let all = Rules.all.flatMap(\.rules)
    for id in all {
      #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(id)")
      #expect(!id.hasPrefix("-") && !id.hasSuffix("-") && !id.contains("--"), "\(id)")
    }
    // The only ids message types share: a binding to a context not in scope, found
    // by check (CheckerMessage) or at run time (ContextMessage); a number that is not
    // finite, shown by a text (RenderMessage) or stored by setContext
    // (SetContextMessage) or navigationContext (NavigationMessage).
    var seen: [String: Int] = [:]
    for id in all { seen[id, default: 0] += 1 }
    #expect(
      seen.filter { $0.value > 1 }.keys.sorted() == ["context-not-in-scope", "non-finite-number"])
  }

  /// A screen with an unknown field and an unknown component.
  private func screen() throws -> String {
    try temporaryFile(
      Array(
        """
        {"_beagleComponent_": "beagle:screenComponent",
         "child": {"_beagleComponent_": "beagle:text", "txt": "x", "text": "y"},
         "navigationBar": {"title": "T"}}
        """.utf8))
  }

  @Test("check ends a diagnostic's first line with its rule id, and JSON has a \"rule\" member")
  func shown() throws {
    let path = try screen()
    let text = beagleRun("check", path)
    #expect(
      text.errors.hasPrefix(
        "\(path):2:55: warning: unknown field 'txt' of 'beagle:text'; did you mean 'text'?"
          + " [unknown-field]\n"))
    let json = beagleRun("check", path, "--format", "json")
    let line = try JSONValue(parsing: String(json.output.prefix { $0 != "\n" }))
    #expect(line["rule"] == .string("unknown-field"))
  }

  @Test("--ignore drops the rule's diagnostics from output and counts; a warning left counts")
  func ignoreOption() throws {
    let path = try screen()
    let ignored = beagleRun("check", path, "--ignore", "unknown-field", "--strict")
    #expect(ignored.code == 0)
    #expect(ignored.errors == "")
    #expect(ignored.output == "checked 1 file: 0 errors, 0 warnings\n")
    let both = beagleRun("check", path, "--ignore", "dead-route,unknown-field")
    #expect(both.output == "checked 1 file: 0 errors, 0 warnings\n")
  }

  @Test(
    "an unknown or unignorable id given to --ignore is a usage error",
    arguments: [
      ("unknwn-field", "unknown rule 'unknwn-field'; did you mean 'unknown-field'?"),
      ("no-such-thing", "unknown rule 'no-such-thing'"),
      (
        "invalid-json",
        "rule 'invalid-json' cannot be ignored: the input is invalid or cannot be read"
      ),
      (
        "outside-root",
        "rule 'outside-root' cannot be ignored: the input is invalid or cannot be read"
      ),
    ])
  func badIgnore(rule: String, message: String) throws {
    let outcome = beagleRun("check", try screen(), "--ignore", rule)
    #expect(outcome.code == 64)
    #expect(outcome.errors == "beagle-run: error: \(message)\nSee 'beagle-run help check'.\n")
  }

  @Test("the manifest's ignore silences ids; an unknown id there is a located error")
  func manifestIgnore() throws {
    let folder = try ScenarioFolder()
    try folder.write(
      "home.json",
      #"{"_beagleComponent_": "beagle:text", "txt": "x", "text": "y"}"#)
    try folder.write("beagle.json", #"{"ignore": ["unknown-field"]}"#)
    let quiet = beagleRun("check", folder.path + "/home.json")
    #expect(quiet.code == 0)
    #expect(quiet.errors == "")
    try folder.write("beagle.json", #"{"ignore": ["unknown-feild", 3]}"#)
    let wrongType = beagleRun("check", folder.path + "/home.json")
    #expect(wrongType.code == 1)
    #expect(
      wrongType.errors.contains(
        "beagle.json:1:12: error: 'ignore' must be an array of rule ids (strings), such as"
          + " [\"unknown-field\"] [manifest-invalid-ignore]\n"))
    try folder.write("beagle.json", #"{"ignore": ["unknown-feild"]}"#)
    let unknown = beagleRun("check", folder.path + "/home.json")
    #expect(unknown.code == 1)
    #expect(
      unknown.errors.hasPrefix(
        "\(folder.path)/beagle.json:1:13: error: ignore: unknown rule 'unknown-feild'; did you"
          + " mean 'unknown-field'? [unknown-rule]\n"))
    // The misspelt id ignores nothing.
    #expect(unknown.errors.contains("[unknown-field]"))
  }

  @Test("every diagnostic check finds in Examples/ has a rule id")
  func examplesHaveRules() throws {
    let outcome = beagleRun("check", "Examples", "--format", "json")
    var count = 0
    for line in outcome.output.split(separator: "\n") {
      let value = try JSONValue(parsing: String(line))
      guard let rule = value["rule"] else { continue }
      count += 1
      #expect(rule.stringValue != nil, "\(line)")
    }
    #expect(count > 0)
  }
}
