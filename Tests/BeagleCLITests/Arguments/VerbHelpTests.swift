import Testing

@testable import BeagleCLI

@Suite struct VerbHelpTests {
  @Test(
    "each verb's help lists only its own options, none in another verb's terms",
    arguments: Verb.allCases)
  func ownOptions(verb: Verb) {
    let help = beagleRun("help", verb.rawValue).output
    let options = OptionTable.options(of: verb).map(\.name)
    for spec in OptionTable.all where !options.contains(spec.name) {
      #expect(!help.contains("\n  \(spec.synopsis)"), "\(verb) lists \(spec.name)")
    }
    for name in options { #expect(help.contains(name), "\(verb) misses \(name)") }
    // No line is written for another verb: `graph also takes`, `test: …`, `graph: exit 1`.
    for other in Verb.allCases where other != verb {
      #expect(!help.contains("\(other.rawValue): "), "\(verb)'s help speaks of \(other)")
      #expect(!help.contains("\(other.rawValue) also takes"))
    }
  }

  @Test("each verb's help ends with its exit codes", arguments: Verb.allCases)
  func exitCodes(verb: Verb) {
    let help = beagleRun(verb.rawValue, "--help").output
    #expect(help.hasSuffix("\n\nEXIT CODES\n" + Help.exitCodes(of: verb) + "\n"))
    #expect(help.contains("\n  0   "))
    #expect(
      help.hasSuffix(
        verb == .help ? "  64  an unknown verb\n" : "  64  the command line is wrong\n"))
  }

  @Test(
    "eval's help: its --registry defaults to ./beagle.json; its --profile and usage name all three")
  func evalHelp() {
    let help = beagleRun("eval", "--help").output
    #expect(
      help.hasPrefix(
        """
        USAGE
          beagle-run eval EXPRESSION [--context ID=JSON]... [--global JSON]
                          [--profile ios|android|web] [--registry FILE]
        """))
    #expect(
      help.contains(
        """
          --registry FILE      manifest whose custom operations, global and profile the
                               expression uses (default: ./beagle.json, when there is one)
        """))
    #expect(!help.contains("beside the first screen"))
    #expect(
      help.contains(
        """
          --profile NAME       ios (default), android or web: which operations exist and
        """))
    #expect(
      beagleRun("components", "--help").output.contains(
        """
          --registry FILE      manifest whose custom components are listed too
                               (default: ./beagle.json, when there is one)
        """))
  }

  @Test("check's help: its usage takes routes, --mocks and --base-url in check's terms")
  func checkHelp() {
    let help = beagleRun("help", "check").output
    #expect(help.hasPrefix("USAGE\n  beagle-run check PATH|/ROUTE... [OPTIONS]\n"))
    #expect(help.contains("\n  --base-url URL       fetch /ROUTE arguments from this HTTP BFF\n"))
    #expect(
      help.contains("\n  --mocks FILE         a mock file to validate too (a JSON array of\n"))
    #expect(!help.contains("sendRequest"))
  }

  @Test("test's help: its options without a 'test:' prefix")
  func testHelp() {
    let help = beagleRun("help", "test").output
    #expect(help.contains("\n  --junit FILE         also write a JUnit XML report\n"))
  }

  @Test("'help --help' is 'help help'")
  func helpHelp() {
    let help = beagleRun("help", "--help")
    #expect(help.code == 0)
    #expect(help.output == beagleRun("help", "help").output)
    #expect(help.output.hasPrefix("USAGE\n  beagle-run help [VERB]"))
  }

  @Test(
    "a usage error of a verb's own points at that verb's help",
    arguments: [
      (["eval", "--bff", "x", "1"], "help eval"),
      (["check"], "help check"),
      (["a.json", "--context", "a=1"], "help run"),
      (["a.json", "--formt", "json"], "help run"),
      (["graph", "a.json", "--step", "back"], "help graph"),
      (["components", "extra"], "help components"),
      (["--formt"], "--help"),
      (["help", "chek"], "--help"),
      ([], "--help"),
    ] as [([String], String)])
  func seeVerbHelp(arguments: [String], help: String) {
    let outcome = beagleRunArray(arguments)
    #expect(outcome.code == 64)
    #expect(outcome.errors.hasSuffix("\nSee 'beagle-run \(help)'.\n"))
  }

  @Test("a --step that does not parse points at run's help, where the steps are")
  func stepError() {
    let outcome = beagleRunArray(["Examples/shop/index.json", "--step", "tapp"])
    #expect(outcome.code == 64)
    #expect(outcome.errors.hasSuffix("\nSee 'beagle-run help run'.\n"))
  }
}
