import BeagleJSON
import BeagleRuntime
import Foundation
import Testing

@testable import BeagleCLI

/// `beagle-run test` runs each scenario in a worker process of the built executable: a
/// scenario that crashes or goes over its time or memory budget fails alone, with its
/// reason, and the summary and the JUnit report are still written.
@Suite struct ScenarioIsolationTests {
  /// A screen whose onInit doubles a string 40 times: with the default value limit it
  /// stops at 64 MB after a few seconds of work and a few hundred megabytes.
  static let doublingScreen: String = {
    let action =
      #"{"_beagleAction_": "beagle:setContext", "contextId": "c", "value": "@{concat(c, c)}"}"#
    return
      #"{"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": "ab"}, "onInit": ["#
      + Array(repeating: action, count: 40).joined(separator: ",") + "]}"
  }()

  /// Runs `beagle-run test ARGS…` from `folder` with scenarios in worker processes.
  func test(_ folder: ScenarioFolder, _ arguments: String...) throws -> Outcome {
    let executable = try #require(builtExecutable())
    let tool = CommandLineTool(
      environment: .init(
        workingDirectory: folder.path, processorCount: 2, executablePath: executable.path))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run", "test"] + arguments, output: { output += $0 }, errors: { errors += $0 })
    return Outcome(code: code, output: output, errors: errors)
  }

  func folderWithPassingScenario() throws -> ScenarioFolder {
    let folder = try ScenarioFolder()
    try folder.write("home.json", sampleScreen)
    try folder.write("ok.scenario", "screen: home.json\n")
    _ = try test(folder, ".")  // records ok.expected
    try folder.write("big.json", Self.doublingScreen)
    try folder.write("big.scenario", "screen: big.json\n")
    return folder
  }

  @Test(
    "a scenario over its time budget fails with its reason; the others pass; the JUnit report is written"
  )
  func timeout() throws {
    let folder = try folderWithPassingScenario()
    let outcome = try test(
      folder, ".", "--scenario-timeout", "0.5", "--record", "never", "--junit", "report.xml")
    #expect(outcome.code == 1)
    #expect(
      outcome.output == """
        FAIL  big.scenario: stopped after 0.5 s, the scenario time budget (--scenario-timeout)
        PASS  ok.scenario
        1 passed, 1 failed

        """)
    let report = try #require(folder.read("report.xml"))
    #expect(
      report.contains(
        #"<error message="stopped after 0.5 s, the scenario time budget (--scenario-timeout)"></error>"#
      ))
    #expect(report.contains(#"tests="2" failures="0" errors="1" skipped="0""#))
  }

  @Test(
    "a scenario over its memory budget crashes its worker alone and fails with the crash's message")
  func memory() throws {
    let folder = try folderWithPassingScenario()
    let outcome = try test(folder, ".", "--scenario-memory", "128", "--record", "never")
    #expect(outcome.code == 1)
    let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.first?.hasPrefix("FAIL  big.scenario: crashed: its process was killed by signal ")
        == true)
    #expect(
      lines.first?.hasSuffix(
        "; beagle-run crashed or went over the scenario memory budget of 128 MB (--scenario-memory)"
      ) == true)
    #expect(lines.contains("PASS  ok.scenario"))
    #expect(outcome.output.hasSuffix("1 passed, 1 failed\n"))
  }

  @Test(
    "the screen nesting a context 51 200 levels deep runs under test: its golden records the refusals"
  )
  func deepNesting() throws {
    let folder = try ScenarioFolder()
    let nested =
      String(repeating: "[", count: 256) + #""@{c}""# + String(repeating: "]", count: 256)
    let action = #"{"_beagleAction_": "beagle:setContext", "contextId": "c", "value": \#(nested)}"#
    let start =
      #"{"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": 0}, "onInit": ["#
    try folder.write(
      "deep.json", start + Array(repeating: action, count: 200).joined(separator: ",") + "]}")
    try folder.write("deep.scenario", "screen: deep.json\n")
    let outcome = try test(folder, ".", "--junit", "report.xml")
    // The first refused write is the third action, on the file's only line.
    let column = start.utf8.count + 2 * (action.utf8.count + 1) + 1
    let error =
      "deep.json:1:\(column): error: setContext: the new value of 'c' would be nested deeper than 512 levels (--max-depth); nothing happens [context-over-limit] (at /onInit/2/value)"
    #expect(
      outcome.output == """
        FAIL  deep.scenario: no golden yet; recorded deep.expected: review it, then run again; \
        first error: \(error)
        recorded 1 golden: review the changes (git diff), then run again
        0 passed, 1 failed

        """)
    let golden = try #require(folder.read("deep.expected"))
    #expect(golden.contains("  \(error)\n"))
    #expect(golden.hasSuffix("--- exit 1\n"))
    #expect(folder.exists("report.xml"))
  }

  @Test(
    "results travel from a worker unchanged",
    arguments: [
      ScenarioResult.Outcome.passed, .stale, .skipped(reason: "later"), .missingGolden,
      .invalidScenario(.reported(message: "unknown key 'x'", line: 3), file: "a.scenario"),
      .invalidScenario(
        .reported(message: "cannot read 'a.scenario'", line: nil), file: "a.scenario"),
      .mismatch(diff: "--- a\n+++ b\n", line: 4, inputsChanged: true), .invalidGolden(diff: "-x\n"),
      .interrupted(reason: "stopped", log: "Fatal error: x\n"),
      .failedStep(
        FailedStep(
          kind: .expectation, file: "a.scenario", line: 3, step: 1, text: "expect depth 2",
          message: "expected depth 2; the top stack holds 1 screens"), diff: nil),
      .failedStep(
        FailedStep(
          kind: .expectation, file: "flows/a.script", line: 9, step: 4,
          text: "expect text \"x\"", message: "expected text \"x\"; the screen shows no text",
          skippedSteps: 2), diff: "-a\n+b\n"),
      .failedStep(
        FailedStep(
          kind: .error, file: "a.scenario", line: 5, step: 2, text: "tap \"Nexx\"",
          message: "nothing on the screen matches \"Nexx\""), diff: nil),
    ])
  func wire(outcome: ScenarioResult.Outcome) throws {
    for recording in [
      nil, .wrote, .refreshedHeader, .withheld(reason: "CI=true"), .failed(reason: "disk"),
    ]
      as [ScenarioResult.Recording?]
    {
      var result = ScenarioResult(path: "a.scenario", goldenPath: "a.expected", outcome: outcome)
      result.recording = recording
      result.seconds = 0.25
      result.firstError = recording == nil ? nil : "a.json:1:2: error: x"
      let line = JSONPrinter().print(result.wireValue)
      #expect(ScenarioResult(wireValue: try JSONValue(parsing: line)) == result)
    }
  }

  @Test("a scenario's coverage travels from a worker unchanged")
  func coverageWire() throws {
    let shelf = CoverageSample.ScreenKey(folder: "Examples/shop", route: "/cart")
    let other = CoverageSample.ScreenKey(folder: ".", route: "/a~b/c")
    let action = JSONPointer(["child", "a/b~c", "0"])
    var sample = CoverageSample()
    sample.screens[shelf] = ScreenInventory(items: [
      .init(category: .components, pointer: JSONPointer(), branch: nil, label: "screenComponent"),
      .init(category: .actions, pointer: action, branch: nil, label: "condition"),
      .init(category: .branches, pointer: action, branch: "onTrue", label: "condition onTrue"),
    ])
    sample.exercised[shelf] = [JSONPointer(), action]
    sample.branches[shelf] = [CoverageSample.branchKey(action, "onTrue")]
    // What was exercised on a screen whose inventory another scenario has.
    sample.exercised[other] = [JSONPointer(["child"])]
    sample.branches[other] = []
    var result = ScenarioResult(path: "a.scenario", goldenPath: "a.expected", outcome: .passed)
    result.coverage = sample
    let line = JSONPrinter().print(result.wireValue)
    #expect(ScenarioResult(wireValue: try JSONValue(parsing: line)) == result)
    #expect(
      line.contains(
        #""coverage":[{"folder":".","route":"/a~b/c","items":null,"exercised":["/child"],"branches":[]},"#
      ))
    #expect(line.contains(#""exercised":["","/child/a~1b~0c/0"]"#))
    result.coverage = nil
    #expect(
      ScenarioResult(wireValue: try JSONValue(parsing: JSONPrinter().print(result.wireValue)))
        == result)
  }

  @Test(
    "a GitHub annotation of an interrupted scenario points at the scenario, with the crash's message"
  )
  func annotation() {
    let result = ScenarioResult(
      path: "big.scenario", goldenPath: "big.expected",
      outcome: .interrupted(reason: "crashed", log: "Fatal error: out of memory\n"))
    #expect(
      GitHubAnnotation(result).command
        == "::error file=big.scenario,line=1,title=beagle-run test::big.scenario: crashed%0AFatal error: out of memory"
    )
  }

  @Test("the worker verb refuses arguments that are not its own")
  func workerVerb() {
    let outcome = beagleRun("__scenario-worker", "--bogus", "1")
    #expect(outcome.code == 64)
    #expect(
      outcome.errors == "beagle-run: error: __scenario-worker is for 'beagle-run test' only\n")
  }

  @Test(
    "coverage gathered in worker processes, with budgets, is the coverage of a run in this process")
  func coverageInWorkers() throws {
    let folder = try ScenarioFolder()
    try folder.write("shelf.json", CoverageTests.shelf)
    try folder.write("shelf.scenario", "screen: shelf.json\n---\ntap \"Toggle\"\n")
    try folder.write("twice.scenario", "screen: shelf.json\n---\ntap \"Toggle\"\ntap \"Toggle\"\n")
    try folder.write("home.json", sampleScreen)
    try folder.write("home.scenario", "screen: home.json\n")
    _ = try test(folder, ".")  // records the goldens
    let isolated = try test(
      folder, ".", "--coverage-json", "isolated.json", "--scenario-timeout", "60",
      "--scenario-memory", "1024")
    let inProcess = folder.test(".", "--coverage-json", "in-process.json")
    #expect(isolated.code == 0)
    #expect(isolated.errors == "")
    #expect(isolated.output == inProcess.output)
    #expect(
      isolated.output.contains("coverage of 2 screens touched by 3 scenarios (covered/total)\n"))
    #expect(
      isolated.output.contains("\n. /shelf         6/8      3/4       2/2        1/2         0/1\n")
    )
    let json = try #require(folder.read("isolated.json"))
    #expect(json == folder.read("in-process.json"))
    #expect(json.hasPrefix(#"{"scenarios":3,"screens":[{"folder":".","route":"/home","#))
  }

  @Test(
    "under --coverage a scenario over its time budget fails with its reason and the report is still written"
  )
  func coverageTimeout() throws {
    let folder = try folderWithPassingScenario()
    let outcome = try test(
      folder, ".", "--coverage-json", "coverage.json", "--scenario-timeout", "0.5", "--record",
      "never")
    #expect(outcome.code == 1)
    #expect(
      outcome.output == """
        FAIL  big.scenario: stopped after 0.5 s, the scenario time budget (--scenario-timeout)
        PASS  ok.scenario
        coverage of 1 screen touched by 1 scenario (covered/total)
        screen   components  actions  branches  templates  navigation
        . /home         5/5      0/2         -          -         0/1
        total           5/5      0/2         -          -         0/1
        never exercised
          . /home
            action /child/children/1/onPress/0  pushView
            action /child/children/2/onPress/0  setContext
            navigation /child/children/1/onPress/0  pushView /next
        1 passed, 1 failed

        """)
    let json = try #require(folder.read("coverage.json"))
    #expect(json.hasPrefix(#"{"scenarios":1,"screens":[{"folder":".","route":"/home","#))
  }

  @Test("a scenario timeout of 0 is refused with the range it takes")
  func zeroTimeout() {
    let outcome = beagleRun("test", "Examples/shop", "--scenario-timeout", "0")
    #expect(outcome.code == 64)
    #expect(
      outcome.errors
        == "beagle-run: error: '--scenario-timeout' takes seconds, more than 0 and at most 86400,"
        + " not '0'\nSee 'beagle-run help test'.\n")
  }
}
