import Testing

/// A `setContext` to a context nobody declares is reported once: by the load-time
/// check when it can know (a literal `contextId` in a screen it checked), else when the
/// action runs, worded for the profile (docs/spec.md §7.1).
@Suite struct SetContextWarningTests {
  /// The `log` lines of each printed state, in order (no `log` section: none).
  private func logs(_ output: String) -> [[String]] {
    var states: [[String]] = []
    var isInLog = false
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("step ") {
        states.append([])
        isInLog = false
      } else if line == "log" {
        isInLog = true
      } else if isInLog, line.hasPrefix("  "), !states.isEmpty {
        states[states.count - 1].append(String(line.dropFirst(2)))
      } else {
        isInLog = false
      }
    }
    return states
  }

  private func screen(_ onPress: String, declaring id: String = "cart") -> String {
    """
    {"_beagleComponent_": "beagle:container", "id": "box", "context": {"id": "\(id)", "value": 0},
     "children": [{"_beagleComponent_": "beagle:button", "text": "Add",
       "onPress": [\(onPress)]}]}
    """
  }

  private let toCrt = #"{"_beagleAction_": "beagle:setContext", "contextId": "crt", "value": 1}"#

  @Test("a literal contextId the load-time check flagged warns at load only, not again on tap")
  func onceAtLoad() throws {
    let path = try temporaryFile(Array(screen(toCrt).utf8))
    let outcome = beagleRun(path, "--step", #"tap "Add""#)
    #expect(outcome.code == 0)
    #expect(
      logs(outcome.output) == [
        [
          "\(path):3:69: warning: setContext: no enclosing component declares context 'crt';"
            + " did you mean 'cart'? [set-context-target-not-in-scope]"
            + " (at /children/0/onPress/0/contextId)"
        ],
        [],
      ])
  }

  @Test("a screen reached by navigation is checked when fetched: one warning, then none on tap")
  func fetchedScreen() throws {
    let folder = try ScenarioFolder()
    try folder.write(
      "index.json",
      #"{"_beagleComponent_": "beagle:button", "text": "Next", "onPress": [{"_beagleAction_": "#
        + #""beagle:pushView", "route": {"url": "/next"}}]}"#)
    try folder.write("next.json", screen(toCrt))
    let outcome = beagleRun(
      folder.path + "/index.json", "--step", #"tap "Next""#, "--step", #"tap "Add""#)
    #expect(
      logs(outcome.output) == [
        [],
        [
          "\(folder.path)/next.json:3:69: warning: setContext: no enclosing component declares"
            + " context 'crt';"
            + " did you mean 'cart'? [set-context-target-not-in-scope]"
            + " (at /children/0/onPress/0/contextId)"
        ],
        [],
      ])
  }

  @Test("a script's action step is checked when it is read: one warning")
  func scriptAction() throws {
    let path = try temporaryFile(Array(screen("").utf8))
    let outcome = beagleRun(path, "--step", "action " + toCrt)
    #expect(
      logs(outcome.output) == [
        [],
        [
          "warning: setContext: no enclosing component declares context 'crt';"
            + " did you mean 'cart'? [set-context-target-not-in-scope] (at /contextId)"
        ],
      ])
  }

  @Test("what the check could not see warns when it runs: added children, a contextId with @{")
  func atRunTime() throws {
    let added = """
      {"_beagleAction_": "beagle:addChildren", "componentId": "box", "value": [
        {"_beagleComponent_": "beagle:button", "text": "More", "onPress": [\(toCrt)]}]}
      """
    let path = try temporaryFile(Array(screen(added).utf8))
    let outcome = beagleRun(path, "--step", #"tap "Add""#, "--step", #"tap "More""#)
    #expect(
      logs(outcome.output) == [
        [], [],
        [
          "warning: setContext: no context 'crt' is in scope; nothing happens (iOS does nothing);"
            + " did you mean 'cart'? [context-not-in-scope]"
            + " (at /children/@added1/onPress/0/contextId)"
        ],
      ])
    let expression =
      #"{"_beagleAction_": "beagle:setContext", "contextId": "@{'crt'}", "value": 1}"#
    let second = try temporaryFile(Array(screen(expression).utf8))
    #expect(
      logs(beagleRun(second, "--step", #"tap "Add""#).output) == [
        [],
        // Placed at the action (line 3, column 16); the added children above are in no file.
        [
          "\(second):3:16: warning: setContext: no context '@{'crt'}' is in scope; nothing happens"
            + " (iOS does nothing) [context-not-in-scope] (at /children/0/onPress/0/contextId)"
        ],
      ])
  }

  @Test(
    "the run-time warning is worded for the profile",
    arguments: [
      (
        "android",
        "no context '@{'crt'}' is in scope; nothing happens (Android does nothing)"
          + " [context-not-in-scope]"
      ),
      // web-core's own warning (web:action/set-context.ts; docs/spec.md §7.1).
      (
        "web",
        #"Could not find context with id "@{'crt'}" for element of type "beagle:button" and"#
          + #" id "<generated by web-core>"; nothing happens (web rule) [context-not-found-on-web]"#
      ),
    ])
  func profileWording(profile: String, wording: String) throws {
    let expression =
      #"{"_beagleAction_": "beagle:setContext", "contextId": "@{'crt'}", "value": 1}"#
    let path = try temporaryFile(Array(screen(expression).utf8))
    let outcome = beagleRun(path, "--profile", profile, "--step", #"tap "Add""#)
    #expect(
      logs(outcome.output).last == [
        "\(path):3:16: warning: setContext: \(wording)"
          + " (at /children/0/onPress/0/contextId)"
      ])
  }

  @Test("under web, setContext on a list item's index says web keeps it read-only")
  func indexOnWeb() throws {
    let list = """
      {"_beagleComponent_": "beagle:listView", "context": {"id": "rows", "value": ["a", "b"]},
       "dataSource": "@{rows}", "indexName": "i",
       "templates": [{"view": {"_beagleComponent_": "beagle:button", "text": "@{item}",
         "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "i", "value": 5}]}}]}
      """
    let path = try temporaryFile(Array(list.utf8))
    let outcome = beagleRun(path, "--profile", "web", "--step", #"tap "b""#)
    #expect(
      logs(outcome.output) == [
        [],
        [
          "\(path):4:16: warning: setContext: context 'i' is the list item's index, which web 2.x"
            + " keeps read-only; nothing happens [context-read-only-index]"
            + " (at /templates/0/view/onPress/0/contextId)"
        ],
      ])
  }

  @Test(
    "an empty path is no path on web: the whole value is replaced; iOS refuses it (spec §7.1)",
    arguments: [("web", "5", 0), ("ios", #"{"a":1}"#, 1)])
  func emptyPath(profile: String, value: String, code: Int32) throws {
    let screen = """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": {"a": 1}},
       "children": [{"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [
         {"_beagleAction_": "beagle:setContext", "contextId": "c", "path": "", "value": 5}]}]}
      """
    let path = try temporaryFile(Array(screen.utf8))
    let outcome = beagleRun(
      path, "--profile", profile, "--format", "json", "--step", #"tap "Go""#)
    #expect(outcome.code == code)
    let last = outcome.output.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last.contains(#""contexts":[{"id":"c","value":\#(value),"#))
  }
}
