import Testing

/// `--profile` as the command line sees it (spec §4.6, §10).
@Suite struct ProfileCommandTests {
  @Test(
    "the global context starts as null on iOS and web, as the empty string on Android",
    arguments: [
      ("ios", "  global = null"), ("web", "  global = null"), ("android", #"  global = """#),
    ])
  func initialGlobal(profile: String, line: String) {
    let outcome = beagleRun("Examples/shop/cart.json", "--profile", profile)
    #expect(outcome.code == 0)
    #expect(outcome.output.split(separator: "\n").contains { $0 == line })
  }

  @Test("--global replaces the initial value under every profile")
  func givenGlobal() {
    let outcome = beagleRun(
      "Examples/shop/cart.json", "--profile", "android", "--global", #"{"cart":[]}"#)
    #expect(outcome.output.split(separator: "\n").contains { $0 == #"  global = {"cart":[]}"# })
  }
}
