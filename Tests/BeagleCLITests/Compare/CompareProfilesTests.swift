import Foundation
import Testing

@testable import BeagleCLI

/// `--compare-profiles` against small screens that differ by known rules (docs/spec.md §10).
@Suite struct CompareProfilesTests {
  /// A context `user` shown in a text, a button writing null into it (Android
  /// refuses, docs/spec.md §10.15) and one prepending two texts (Android reverses,
  /// docs/spec.md §10.20).
  static let porting = """
    {
      "_beagleComponent_": "beagle:screenComponent",
      "child": {
        "_beagleComponent_": "beagle:container",
        "id": "list",
        "context": {"id": "user", "value": {"name": "Ana"}},
        "children": [
          {"_beagleComponent_": "beagle:text", "text": "Hello @{user.name}"},
          {"_beagleComponent_": "beagle:button", "text": "Forget", "onPress": [
            {"_beagleAction_": "beagle:setContext", "contextId": "user", "path": "name", "value": null}]},
          {"_beagleComponent_": "beagle:button", "text": "Add two", "onPress": [
            {"_beagleAction_": "beagle:addChildren", "componentId": "list", "mode": "PREPEND",
             "value": [{"_beagleComponent_": "beagle:text", "text": "first"},
                       {"_beagleComponent_": "beagle:text", "text": "second"}]}]}
        ]
      }
    }
    """

  @Test(
    "Android's null refusal and PREPEND order and its initial global are each named, step by step")
  func androidDifferences() throws {
    let path = try temporaryFile(Array(Self.porting.utf8))
    let outcome = beagleRun(
      path, "--compare-profiles", "--step", #"tap "Forget""#, "--step", #"tap "Add two""#)
    #expect(outcome.code == 0)
    #expect(outcome.errors == "")
    #expect(
      outcome.output == """
        profiles ios, android, web: 3 of 3 states differ
        step 0 · load /screen
          contexts.global
            ios, web  null
            android   ""
            rule: android global context starts as "" (spec §10.16)
        step 1 · tap "Forget"
          screen (from line 3)
            ios, web      text "Hello "
            android       text "Hello Ana"
            rule: android setContext null refusal (spec §10.15)
          contexts.user
            ios, web  {"name":null}
            android   {"name":"Ana"}
            rule: android setContext null refusal (spec §10.15)
        step 2 · tap "Add two"
          screen (from line 3)
            ios, web      text "first"
                          text "second"
                          text "Hello "
            android       text "second"
                          text "first"
                          text "Hello Ana"
            rule: android addChildren PREPEND order (spec §10.20)
            rule: android setContext null refusal (spec §10.15)

        """)
  }

  @Test("a screen no rule touches has no difference and exits 0")
  func noDifference() throws {
    let screen = """
      {"_beagleComponent_": "beagle:container", "context": {"id": "n", "value": 1}, "children": [
        {"_beagleComponent_": "beagle:text", "text": "n = @{n}"},
        {"_beagleComponent_": "beagle:button", "text": "Add", "onPress": [
          {"_beagleAction_": "beagle:setContext", "contextId": "n", "value": 2}]}]}
      """
    let path = try temporaryFile(Array(screen.utf8))
    let outcome = beagleRun(
      path, "--compare-profiles", "--global", "{}", "--step", #"tap "Add""#,
      "--step", #"expect text "n = 2""#)
    #expect(outcome.code == 0)
    #expect(outcome.errors == "")
    #expect(outcome.output == "profiles ios, android, web: no difference in 3 states\n")
  }

  @Test("a list item's index, bound on web only, is put down to its rule")
  func listIndex() throws {
    let screen = """
      {"_beagleComponent_": "beagle:listView", "dataSource": "@{global}", "indexName": "i",
       "templates": [{"view": {"_beagleComponent_": "beagle:text", "text": "@{item}@{i}"}}]}
      """
    let path = try temporaryFile(Array(screen.utf8))
    let outcome = beagleRun(
      path, "--compare-profiles", "--profiles", "ios,web", "--global", #"["a","b"]"#)
    #expect(outcome.code == 0)
    #expect(
      outcome.output == """
        profiles ios, web: 1 of 1 state differs
        step 0 · load /screen
          screen (from line 3)
            ios      text "a"
                     text "b"
            web      text "a0"
                     text "b1"
            rule: list index context (web only) (spec §10.23)

        """)
  }

  @Test("--profiles picks the profiles and --format json gives one object with the rules")
  func jsonBetweenTwo() throws {
    let path = try temporaryFile(Array(Self.porting.utf8))
    let outcome = beagleRun(
      path, "--profiles", "web, android", "--format", "json", "--global", "null",
      "--step", #"tap "Forget""#)
    #expect(outcome.code == 0)
    #expect(
      outcome.output
        == #"{"profiles":["web","android"],"states":2,"differingSteps":[1],"steps":[{"step":1,"event":"tap \"Forget\"","differences":[{"aspect":"screen","values":[{"profiles":["web"],"lines":["    text \"Hello \""]},{"profiles":["android"],"lines":["    text \"Hello Ana\""]}],"sharedLeadingLines":2,"rules":[{"rule":"android setContext null refusal","section":"§10.15"}],"since":null},{"aspect":"contexts.user","values":[{"profiles":["web"],"lines":["{\"name\":null}"]},{"profiles":["android"],"lines":["{\"name\":\"Ana\"}"]}],"sharedLeadingLines":0,"rules":[{"rule":"android setContext null refusal","section":"§10.15"}],"since":null}]}]}"#
        + "\n")
  }

  @Test("differences from web's operations, number text and truthiness are named by their rules")
  func expressionRules() throws {
    let screen = """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": {"name": "ana maria", "n": 2.0, "ok": "false"}},
       "children": [
        {"_beagleComponent_": "beagle:text", "text": "@{capitalize(c.name)} pays @{divide(7, 2)}"},
        {"_beagleComponent_": "beagle:text", "text": "n = @{c.n}"},
        {"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [
          {"_beagleAction_": "beagle:condition", "condition": "@{c.ok}", "onTrue": [
            {"_beagleAction_": "beagle:setContext", "contextId": "c", "path": "name", "value": "yes"}]}]}]}
      """
    let path = try temporaryFile(Array(screen.utf8))
    let outcome = beagleRun(path, "--profiles", "ios,web", "--step", #"tap "Go""#)
    #expect(outcome.code == 0)
    #expect(
      outcome.output == """
        profiles ios, web: 2 of 2 states differ
        step 0 · load /screen
          screen (from line 3)
            ios      text "Ana Maria pays 3"
                     text "n = 2.0"
            web      text "Ana maria pays 3.5"
                     text "n = 2"
            rule: operations: web follows JavaScript coercion (spec §10.14)
            rule: stringification: web prints integral doubles without .0 (spec §10.13)
        step 1 · tap "Go"
          actions (from line 2)
            ios  (none)
            web  onTrue → setContext c.name = "yes"
            rule: condition truthiness (spec §10.19)
          screen (from line 3)
            ios      text "Ana Maria pays 3"
                     text "n = 2.0"
            web      text "Yes pays 3.5"
                     text "n = 2"
            rule: condition truthiness (spec §10.19)
            rule: operations: web follows JavaScript coercion (spec §10.14)
            rule: stringification: web prints integral doubles without .0 (spec §10.13)
          contexts.c
            ios  {"name":"ana maria","n":2.0,"ok":"false"}
            web  {"name":"yes","n":2.0,"ok":"false"}
            rule: condition truthiness (spec §10.19)

        """)
    // Android's capitalize keeps the rest of the text (docs/spec.md §6.1 Android).
    #expect(
      beagleRun(path, "--profiles", "ios,android", "--global", "null").output == """
        profiles ios, android: 1 of 1 state differs
        step 0 · load /screen
          screen (from line 3)
            ios          text "Ana Maria pays 3"
            android      text "Ana maria pays 3"
            rule: operations: android's own (no or null arguments, capitalize, out-of-range indexes) (spec §10.14)

        """)
  }

  @Test("without web operations, a difference only web shows in number text is stringification")
  func stringificationOnly() throws {
    let screen = """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": [1.0, 2.5]},
       "children": [{"_beagleComponent_": "beagle:text", "text": "@{c}"}]}
      """
    let path = try temporaryFile(Array(screen.utf8))
    #expect(
      beagleRun(path, "--profiles", "ios,web").output == """
        profiles ios, web: 1 of 1 state differs
        step 0 · load /screen
          screen (from line 3)
            ios      text "[1.0,2.5]"
            web      text "[1,2.5]"
            rule: stringification: web prints integral doubles without .0 (spec §10.13)

        """)
  }

  /// Four bindings web-core cannot read, each from a test of
  /// `ZupIT/beagle-web-core:__tests__/unit/old-structure/bindings/expressions.spec.ts`: an
  /// unknown operation ("should log warning and return null if operation doesn't exist"), an
  /// invalid path ("should return and give a warning if path is invalid"), an unterminated
  /// string ("should do nothing for malformed string") and a malformed number ("should return
  /// null for malformed number and invalid context id"). iOS's parser
  /// (`iOS:ContextExpression/Expression/Parser.swift`) reads none of the last three as an
  /// expression, so their texts show as written, and calls the unknown operation null; each
  /// is an error of the input (docs/spec.md §5.3).
  static let unreadableOnWeb = """
    {"_beagleComponent_": "beagle:container", "context": {"id": "ctx", "value": {"a": 1}},
     "children": [
      {"_beagleComponent_": "beagle:text", "text": "@{blah(42)}"},
      {"_beagleComponent_": "beagle:text", "text": "@{ctx.[.]}"},
      {"_beagleComponent_": "beagle:text", "text": "@{'test}"},
      {"_beagleComponent_": "beagle:text", "text": "@{58.72.98}"}]}
    """

  @Test(
    "bindings web cannot read: errors on iOS, null or as written with a warning on web, by web's grammar"
  )
  func webGrammar() throws {
    let path = try temporaryFile(Array(Self.unreadableOnWeb.utf8))
    let outcome = beagleRun(path, "--profiles", "ios,web")
    // iOS's run fails on the errors; the comparison says so with the code run would give.
    #expect(outcome.code == 1)
    #expect(
      outcome.output == """
        profiles ios, web: 1 of 1 state differs
        step 0 · load /screen
          screen (from line 4)
            ios      text "@{ctx.[.]}"
                     text "@{'test}"
                     text "@{58.72.98}"
            web      text ""
                     text "@{'test}"
                     text ""
            rule: expression grammar: web reads bindings its own way (spec §10.11)
          log
            ios  error: unknown operation 'blah' (at /children/0/text)
                 error: expected a key after '.' but found '[' (at /children/1/text)
                 error: unterminated string literal; missing the closing quote (at /children/2/text)
                 error: expected '}' but found '.' (at /children/3/text)
            web  warning: unknown operation 'blah' (at /children/0/text)
                 warning: web cannot read 'ctx.[.]' (invalid path: names may contain only letters, numbers and '_', with '.' between them and '[index]' after them); web logs a warning and the value is null (at /children/1/text)
                 warning: unterminated string literal; missing the closing quote (at /children/2/text)
                 warning: no enclosing component declares context '58' (at /children/3/text)
            rule: expression grammar: web reads bindings its own way (spec §10.11)
          run
            ios  beagle-run: error: 4 errors in the input (listed in the state's log; 'beagle-run check' shows them with their source lines)
            web  (none)
            rule: expression grammar: web reads bindings its own way (spec §10.11)

        """)
    #expect(
      outcome.errors
        == "ios: beagle-run: error: 4 errors in the input (listed in the state's log; "
        + "'beagle-run check' shows them with their source lines)\n")
    // The JSON form names the same rule for each aspect.
    let json = beagleRun(path, "--profiles", "ios,web", "--format", "json").output
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let steps = try #require(object["steps"] as? [[String: Any]])
    let differences = try #require(steps.first?["differences"] as? [[String: Any]])
    #expect(differences.map { $0["aspect"] as? String } == ["screen", "log", "run"])
    for difference in differences {
      let rules = difference["rules"] as? [[String: String]]
      #expect(
        rules == [
          ["rule": "expression grammar: web reads bindings its own way", "section": "§10.11"]
        ])
    }
  }

  @Test(
    "what web decodes and iOS rejects: the log differs by web's leniency, and the failed runs exit 1"
  )
  func webLeniency() throws {
    let screen = """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:textInput", "placeholder": "E-mail", "type": "email"}]}
      """
    let path = try temporaryFile(Array(screen.utf8))
    let outcome = beagleRun(path, "--profiles", "ios,web")
    #expect(outcome.code == 1)
    #expect(
      outcome.output == """
        profiles ios, web: 1 of 1 state differs
        step 0 · load /screen
          log
            ios  error: invalid value 'email' for 'type'; expected one of 'DATE', 'EMAIL', 'PASSWORD', 'NUMBER', 'TEXT' (at /children/0/type)
            web  (none)
            rule: web decoding leniency (spec §10.2–3)
          run
            ios  beagle-run: error: 1 error in the input (listed in the state's log; 'beagle-run check' shows them with their source lines)
            web  (none)
            rule: web decoding leniency (spec §10.2–3)

        """)
    #expect(
      outcome.errors
        == "ios: beagle-run: error: 1 error in the input (listed in the state's log; "
        + "'beagle-run check' shows them with their source lines)\n")
  }

  @Test(
    "usage errors",
    arguments: [
      (
        ["--profiles", "ios"],
        "'--profiles' compares two or more profiles, as in --profiles ios,web"
      ),
      (["--profiles", "ios,ios"], "'--profiles' names 'ios' twice"),
      (
        ["--profiles", "ios,windows"],
        "unknown profile 'windows' in '--profiles'; expected 'ios', 'android' or 'web'"
      ),
      (
        ["--compare-profiles", "--profile", "web"],
        "'--profile' picks one profile; '--compare-profiles' runs each of them"
      ),
      (
        ["--compare-profiles", "--explain"],
        "'--explain' cannot be combined with '--compare-profiles'"
      ),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message: message)) {
      try ArgumentParser.parse(["run", "screen.json"] + arguments)
    }
  }

  @Test("comparing is for run: check and eval refuse it")
  func otherVerbs() {
    #expect(throws: UsageError(message: "'--compare-profiles' is an option of 'beagle-run run'")) {
      try ArgumentParser.parse(["check", "screen.json", "--compare-profiles"])
    }
    #expect(throws: UsageError(message: "'--profiles' is an option of 'beagle-run run'")) {
      try ArgumentParser.parse(["eval", "@{1}", "--profiles", "ios,web"])
    }
  }

  @Test(
    "log messages name the spec's rules",
    arguments: [
      (
        "setContext: the value is null, which Android refuses: 'user' keeps its value (android rule; iOS and web write null)",
        "android setContext null refusal", "§10.15"
      ),
      (
        "2 screens match '/a'; popToView goes to the oldest (web rule)",
        "popToView target matching",
        "§10.7"
      ),
      (
        "no enclosing component declares context 'index': a list item's index context exists on web 2.x only, not on iOS (ios rule)",
        "list index context (web only)", "§10.23"
      ),
      (
        "resetStack ignores controllerId 'x' (ios rule); the default controller is used",
        "resetStack.controllerId", "§10.10"
      ),
      (
        "field 'enabled' must be a boolean: web accepts it (web rule; iOS fails to decode the whole payload)",
        "web decoding leniency", "§10.2–3"
      ),
      (
        "missing required field 'mobileId' of 'tab icon': Android fails to decode the whole payload (android rule; iOS reads the icon without it)",
        "android tab icons need 'mobileId'", "§2.13"
      ),
      (
        "tab icon without 'url': web shows no image for it (web rule; web draws 'url', iOS and Android read 'mobileId')",
        "web tab icons draw 'url'", "§2.13"
      ),
    ])
  func rules(message: String, name: String, section: String) {
    #expect(ProfileRule.namesRule(message))
    #expect(ProfileRule(message: message) == ProfileRule(name: name, section: section))
  }

  @Test("a message that names no platform rule explains nothing")
  func noRule() {
    #expect(!ProfileRule.namesRule("unknown action 'x' does nothing (iOS: UnknownAction)"))
    #expect(ProfileRule(message: "something else (web rule)") == nil)
  }

  @Test("a scenario header 'profiles:' records the comparison as its golden")
  func scenario() throws {
    let folder = try ScenarioFolder()
    try folder.write("porting.json", Self.porting)
    try folder.write(
      "porting.scenario", "screen: porting.json\nprofiles: ios, android\n---\ntap \"Forget\"\n")
    _ = folder.test(".")
    let golden = try #require(folder.read("porting.expected"))
    #expect(golden.contains("\nprofiles ios, android: 2 of 2 states differ\n"))
    #expect(golden.contains("    rule: android setContext null refusal (spec §10.15)\n"))
    #expect(golden.hasSuffix("--- exit 0\n"))
    #expect(folder.test(".").output == "PASS  porting.scenario\n1 passed, 0 failed\n")
  }

  @Test("--help lists --compare-profiles, --profiles and the coverage options")
  func help() {
    let help = beagleRun("--help").output
    #expect(
      help.contains(
        "  --compare-profiles   run under ios, android and web and print, step by step,\n"))
    #expect(
      help.contains(
        "  --profiles LIST      the same for the profiles listed, as in --profiles ios,web\n"))
    #expect(
      help.contains(
        "  --coverage-json FILE test: also write the coverage as JSON (implies --coverage)\n"))
  }
}
