import Testing

/// `--profile` as the command line sees it (docs/spec.md §4.6, §10).
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

  @Test("check follows the profile's operations: web takes any count and has the 2.x ones")
  func checkOperations() throws {
    let screen = try temporaryFile(
      Array(#"{"_beagleComponent_": "beagle:text", "text": "@{and()} @{int(1)}"}"#.utf8),
      name: "w.json")
    let ios = beagleRun("check", screen, "--profile", "ios")
    #expect(ios.code == 1)
    #expect(ios.output == "checked 1 file: 1 error, 1 warning\n")
    #expect(
      ios.errors.contains(
        "error: operation 'and' takes at least 1 argument but got 0 [invalid-expression]\n"))
    #expect(
      ios.errors.contains(
        "warning: operation 'int' exists only in Beagle 2.x (web); iOS 1.x returns null; beagle-run gives the 2.x result [beagle2-operation]\n"
      ))
    let web = beagleRun("check", screen, "--profile", "web")
    #expect(web.code == 0)
    #expect(web.output == "checked 1 file: 0 errors, 0 warnings\n")
    #expect(web.errors == "")
  }
}
