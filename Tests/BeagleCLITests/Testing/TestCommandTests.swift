import Testing

@testable import BeagleCLI

@Suite struct TestCommandTests {
  /// A folder with `home.json`, `next.json` and `home.scenario` (tap "Next").
  private func folder() throws -> ScenarioFolder {
    let folder = try ScenarioFolder()
    try folder.write("home.json", sampleScreen)
    try folder.write("next.json", nextScreen)
    try folder.write(
      "home.scenario",
      """
      # Home, then the next screen.
      screen: home.json
      ---
      expect text "Hello Ana"
      tap "Next"
      expect title "Next"

      """)
    return folder
  }

  @Test("a missing golden is recorded and the run still fails; the next run passes")
  func recordsMissing() throws {
    let folder = try folder()
    let first = folder.test(".")
    #expect(first.code == 1)
    #expect(
      first.output == """
        FAIL  home.scenario: no golden yet; recorded home.expected: review it, then run again
        recorded 1 golden: review the changes (git diff), then run again
        0 passed, 1 failed

        """)
    let golden = try #require(folder.read("home.expected"))
    #expect(golden.hasPrefix("# beagle-run golden v1 inputs:"))
    #expect(golden.contains("\nstep 0 · load /home\n"))
    #expect(golden.contains("\nstep 2 · tap \"Next\"\n"))
    #expect(golden.hasSuffix("\n--- exit 0\n"))
    #expect(!golden.contains("--- stderr"))
    let second = folder.test(".")
    #expect(second.code == 0)
    #expect(second.output == "PASS  home.scenario\n1 passed, 0 failed\n")
    #expect(second.errors == "")
  }

  @Test("a changed screen fails with a unified diff numbered as the golden's lines")
  func mismatch() throws {
    let folder = try folder()
    _ = folder.test(".")
    let golden = try #require(folder.read("home.expected"))
    try folder.write("next.json", nextScreen.replacingOccurrences(of: "Second screen", with: "2nd"))
    let outcome = folder.test(".")
    #expect(outcome.code == 1)
    let lines = golden.split(separator: "\n", omittingEmptySubsequences: false)
    let changed = try #require(lines.firstIndex(of: "    text \"Second screen\"")) + 1
    #expect(
      outcome.output.hasPrefix(
        "FAIL  home.scenario: output differs from home.expected (its inputs changed since it was"
          + " recorded)\n--- home.expected\n+++ actual output\n@@ -\(changed - 3),"))
    #expect(outcome.output.contains("\n-    text \"Second screen\"\n+    text \"2nd\"\n"))
    #expect(outcome.output.hasSuffix("\n0 passed, 1 failed\n"))
    // Not rewritten by default.
    #expect(folder.read("home.expected") == golden)
  }

  @Test(
    "a failed expectation is never recorded, in any record mode, and its FAIL line names it",
    arguments: ["missing", "failed", "all", "never"])
  func failingExpectation(mode: String) throws {
    let folder = try folder()
    try folder.write(
      "home.scenario", "screen: home.json\n---\ntap \"Next\"\nexpect title \"Away\"\n")
    for _ in 1...2 {
      let outcome = folder.test(".", "--record", mode)
      #expect(outcome.code == 1)
      #expect(
        outcome.output == """
          FAIL  home.scenario: expectation failed at step 2 'expect title "Away"': expected title "Away"; the title is "Next" (never recorded as a golden)
          home.scenario:4: error: expectation failed: expected title "Away"; the title is "Next"
          0 passed, 1 failed

          """)
      #expect(!folder.exists("home.expected"))
    }
  }

  @Test("a golden that recorded a failed expectation fails, with the diff to the new output")
  func recordedFailure() throws {
    let folder = try folder()
    try folder.write("home.scenario", "screen: home.json\n---\nexpect title \"Away\"\n")
    let body = "something\n--- exit 1\n"
    try folder.write("home.expected", "# beagle-run golden v1 inputs:0000000000000000\n" + body)
    let outcome = folder.test(".", "--record", "failed")
    #expect(outcome.code == 1)
    #expect(
      outcome.output.hasPrefix(
        """
        FAIL  home.scenario: expectation failed at step 1 'expect title "Away"': expected title "Away"; the title is "Home" (never recorded as a golden)
        home.scenario:3: error: expectation failed: expected title "Away"; the title is "Home"
        --- home.expected
        +++ actual output

        """))
    #expect(outcome.output.contains("\n-something\n"))
    #expect(
      folder.read("home.expected") == "# beagle-run golden v1 inputs:0000000000000000\n" + body)
  }

  @Test(
    "a step that fails is never recorded, in any record mode; its FAIL line names its error and the steps it stopped",
    arguments: ["missing", "failed", "all", "never"])
  func failingStep(mode: String) throws {
    let folder = try folder()
    try folder.write(
      "home.scenario",
      "screen: home.json\n---\ntap \"Nexx\"\nexpect title \"Next\"\nback\n")
    let message = try runError(step: "tap \"Nexx\"")
    #expect(message.hasPrefix("nothing on the screen matches \"Nexx\""))
    for _ in 1...2 {
      let outcome = folder.test(".", "--record", mode)
      #expect(outcome.code == 1)
      #expect(
        outcome.output == """
          FAIL  home.scenario: step 1 'tap "Nexx"' failed: \(message) (the run stopped there, so the 2 steps after it did not run; never recorded as a golden)
          home.scenario:3: error: \(message)
          0 passed, 1 failed

          """)
      #expect(!folder.exists("home.expected"))
    }
  }

  @Test("'respond' with no request pending fails the scenario, never a golden")
  func respondWithNothingPending() throws {
    let folder = try folder()
    try folder.write("home.scenario", "screen: home.json\n---\ntap \"Rename\"\nrespond 200\n")
    let message = try runError(step: "respond 200")
    #expect(
      message
        == "no request is pending; 'respond' answers the oldest request that no mock and no"
        + " --base-url answered")
    for _ in 1...2 {
      let outcome = folder.test(".")
      #expect(outcome.code == 1)
      #expect(
        outcome.output == """
          FAIL  home.scenario: step 2 'respond 200' failed: \(message) (never recorded as a golden)
          home.scenario:4: error: \(message)
          0 passed, 1 failed

          """)
      #expect(!folder.exists("home.expected"))
    }
  }

  /// The error `beagle-run home.json --step STEP` prints for a step that fails,
  /// after its `--step:1: error: `.
  private func runError(step: String) throws -> String {
    let folder = try folder()
    let tool = CommandLineTool(environment: .init(workingDirectory: folder.path))
    var errors = ""
    _ = tool.run(
      ["beagle-run", "home.json", "--step", step], output: { _ in }, errors: { errors += $0 })
    let line = try #require(errors.split(separator: "\n").first)
    return String(try #require(line.split(separator: " error: ", maxSplits: 1).last))
  }

  @Test(
    "a golden that recorded a failed step fails with the step's error, even when the output matches"
  )
  func recordedFailedStep() throws {
    let folder = try folder()
    try folder.write("home.scenario", "screen: home.json\n---\nexpect depth 1\ntap \"Nexx\"\n")
    let runner = ScenarioRunner(environment: .init(workingDirectory: folder.path))
    let (scenario, bytes) = try runner.scenario(at: "home.scenario")
    let output = try runner.run(scenario, bytes: bytes)
    #expect(output.body.hasSuffix("--- exit 1\n"))
    let golden = GoldenFile(inputs: output.inputs, body: output.body).text
    try folder.write("home.expected", golden)
    let message = try runError(step: "tap \"Nexx\"")
    for mode in ["missing", "failed", "all"] {
      let outcome = folder.test(".", "--record", mode)
      #expect(outcome.code == 1)
      #expect(
        outcome.output == """
          FAIL  home.scenario: step 2 'tap "Nexx"' failed: \(message) (never recorded as a golden)
          home.scenario:4: error: \(message)
          0 passed, 1 failed

          """)
      #expect(folder.read("home.expected") == golden)
    }
  }

  @Test("an expectation in a script file is located in the script file")
  func failingExpectationInScript() throws {
    let folder = try folder()
    try folder.write("flows/home.script", "# a comment\nexpect depth 2\n")
    try folder.write("home.scenario", "screen: home.json\nscript: flows/home.script\n")
    let outcome = folder.test(".")
    #expect(
      outcome.output == """
        FAIL  home.scenario: expectation failed at step 1 'expect depth 2': expected depth 2; the top stack holds 1 screens (never recorded as a golden)
        flows/home.script:2: error: expectation failed: expected depth 2; the top stack holds 1 screens
        0 passed, 1 failed

        """)
  }

  @Test("an option the scenario's command does not take is an error on its header line")
  func optionOfAnotherVerb() throws {
    let folder = try folder()
    try folder.write("home.scenario", "screen: home.json\ncommand: check\nexplain: true\n")
    let outcome = folder.test(".")
    #expect(outcome.code == 1)
    #expect(
      outcome.output.hasPrefix(
        "FAIL  home.scenario: invalid scenario\nhome.scenario:3: error: invalid 'explain':"
          + " 'check' does not take '--explain'; its options are '--format', "))
  }

  @Test("invalid mocks make a broken scenario, never a golden")
  func invalidMocks() throws {
    let folder = try folder()
    try folder.write("mocks.json", "[{\"method\": \"GET\"}]\n")
    try folder.write("home.scenario", "screen: home.json\nmocks: mocks.json\n")
    for mode in ["missing", "all"] {
      let outcome = folder.test(".", "--record", mode)
      #expect(outcome.code == 1)
      #expect(
        outcome.output == """
          FAIL  home.scenario: invalid scenario
          home.scenario:2: error: invalid mocks, so the scenario cannot run: mocks.json:1:2: a mock needs 'url', the pattern of the urls it answers (as in "/login")
          0 passed, 1 failed

          """)
      #expect(!folder.exists("home.expected"))
    }
  }

  @Test("a golden that differs shows the output's first error on its FAIL line")
  func firstErrorOnFailLine() throws {
    let folder = try folder()
    try folder.write(
      "bad.json", "{\"_beagleComponent_\": \"beagle:text\", \"text\": \"a\", \"alignment\": 5}\n")
    try folder.write("home.scenario", "screen: bad.json\n")
    try folder.write(
      "home.expected", "# beagle-run golden v1 inputs:0000000000000000\n--- exit 0\n")
    let outcome = folder.test(".")
    let first = try #require(outcome.output.split(separator: "\n").first)
    #expect(
      first
        == "FAIL  home.scenario: output differs from home.expected (its inputs changed since it was"
        + " recorded); first error: bad.json:1:64: error: field 'alignment' must be a string or an"
        + " expression, found an integer [wrong-type] (at /alignment)")
  }

  @Test(
    "an unchanged output from changed inputs is stale: reported, passing; --record failed refreshes it"
  )
  func stale() throws {
    let folder = try folder()
    _ = folder.test(".")
    let golden = try #require(folder.read("home.expected"))
    try folder.write("home.json", sampleScreen + "\n")  // same screen, other bytes
    let stale = folder.test(".")
    #expect(stale.code == 0)
    #expect(
      stale.output == """
        PASS  home.scenario: stale golden: its inputs changed since it was recorded, its output did not (--record failed refreshes its header)
        1 passed, 0 failed

        """)
    #expect(folder.read("home.expected") == golden)
    let refreshed = folder.test(".", "--record", "failed")
    #expect(refreshed.code == 0)
    #expect(
      refreshed.output == """
        PASS  home.scenario: refreshed the stale header of home.expected (the output is unchanged)
        1 passed, 0 failed

        """)
    let updated = try #require(folder.read("home.expected"))
    #expect(updated != golden)
    #expect(updated.drop { $0 != "\n" } == golden.drop { $0 != "\n" })
    #expect(folder.test(".").output == "PASS  home.scenario\n1 passed, 0 failed\n")
  }

  @Test(
    "record modes: what is written and what fails",
    arguments: [
      // mode, situation, golden written, exit code
      ("missing", "missing", true, Int32(1)),
      ("missing", "mismatch", false, 1),
      ("missing", "match", false, 0),
      ("failed", "missing", true, 1),
      ("failed", "mismatch", true, 1),
      ("failed", "match", false, 0),
      ("all", "missing", true, 1),
      ("all", "mismatch", true, 1),
      ("all", "match", true, 1),
      ("never", "missing", false, 1),
      ("never", "mismatch", false, 1),
      ("never", "match", false, 0),
    ] as [(String, String, Bool, Int32)])
  func recordModes(mode: String, situation: String, writes: Bool, code: Int32) throws {
    let folder = try folder()
    let fake = "# beagle-run golden v1 inputs:0000000000000000\nsomething else\n--- exit 0\n"
    switch situation {
    case "mismatch": try folder.write("home.expected", fake)
    case "match": _ = folder.test(".")
    default: break
    }
    let before = folder.read("home.expected")
    let outcome = folder.test(".", "--record", mode)
    #expect(outcome.code == code)
    let after = folder.read("home.expected")
    if writes {
      #expect(after?.contains("step 0 · load /home") == true)
      #expect(outcome.output.contains("recorded 1 golden"))
    } else {
      #expect(after == before)
    }
  }

  @Test("under CI=true nothing is written, whatever --record says")
  func continuousIntegration() throws {
    let folder = try folder()
    let missing = folder.test(".", variables: ["CI": "true"])
    #expect(missing.code == 1)
    #expect(
      missing.output
        == "FAIL  home.scenario: no golden home.expected (not recorded: CI=true)\n0 passed, 1 failed\n"
    )
    #expect(!folder.exists("home.expected"))
    let all = folder.test(".", "--record", "all", variables: ["CI": "true"])
    #expect(all.code == 1)
    #expect(!folder.exists("home.expected"))
    #expect(
      all.errors
        == "beagle-run: warning: CI=true: goldens are never written; ignoring '--record all'\n")
  }

  @Test("goldens without a scenario are listed; skipped scenarios are counted")
  func orphansAndSkipped() throws {
    let folder = try folder()
    _ = folder.test(".")
    try folder.write("gone.expected", "# beagle-run golden v1 inputs:0000000000000000\n")
    try folder.write("deep/old.expected", "x\n")
    try folder.write("later.scenario", "screen: home.json\nskip: waits for sendRequest\n")
    let outcome = folder.test(".")
    #expect(outcome.code == 0)
    #expect(
      outcome.output == """
        PASS  home.scenario
        SKIP  later.scenario: waits for sendRequest
        orphaned golden deep/old.expected: no old.scenario beside it (delete it if it was removed)
        orphaned golden gone.expected: no gone.scenario beside it (delete it if it was removed)
        1 passed, 0 failed, 1 skipped

        """)
  }

  @Test("a broken scenario fails with its located error; the others still run")
  func brokenScenario() throws {
    let folder = try folder()
    _ = folder.test(".")
    try folder.write("a/broken.scenario", "screen: ../home.json\nprofle: web\n")
    let outcome = folder.test(".")
    #expect(outcome.code == 1)
    #expect(
      outcome.output == """
        FAIL  a/broken.scenario: invalid scenario
        a/broken.scenario:2: error: unknown key 'profle'; did you mean 'profile'? (keys: \(ScenarioParser.keyList))
        PASS  home.scenario
        1 passed, 1 failed

        """)
  }

  @Test(
    "a route as the screen is fetched from the bff folder, named as the header names it (a parent: --allow-outside-root)"
  )
  func route() throws {
    let folder = try folder()
    try folder.write("flows/next.scenario", "screen: /next\nbff: ..\n---\nexpect title \"Next\"\n")
    try folder.write("flows/check.scenario", "screen: /home\nbff: ..\ncommand: check\n")
    try folder.write("flows/missing.scenario", "screen: /nowhere\nbff: ..\n")
    _ = folder.test("flows", "--allow-outside-root")
    let next = try #require(folder.read("flows/next.expected"))
    #expect(next.contains("\nstep 0 · load /next\nstacks\n  1. /next \"Next\"\n"))
    #expect(next.hasSuffix("\n--- exit 0\n"))
    #expect(
      folder.read("flows/check.expected")?.hasSuffix(
        "\nchecked 1 file: 0 errors, 0 warnings\n--- exit 0\n") == true)
    #expect(
      folder.read("flows/missing.expected")?.hasSuffix(
        "\n--- stderr\nbeagle-run: error: no screen for '/nowhere' in '..': tried 'nowhere.json' and"
          + " 'nowhere/index.json' [unreadable-input]\n--- exit 1\n") == true)
    #expect(folder.test("flows", "--allow-outside-root").code == 0)
  }

  @Test("relative paths are read from the working directory, and named as given")
  func location() {
    let environment = CommandLineTool.Environment(workingDirectory: "/work/x/")
    #expect(environment.location(of: "a.json") == "/work/x/a.json")
    #expect(environment.location(of: "./a.json") == "/work/x/a.json")
    #expect(environment.location(of: "../a.json") == "/work/x/../a.json")
    #expect(environment.location(of: "/abs/a.json") == "/abs/a.json")
    #expect(environment.location(of: ".") == "/work/x/")
    #expect(environment.location(of: "-") == "-")
    #expect(CommandLineTool.Environment().location(of: "a.json") == "a.json")
  }

  @Test(
    "files the header names must exist: a scenario error, never a recorded 'no such file'",
    arguments: [
      (
        "screen: nope.json\n", 1,
        "invalid 'screen': no such file 'nope.json' (paths are relative to the scenario's folder)"
      ),
      (
        "screen: home.json\nregistry: beagle.json\n", 2,
        "invalid 'registry': no such file 'beagle.json' (paths are relative to the scenario's folder)"
      ),
      (
        "screen: home.json\nbff: api\n", 2,
        "invalid 'bff': no such folder 'api' (paths are relative to the scenario's folder)"
      ),
      (
        "screen: home.json\nbff: next.json\n", 2,
        "invalid 'bff': 'next.json' is a file; give a folder"
      ),
      (
        "screen: home.json\nglobal: @g.json\n", 2,
        "invalid 'global': no such file 'g.json' (paths are relative to the scenario's folder)"
      ),
      ("screen: home.json\nscript: a.script\n", 2, "invalid 'script': cannot read 'a.script'"),
    ] as [(String, Int, String)])
  func missingFiles(text: String, line: Int, message: String) throws {
    let folder = try folder()
    try folder.write("home.scenario", text)
    let outcome = folder.test(".")
    #expect(outcome.code == 1)
    #expect(
      outcome.output
        == "FAIL  home.scenario: invalid scenario\nhome.scenario:\(line): error: \(message)\n0 passed, 1 failed\n"
    )
    #expect(!folder.exists("home.expected"))
  }

  @Test("a script file's broken step is located in the script file")
  func brokenScript() throws {
    let folder = try folder()
    try folder.write("flow/steps.script", "back\nexpect nothing\n")
    try folder.write("flow/home.json", sampleScreen)
    try folder.write("flow/a.scenario", "screen: home.json\nscript: steps.script\n")
    let outcome = folder.test("flow")
    #expect(
      outcome.output.hasPrefix(
        "FAIL  flow/a.scenario: invalid scenario\nflow/steps.script:2: error: unknown expectation 'nothing'"
      ))
  }

  @Test("paths that are not scenarios or do not exist are errors on stderr, and exit 1")
  func badPaths() throws {
    let folder = try folder()
    try folder.write("empty/readme.txt", "")
    let outcome = folder.test("nope", "home.json", "empty")
    #expect(outcome.code == 1)
    #expect(
      outcome.errors == """
        beagle-run: error: no such file or folder 'nope'
        beagle-run: error: 'home.json' is not a scenario; give '.scenario' files or folders
        beagle-run: error: no scenarios ('*.scenario' files) in 'empty'

        """)
    #expect(outcome.output == "0 passed, 0 failed\n")
  }

  @Test("goldens do not depend on the folder the run starts from")
  func locationIndependent() throws {
    let folder = try folder()
    _ = folder.test(".")
    let fromAbove = ScenarioFolder.test(
      at: folder.path + "/..", String(folder.path.split(separator: "/").last ?? ""))
    #expect(fromAbove.code == 0)
    let absolute = ScenarioFolder.test(at: nil, folder.path + "/home.scenario")
    #expect(absolute.code == 0)
    #expect(absolute.output == "PASS  \(folder.path)/home.scenario\n1 passed, 0 failed\n")
  }

  @Test("the report is the same in path order whatever the number of threads")
  func parallelOrder() throws {
    let folder = try folder()
    for index in 0..<4 {
      try folder.write("s\(index)/home.json", sampleScreen)
      try folder.write("s\(index)/next.json", nextScreen)
    }
    for index in 0..<24 {
      let steps = index % 3 == 0 ? "tap \"Next\"\n" : "tap \"Rename\"\nexpect text \"Hello Bia\"\n"
      try folder.write("s\(index % 4)/n\(index).scenario", "screen: home.json\n---\n\(steps)")
    }
    _ = folder.test(".")
    let serial = folder.test(".", processorCount: 1)
    let parallel = folder.test(".", processorCount: 8)
    #expect(serial.code == 0)
    #expect(parallel.output == serial.output)
    let paths = serial.output.split(separator: "\n").dropLast().map { $0.dropFirst(6) }
    #expect(paths == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    #expect(serial.output.hasSuffix("25 passed, 0 failed\n"))
  }

  @Test("under GitHub Actions a failure is also an ::error annotation on the golden's line")
  func annotations() throws {
    let folder = try folder()
    try folder.write(
      "home.expected", "# beagle-run golden v1 inputs:0000000000000000\nstep 0, old\n--- exit 0\n")
    let outcome = folder.test(".", variables: ["GITHUB_ACTIONS": "true"])
    let annotation = try #require(
      outcome.output.split(separator: "\n").first { $0.hasPrefix("::error ") })
    #expect(
      annotation.hasPrefix(
        "::error file=home.expected,line=2,title=beagle-run test::home.scenario: output differs"
          + " from home.expected (its inputs changed since it was recorded)%0A--- home.expected%0A"
      ))
    #expect(!folder.test(".").output.contains("::error"))
  }

  @Test(
    "usage errors of 'test' exit 64",
    arguments: [
      (
        ["test"],
        "'test' needs at least one scenario file or folder, as in beagle-run test Examples/"
      ),
      (
        ["test", "x", "--record", "sometimes"],
        "unknown record mode 'sometimes'; expected 'missing', 'failed', 'all' or 'never'"
      ),
      (["test", "x", "--record"], "option '--record' needs a value"),
      (
        ["test", "x", "--format", "json"],
        "'test' takes '--format' from each scenario's header, not from the command line"
      ),
      (
        ["test", ".", "--step", "back"],
        "'test' takes steps from each scenario, one a line after its '---' line (or from the file"
          + " its 'script:' key names), not from the command line"
      ),
      (
        ["test", ".", "--context", "a=1"],
        "'test' does not take '--context' ('eval' takes it), and a scenario's header has no"
          + " context key; a scenario sets the global context with its 'global:' key, and screens"
          + " declare their own contexts"
      ),
      (
        ["test", ".", "--global", "{}"],
        "'test' takes '--global' from each scenario's header, not from the command line"
      ),
      (["a.json", "--record", "all"], "'--record' is an option of 'beagle-run test'"),
      (["check", "a.json", "--junit", "r.xml"], "'--junit' is an option of 'beagle-run test'"),
    ] as [([String], String)])
  func usage(arguments: [String], message: String) {
    let outcome = beagleRunArray(arguments)
    #expect(outcome.code == 64)
    #expect(outcome.errors == "beagle-run: error: \(message)\n\(seeHelp(arguments))\n")
  }

  @Test("the summary counts passed, failed, and skipped only when any were")
  func summary() {
    func result(
      _ outcome: ScenarioResult.Outcome, _ recording: ScenarioResult.Recording? = nil
    )
      -> ScenarioResult
    {
      ScenarioResult(
        path: "a.scenario", goldenPath: "a.expected", outcome: outcome, recording: recording)
    }
    #expect(TestCommand.summary([]) == "0 passed, 0 failed")
    #expect(
      TestCommand.summary([result(.passed), result(.stale), result(.missingGolden)])
        == "2 passed, 1 failed")
    #expect(
      TestCommand.summary([
        result(.passed, .wrote), result(.stale, .refreshedHeader), result(.skipped(reason: "x")),
      ]) == "1 passed, 1 failed, 1 skipped")
  }
}

extension ScenarioFolder {
  /// Runs `beagle-run test` with the given working directory (nil: the process's).
  static func test(at directory: String?, _ arguments: String...) -> Outcome {
    let tool = CommandLineTool(environment: .init(workingDirectory: directory))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run", "test"] + arguments, output: { output += $0 }, errors: { errors += $0 })
    return Outcome(code: code, output: output, errors: errors)
  }
}
