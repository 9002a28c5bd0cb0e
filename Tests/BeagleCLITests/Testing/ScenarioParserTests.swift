import BeagleRuntime
import Testing

@testable import BeagleCLI

@Suite struct ScenarioParserTests {
  private func parse(_ text: String) throws(ScenarioError) -> Scenario {
    try ScenarioParser.parse(Array(text.utf8), path: "flows/cart.scenario")
  }

  @Test("a header, comments, blank lines and steps numbered as lines of the scenario file")
  func parsesEverything() throws {
    let scenario = try parse(
      """
      # The shopper opens the cart.
      screen: index.json            # a file beside the scenario

      bff: .
      registry: beagle.json
      profile: android
      global: {"user": "Ana", "tag": "a #b"}
      format: json
      strict: true
      ---
      # steps
      tap "Cart"   # a navigation bar item
      expect title "Your cart"

      back
      """)
    #expect(scenario.screen == "index.json")
    #expect(scenario.command == .run)
    #expect(
      scenario.settings.map(\.key) == ["bff", "registry", "profile", "global", "format", "strict"])
    #expect(scenario.setting("global")?.value == #"{"user": "Ana", "tag": "a #b"}"#)
    #expect(scenario.setting("global")?.line == 7)
    #expect(
      scenario.steps.steps.map(\.step) == [.tap(.text("Cart")), .expectTitle("Your cart"), .back])
    #expect(scenario.steps.steps.map(\.line) == [12, 13, 15])
    #expect(scenario.goldenPath == "flows/cart.expected")
    #expect(
      scenario.arguments == [
        "run", "index.json", "--bff", ".", "--registry", "beagle.json", "--profile", "android",
        "--global", #"{"user": "Ana", "tag": "a #b"}"#, "--format", "json", "--strict",
      ])
  }

  @Test("without '---' there are no steps; 'command: check', 'skip' and flags set to false")
  func headerOnly() throws {
    let scenario = try parse("screen: broken.json\ncommand: check\nstrict: false\nskip: later\n")
    #expect(scenario.command == .check)
    #expect(scenario.steps.steps.isEmpty)
    #expect(scenario.skipReason == "later")
    #expect(scenario.arguments == ["check", "broken.json"])
  }

  @Test("a route is a screen when a bff or base url is given")
  func route() throws {
    let scenario = try parse("screen: /home\nbase-url: http://127.0.0.1:8080\n")
    #expect(scenario.isRoute)
  }

  @Test(
    "broken scenarios are errors on their line",
    arguments: [
      (
        "scren: index.json\n", 1,
        "unknown key 'scren'; did you mean 'screen'? (keys: \(ScenarioParser.keyList))"
      ),
      (
        "screen: a.json\ncolour: red\n", 2,
        "unknown key 'colour' (keys: \(ScenarioParser.keyList))"
      ),
      ("screen: a.json\nscreen: b.json\n", 2, "'screen' is given twice (first on line 1)"),
      (
        "\nscreen a.json\n", 2,
        "expected 'key: value' or '---' before the steps, found 'screen a.json'"
      ),
      ("screen:\n", 1, "'screen' needs a value"),
      (
        "screen: a.json\nformat: yaml\n", 2,
        "invalid 'format': unknown format 'yaml'; expected 'text', 'json' or 'html'"
      ),
      (
        "screen: a.json\nprofile: windows\n", 2,
        "invalid 'profile': unknown profile 'windows'; expected 'ios', 'android' or 'web'"
      ),
      ("screen: a.json\nstrict: yes\n", 2, "invalid 'strict': 'yes'; expected 'true' or 'false'"),
      (
        "screen: a.json\ncommand: eval\n", 2,
        "invalid 'command': 'eval'; expected 'run', 'check' or 'graph'"
      ),
      (
        "screen: a.json\nmax-depth: 0\n", 2,
        "invalid 'max-depth': '--max-depth' takes a whole number from 1 to 10000, not '0'"
      ),
      (
        "screen: a.json\nglobal: {\"a\": }\n", 2,
        "invalid 'global': invalid JSON at column 7: unexpected character '}'; expected a value"
      ),
      ("screen: -\n", 1, "invalid 'screen': a scenario cannot read standard input; give a file"),
      (
        "screen: /home\n", 1,
        "the screen '/home' is a route: give 'bff' or 'base-url' (or a 'registry' manifest with bff or baseUrl) to fetch it, or a file path relative to the scenario"
      ),
      (
        "screen: a.json\n---\ntap \"x\"\n\ntapp \"y\"\n", 5,
        "unknown step 'tapp'; did you mean 'tap'? (steps: 'tap', 'type', 'event', 'back', 'action', 'choose', 'respond', 'expect')"
      ),
      (
        "screen: a.json\ncommand: check\n---\nback\n", 4,
        "a 'check' scenario validates its screen without running it, so it takes no steps"
      ),
      (
        "screen: a.json\nscript: a.script\n---\nback\n", 2,
        "give the steps after '---' or in 'script:', not both"
      ),
    ] as [(String, Int, String)])
  func errors(text: String, line: Int, message: String) {
    do {
      _ = try parse(text)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.line == line)
      #expect(error.description == message)
    }
  }

  @Test("bytes that are not UTF-8 are an error on their line")
  func invalidText() {
    let bytes = Array("screen: a.json\n# é\n".utf8) + [0xFF, 0x0A]
    #expect(throws: ScenarioError.invalidText(line: 3)) {
      try ScenarioParser.parse(bytes, path: "a.scenario")
    }
    #expect(ScenarioError.invalidText(line: 3).description == "the line is not valid UTF-8 text")
  }

  @Test("a scenario without a screen says so")
  func missingScreen() {
    #expect(throws: ScenarioError.missingScreen) { try parse("# nothing\nformat: json\n") }
    #expect(
      ScenarioError.missingScreen.description
        == "missing 'screen: FILE' (or a route with 'bff' or 'base-url') in the header")
  }

  @Test(
    "a '#' after a space or tab starts a comment, except inside double quotes",
    arguments: [
      ("screen: a.json # note", "screen: a.json"),
      ("base-url: http://x/#anchor", "base-url: http://x/#anchor"),
      (#"global: {"a": "b # c"}  # note"#, #"global: {"a": "b # c"}"#),
      (#"global: {"a": "\" # c"}"#, #"global: {"a": "\" # c"}"#),
      ("screen: a.json\t# tab", "screen: a.json"),
    ])
  func comments(line: String, stripped: String) {
    #expect(ScenarioParser.stripComment(line) == stripped)
  }
}
