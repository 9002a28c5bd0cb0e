import Foundation
import Testing

@Suite struct CommandLineToolTests {
  @Test("running a file prints the state and exits 0")
  func runFile() {
    let outcome = beagleRun("Examples/shop/index.json")
    #expect(outcome.code == 0)
    #expect(outcome.errors == "")
    #expect(outcome.output.hasPrefix("step 0 · load /\nstacks\n  1. / \"Beagle Shop\"\n"))
    #expect(outcome.output.contains("      button #browse \"Browse products\"\n"))
    #expect(outcome.output.contains("        onPress → pushView /products\n"))
  }

  @Test(
    "standard input with the file's folder as BFF prints exactly what the file prints, and 'run' is the default verb"
  )
  func standardInput() throws {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Examples/shop/index.json"), encoding: .utf8
    )
    let fromFile = beagleRun("Examples/shop/index.json")
    // The BFF folder matters at load: the screen prefetches its shouldPrefetch route.
    #expect(beagleRun("-", "--bff", "Examples/shop", stdin: text).output == fromFile.output)
    #expect(beagleRun("run", "-", "--bff", "Examples/shop", stdin: text).output == fromFile.output)
  }

  @Test("--format json prints one JSON object on one line")
  func jsonFormat() {
    let outcome = beagleRun("Examples/shop/cart.json", "--format", "json")
    #expect(outcome.code == 0)
    let lines = outcome.output.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix(
        #"{"step":0,"event":"load /cart","actions":[],"navigation":{"stacks":[[{"route":"/cart","title":"Your cart"}]],"event":null},"navigationBar":{"title":"Your cart","backButton":null,"items":[]}"#
      ) == true)
  }

  @Test("check prints located diagnostics on stderr, a count on stdout, and exits 1")
  func checkBroken() {
    let outcome = beagleRun("check", "Examples/broken/index.json")
    #expect(outcome.code == 1)
    #expect(outcome.output == "checked 1 file: 13 errors, 7 warnings\n")
    #expect(
      outcome.errors.contains(
        """
        Examples/broken/index.json:7:52: error: field 'text' must be a string or an expression, found an integer [wrong-type]
          7 |       {"_beagleComponent_": "beagle:text", "text": 42},
            |                                                    ^
        note: at /child/children/0/text
        """))
  }

  @Test("check of valid files exits 0")
  func checkValid() {
    let outcome = beagleRun("check", "Examples/shop/index.json", "Examples/signup/index.json")
    #expect(outcome.code == 0)
    #expect(outcome.output == "checked 2 files: 0 errors, 0 warnings\n")
  }

  @Test("--strict turns warnings into errors")
  func strict() throws {
    let file = try temporaryFile(Array(#"{"_beagleComponent_": "custom:chart"}"#.utf8))
    #expect(beagleRun("check", file).code == 0)
    let strict = beagleRun("check", "--strict", file)
    #expect(strict.code == 1)
    #expect(strict.errors.contains("error: unknown component 'custom:chart'"))
  }

  @Test("--strict makes an unknown field an error, in check and in run's log")
  func strictField() throws {
    let file = try temporaryFile(
      Array(#"{"_beagleComponent_": "beagle:button", "text": "Go", "onPres": []}"#.utf8))
    let check = beagleRun("check", file)
    #expect(check.code == 0)
    #expect(check.output == "checked 1 file: 0 errors, 1 warning\n")
    #expect(
      check.errors.hasPrefix(
        "\(file):1:64: warning: unknown field 'onPres' of 'beagle:button'; did you mean 'onPress'?")
    )
    let strict = beagleRun("check", "--strict", file)
    #expect(strict.code == 1)
    #expect(strict.output == "checked 1 file: 1 error, 0 warnings\n")
    let run = beagleRun(file)
    #expect(run.code == 0)
    #expect(
      run.output.contains(
        "log\n  \(file):1:64: warning: unknown field 'onPres' of 'beagle:button'; did you mean 'onPress'? [unknown-field] (at /onPres)\n"
      ))
  }

  @Test("a field that differs in case only is suggested with its case: styleid → styleId")
  func caseOnlyField() throws {
    let file = try temporaryFile(
      Array(#"{"_beagleComponent_": "beagle:button", "text": "Go", "styleid": "x"}"#.utf8))
    let check = beagleRun("check", file)
    #expect(
      check.errors.hasPrefix(
        "\(file):1:65: warning: unknown field 'styleid' of 'beagle:button'; did you mean 'styleId'?"
      ))
  }

  @Test("a payload iOS would reject still prints its state, but exits 1")
  func runBroken() {
    let outcome = beagleRun("Examples/broken/index.json")
    #expect(outcome.code == 1)
    #expect(outcome.output.contains("log\n"))
    #expect(
      outcome.errors
        == "beagle-run: error: 13 errors in the input (listed in the state's log; 'beagle-run check' shows them with their source lines)\n"
    )
  }

  @Test("the manifest beside the screen registers custom components")
  func manifestBeside() {
    let outcome = beagleRun("Examples/custom/index.json")
    #expect(outcome.code == 0)
    #expect(outcome.output.contains("custom:productCard #deal1 title=\"Chew toy\" price=7.5"))
    let without = beagleRun(
      "check", "--registry", "Examples/shop/cart.json", "Examples/custom/index.json")
    #expect(without.code == 1)
  }

  @Test(
    "usage errors exit 64 and point at --help",
    arguments: [
      (["--bogus"], "unknown option '--bogus'"),
      ([], "missing input: give a screen file, or '-' to read standard input"),
      (["a.json", "--format", "yaml"], "unknown format 'yaml'; expected 'text', 'json' or 'html'"),
      (["a.json", "--format"], "option '--format' needs a value"),
      (
        ["a.json", "b.json"],
        "'run' takes one screen; to validate several files use 'beagle-run check'"
      ),
      (["check"], "'check' needs at least one file (or '-')"),
      (
        ["check", "-", "a.json", "-"],
        "'-' (standard input) can be given only once: standard input is read once"
      ),
      (
        ["a.json", "--max-depth", "0"],
        "'--max-depth' takes a whole number from 1 to 10000, not '0'"
      ),
      (
        ["a.json", "--timeout", "0"],
        "'--timeout' takes seconds, more than 0 and at most 3600, not '0'"
      ),
      (
        ["a.json", "--http-budget", "soon"],
        "'--http-budget' takes seconds, more than 0 and at most 86400, not 'soon'"
      ),
      (
        ["a.json", "--max-body-bytes", "1.5"],
        "'--max-body-bytes' takes a whole number of bytes from 1 to 17179869184, not '1.5'"
      ),
      (
        ["test", "x", "--timeout", "3"],
        "'test' takes '--timeout' from each scenario's header, not from the command line"
      ),
    ] as [([String], String)])
  func usage(arguments: [String], message: String) {
    let tool = beagleRunArray(arguments)
    #expect(tool.code == 64)
    #expect(tool.errors == "beagle-run: error: \(message)\n\(seeHelp(arguments))\n")
  }

  @Test("--help and --version exit 0")
  func help() {
    let help = beagleRun("--help")
    #expect(help.code == 0)
    #expect(help.output.contains("beagle-run check PATH|/ROUTE..."))
    #expect(beagleRun("--version").output == "beagle-run 0.2.0\n")
  }

  @Test(
    "unreadable and invalid inputs give located errors and exit 1",
    arguments: [
      (
        "Examples/nope.json", "",
        "beagle-run: error: no such file 'Examples/nope.json' [unreadable-input]"
      ),
      (
        "Examples", "",
        "beagle-run: error: 'Examples' is a directory; give a JSON file [unreadable-input]"
      ),
      ("-", "", "<stdin>:1:1: error: the input is empty; expected a JSON value [invalid-json]"),
      (
        "-", "{\"a\": [1,\n",
        "<stdin>:2:1: error: unexpected end of input; expected a value [invalid-json]"
      ),
    ])
  func badInput(path: String, stdin: String, firstLine: String) {
    let outcome = beagleRun(path, stdin: stdin)
    #expect(outcome.code == 1)
    #expect(outcome.output == "")
    #expect(outcome.errors.split(separator: "\n").first.map(String.init) == firstLine)
  }

  @Test("colour is used only on a terminal and never with NO_COLOR")
  func colour() throws {
    let file = try temporaryFile(Array("{".utf8))
    let tool = { (variables: [String: String]) -> String in
      var errors = ""
      _ = CommandLineToolProxy.run([file], variables: variables, isTerminal: true) { errors += $0 }
      return errors
    }
    #expect(tool([:]).contains("\u{1B}["))
    #expect(!tool(["NO_COLOR": "1"]).contains("\u{1B}["))
    #expect(!beagleRun(file).errors.contains("\u{1B}["))
  }
}

func beagleRunArray(_ arguments: [String]) -> Outcome {
  var output = ""
  var errors = ""
  let code = CommandLineToolProxy.run(
    arguments, variables: [:], isTerminal: false, output: { output += $0 }
  ) {
    errors += $0
  }
  return Outcome(code: code, output: output, errors: errors)
}
