import Testing

@Suite struct UsageHintTests {
  @Test(
    "a script step's text without quotes says how to write it",
    arguments: [
      (#"tap Sign in"#, #"tap needs a quoted text: tap "Sign in""#),
      (#"tap Sign"#, #"tap needs a quoted text: tap "Sign""#),
      (#"type Name "Ana""#, #"type needs a quoted text: type "Name" "Ana""#),
      (#"type #name Ana"#, #"type needs a quoted text: type #name "Ana""#),
      (#"expect title Welcome"#, #"expect needs a quoted text: expect title "Welcome""#),
      (#"choose OK"#, #"choose needs a quoted text: choose "OK""#),
    ] as [(String, String)])
  func unquotedStepText(step: String, message: String) {
    let outcome = beagleRunArray(["Examples/shop/index.json", "--step", step])
    #expect(outcome.code == 64)
    #expect(outcome.errors.hasPrefix("--step:1: error: \(message)\n"))
  }

  @Test("a step without its text still says what is missing")
  func missingText() {
    let outcome = beagleRunArray(["Examples/shop/index.json", "--step", "tap"])
    #expect(
      outcome.errors.hasPrefix(#"--step:1: error: missing argument; write tap #ID or tap "TEXT""#))
  }

  @Test(
    "JSON that lost a string's quotes hints at them",
    arguments: [
      (
        ["eval", "@{n}", "--context", "n=Ana"],
        "beagle-run: error: --context n: invalid JSON at column 1: unexpected character 'A';"
          + #" expected a value; a JSON string needs quotes: --context 'n="Ana"'"#
      ),
      (
        ["eval", "@{global}", "--global", "nojson"],
        "beagle-run: error: --global: invalid JSON at column 2: unexpected character 'o';"
          + #" expected 'null'; a JSON string needs quotes: --global '"nojson"'"#
      ),
      (
        ["Examples/shop/index.json", "--global", "nojson"],
        "beagle-run: error: --global: invalid JSON at column 2: unexpected character 'o';"
          + #" expected 'null'; a JSON string needs quotes: --global '"nojson"'"#
      ),
      (
        ["graph", "Examples/shop/index.json", "--assume", "a=b"],
        "beagle-run: error: --assume a: invalid JSON at column 1: unexpected character 'b';"
          + #" expected a value; a JSON string needs quotes: --assume 'a="b"'"#
      ),
      (
        ["eval", "@{n}", "--context", "n={"],
        "beagle-run: error: --context n: invalid JSON at column 2: unexpected end of input;"
          + " expected a string key or '}'"
      ),
    ] as [([String], String)])
  func quotingHint(arguments: [String], message: String) {
    // JSON on the command line that does not parse is a usage error (DESIGN.md: 64).
    let outcome = beagleRunArray(arguments)
    #expect(outcome.code == 64)
    #expect(outcome.errors == message + "\n" + seeHelp(arguments) + "\n")
    #expect(outcome.output == "")
  }

  @Test(
    "JSON read from a file with @FILE that does not parse is invalid input (exit 1), not a usage error",
    arguments: [["eval", "@{global}", "--global"], ["Examples/shop/index.json", "--global"]])
  func fileJSON(arguments: [String]) throws {
    let file = try temporaryFile(Array("nojson".utf8), name: "global.json")
    let outcome = beagleRunArray(arguments + ["@" + file])
    #expect(outcome.code == 1)
    #expect(
      outcome.errors.hasPrefix(
        "beagle-run: error: --global: invalid JSON at column 2: unexpected character 'o';"
          + " expected 'null'"))
    #expect(!outcome.errors.contains("See 'beagle-run"))
  }

  @Test(
    "a profile in the wrong case or mistyped suggests its spelling",
    arguments: [
      (
        ["eval", "1", "--profile", "iOS"],
        "unknown profile 'iOS'; expected 'ios', 'android' or 'web'; did you mean 'ios'?"
      ),
      (
        ["a.json", "--profile", "andriod"],
        "unknown profile 'andriod'; expected 'ios', 'android' or 'web'; did you mean 'android'?"
      ),
      (
        ["a.json", "--profiles", "ios,Web"],
        "unknown profile 'Web' in '--profiles'; expected 'ios', 'android' or 'web'; did you mean 'web'?"
      ),
      (
        ["a.json", "--profile", "linux"],
        "unknown profile 'linux'; expected 'ios', 'android' or 'web'"
      ),
    ] as [([String], String)])
  func profileSuggestion(arguments: [String], message: String) {
    let outcome = beagleRunArray(arguments)
    #expect(outcome.code == 64)
    #expect(outcome.errors.hasPrefix("beagle-run: error: \(message)\n"))
  }
}
