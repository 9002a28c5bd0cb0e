import Foundation
import Testing

@testable import BeagleCLI

@Suite struct OptionTableTests {
  @Test(
    "a mistyped option or verb is a usage error with did you mean",
    arguments: [
      (["a.json", "--formt", "json"], "unknown option '--formt'; did you mean '--format'?"),
      (["a.json", "-format", "json"], "unknown option '-format'; did you mean '--format'?"),
      (["check", "a.json", "--strct"], "unknown option '--strct'; did you mean '--strict'?"),
      (["a.json", "--Format", "json"], "unknown option '--Format'; did you mean '--format'?"),
      (["a.json", "--base-URL", "x"], "unknown option '--base-URL'; did you mean '--base-url'?"),
      (["a.json", "--bogus"], "unknown option '--bogus'"),
      (["chek", "a.json"], "unknown verb 'chek'; did you mean 'check'?"),
      (
        ["help", "chek"],
        "unknown verb 'chek'; did you mean 'check'? (verbs: 'run', 'check', 'eval', 'test',"
          + " 'graph', 'serve', 'components', 'actions', 'completions', 'help')"
      ),
    ] as [([String], String)])
  func didYouMean(arguments: [String], message: String) {
    let outcome = beagleRunArray(arguments)
    #expect(outcome.code == 64)
    // A mistyped verb is no verb's error: it points at the full help.
    let see = message.hasPrefix("unknown verb") ? "See 'beagle-run --help'." : seeHelp(arguments)
    #expect(outcome.errors == "beagle-run: error: \(message)\n\(see)\n")
  }

  @Test(
    "--base-url takes an http or https URL with a valid port",
    arguments: ["not a url", "http://127.0.0.1:99999", "ftp://example.com", "http://"])
  func invalidBaseURL(text: String) {
    let outcome = beagleRunArray(["/home", "--base-url", text])
    #expect(outcome.code == 64)
    #expect(
      outcome.errors
        == "beagle-run: error: '--base-url' takes an http or https URL such as"
        + " 'http://127.0.0.1:8080', not '\(text)'\nSee 'beagle-run help run'.\n")
  }

  @Test(
    "an option the verb would ignore is a usage error naming both",
    arguments: [
      (
        ["eval", "--bff", "x", "1"],
        "'eval' does not take '--bff'; its options are '--registry', '--global', '--context', '--profile',"
          + " '--max-depth', '--max-value-bytes'"
      ),
      (
        ["eval", "--step", "back", "1"],
        "'eval' does not take '--step'; its options are '--registry', '--global', '--context', '--profile',"
          + " '--max-depth', '--max-value-bytes'"
      ),
      (
        ["check", "a.json", "--script", "s.txt"],
        "'check' does not take '--script'; its options are '--format', '--strict', '--registry',"
          + " '--global', '--bff', '--base-url', '--mocks', '--timeout', '--http-budget',"
          + " '--max-body-bytes', '--profile', '--max-depth', '--max-value-bytes', '--max-nodes',"
          + " '--allow-outside-root', '--ignore'"
      ),
      (
        ["a.json", "--context", "a=1"],
        "'run' does not take '--context'; its options are '--format', '--images', '--strict',"
          + " '--registry', '--explain', '--global', '--step', '--script', '--bff', '--base-url', '--mocks',"
          + " '--timeout', '--http-budget', '--max-body-bytes', '--profile',"
          + " '--compare-profiles', '--profiles', '--max-depth', '--max-value-bytes', '--max-nodes',"
          + " '--allow-outside-root', '--ignore'"
      ),
      (
        ["components", "--strict"],
        "'components' does not take '--strict'; its options are '--format', '--registry'"
      ),
      (["a.json", "--junit", "r.xml"], "'--junit' is an option of 'beagle-run test'"),
      (
        ["components", "extra"],
        "'components' takes no argument, found 'extra'; give a manifest with --registry FILE"
      ),
    ] as [([String], String)])
  func ignoredOptions(arguments: [String], message: String) {
    let outcome = beagleRunArray(arguments)
    #expect(outcome.code == 64)
    #expect(outcome.errors == "beagle-run: error: \(message)\n\(seeHelp(arguments))\n")
  }

  @Test("every option the parser reads is in the table, so the help lists it")
  func everyOptionInHelp() {
    for spec in OptionTable.all {
      #expect(Help.text.contains("\n  \(spec.synopsis)"), "\(spec.name) is not in --help")
    }
  }

  @Test("'help' and 'help VERB' print help; 'VERB --help' prints the verb's")
  func help() {
    let full = beagleRun("help")
    #expect(full.code == 0)
    #expect(full.output == Help.text + "\n")
    #expect(beagleRun("--help").output == Help.text + "\n")
    let check = beagleRun("help", "check")
    #expect(check.code == 0)
    #expect(check.output.hasPrefix("USAGE\n  beagle-run check PATH|/ROUTE... [OPTIONS]"))
    #expect(check.output.contains("\n  --strict "))
    #expect(!check.output.contains("--step"))
    #expect(beagleRun("check", "--help").output == check.output)
    #expect(beagleRun("eval", "--help").output == beagleRun("help", "eval").output)
  }

  @Test("SCRIPT STEPS lists every form the script parser reads")
  func scriptSteps() {
    #expect(
      Help.scriptSteps == """
          tap TARGET                press a button, a touchable or a navigation bar item
          type TARGET "TEXT"        type into a text input, firing its events
          event TARGET NAME [JSON]  fire any event of a component, with an optional value
          back                      the system back gesture
          action JSON               run an action in the top screen's scope
          choose "LABEL"            press a button of the open alert or confirm
          respond STATUS [JSON]     answer the oldest pending request (status 100-599)
          respond #ID STATUS [JSON] answer the pending request with that id
          respond METHOD URL STATUS [JSON]
                                    answer the oldest pending request with that method and URL
          expect text "…"           the screen shows this text
          expect no-text "…"        the screen does not show it
          expect title "…"          the top screen's title
          expect stacks N           how many navigation stacks
          expect depth N            how many screens the top stack holds
          TARGET is #id or "visible text"
        """)
  }
}

@Suite struct OptionTableParsingTests {
  @Test("every row of the table is parsed: none is refused as an unknown option")
  func everyRowParses() {
    for spec in OptionTable.all {
      let value: [String] = spec.value == nil ? [] : ["1"]
      do {
        _ = try ArgumentParser.parse([spec.name] + value)
      } catch {
        #expect(!error.message.hasPrefix("unknown option"), "\(spec.name): \(error.message)")
      }
    }
  }

  @Test("a flag given a value is a usage error, not silently accepted")
  func flagWithValue() {
    let outcome = beagleRunArray(["check", "a.json", "--strict=no"])
    #expect(outcome.code == 64)
    #expect(
      outcome.errors
        == "beagle-run: error: option '--strict' takes no value\nSee 'beagle-run help check'.\n")
  }
}
