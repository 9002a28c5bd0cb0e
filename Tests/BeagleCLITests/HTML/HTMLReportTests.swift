import BeagleJSON
import Foundation
import Testing

@testable import BeagleCLI

/// `test --html`: the report draws each scenario from the result its test gave (the
/// same run whose output was compared with the golden, in the worker that ran it),
/// never by running the scenario again.
@Suite struct HTMLReportTests {
  static let screen = """
    {"_beagleComponent_": "beagle:container", "context": {"id": "n", "value": 0}, "children": [
      {"_beagleComponent_": "beagle:text", "id": "count", "text": "count @{n}"},
      {"_beagleComponent_": "beagle:button", "id": "inc", "text": "Add",
       "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "n", "value": "@{sum(n, 1)}"}]}]}
    """

  @Test("a scenario's drawing travels from a worker unchanged")
  func wire() throws {
    for drawing in [.frames("<section class=\"b-frame\">\u{1}é</section>"), .text("x\n"), nil]
      as [ScenarioDrawing?]
    {
      var result = ScenarioResult(path: "a.scenario", goldenPath: "a.expected", outcome: .passed)
      result.drawing = drawing
      let line = JSONPrinter().print(result.wireValue)
      #expect(ScenarioResult(wireValue: try JSONValue(parsing: line)) == result)
    }
    // A drawing that is neither frames nor text is not a result.
    let bad: JSONValue = [
      "path": "a.scenario", "goldenPath": "a.expected", "outcome": ["kind": "passed"],
      "drawing": ["video": "x"],
    ]
    #expect(ScenarioResult(wireValue: bad) == nil)
  }

  @Test("the report shows the drawing its result carries: the scenario is not read or run again")
  func fromResults() {
    // Neither scenario exists on disk: a report that ran them again could not draw them.
    var run = ScenarioResult(
      path: "gone/run.scenario", goldenPath: "gone/run.expected", outcome: .passed)
    run.drawing = .frames("<section class=\"b-frame\" data-beagle-step=\"0\">drawn</section>")
    var check = ScenarioResult(
      path: "gone/check.scenario", goldenPath: "gone/check.expected", outcome: .passed)
    check.drawing = .text("a.json: no problems <found>\n--- exit 0\n")
    let html = HTMLReport(results: [run, check]).document()
    #expect(
      html.contains(
        "<div class=\"b-storyboard\">\n<section class=\"b-frame\" data-beagle-step=\"0\">drawn</section></div>\n"
      ))
    #expect(
      html.contains(
        "<pre class=\"r-output\">a.json: no problems &lt;found&gt;\n--- exit 0\n</pre>"))
    #expect(!html.contains("not drawn"))
    // A result without a drawing says so.
    let bare = ScenarioResult(path: "b.scenario", goldenPath: "b.expected", outcome: .passed)
    #expect(
      HTMLReport(results: [bare]).document().contains(
        "<p class=\"r-note\">not drawn: the test sent no drawing</p>"))
  }

  @Test("the runner draws the states of the run it compared, whatever the header's format")
  func runnerDraws() throws {
    let folder = try ScenarioFolder()
    try folder.write("a.json", Self.screen)
    try folder.write("a.scenario", "screen: a.json\nformat: json\n---\ntap #inc\n")
    var runner = ScenarioRunner(
      environment: .init(workingDirectory: folder.path), drawsStoryboard: true)
    let (scenario, bytes) = try runner.scenario(at: "a.scenario")
    let output = try runner.run(scenario, bytes: bytes)
    // The golden body is the JSON states; the drawing has a frame for each of them.
    #expect(output.body.hasPrefix("{"))
    guard case .frames(let html) = output.drawing else {
      Issue.record("no frames: \(String(describing: output.drawing))")
      return
    }
    #expect(html.components(separatedBy: "<section class=\"b-frame\"").count == 3)
    #expect(html.contains(">count 0</div>"))
    #expect(html.contains(">count 1</div>"))
    #expect(html.contains("data-beagle-hit=\"step 1: tap #inc\""))
    // Without --html nothing is drawn.
    runner.drawsStoryboard = false
    #expect(try runner.run(scenario, bytes: bytes).drawing == nil)
  }

  @Test("test --html with worker processes: each scenario's frames come with its result")
  func workers() throws {
    let executable = try #require(builtExecutable())
    let folder = try ScenarioFolder()
    try folder.write("a.json", Self.screen)
    try folder.write("run.scenario", "screen: a.json\n---\ntap #inc\ntap #inc\n")
    try folder.write("check.scenario", "command: check\nscreen: a.json\n")
    func test(_ arguments: String...) -> Int32 {
      let tool = CommandLineTool(
        environment: .init(
          workingDirectory: folder.path, processorCount: 2, executablePath: executable.path))
      return tool.run(["beagle-run", "test"] + arguments, output: { _ in }, errors: { _ in })
    }
    #expect(test(".", "--record", "missing") == 1)
    #expect(test(".", "--html", "one.html") == 0)
    #expect(test(".", "--html", "two.html") == 0)
    let html = try #require(folder.read("one.html"))
    #expect(html.contains(">count 2</div>"))
    #expect(html.components(separatedBy: "<section class=\"b-frame\"").count == 4)
    #expect(html.contains("<pre class=\"r-output\">"))
    #expect(!html.contains("not drawn"))
    // The same run, the same bytes.
    #expect(folder.read("two.html") == html)
  }

  @Test(
    "the report in a browser: each verdict, a failure's diff beside its frames, the screens drawn",
    .enabled(if: Chromium.path != nil, Chromium.skipReason))
  func inBrowser() throws {
    let folder = try ScenarioFolder()
    try folder.write("a.json", Self.screen)
    try folder.write("good.scenario", "screen: a.json\n---\ntap #inc\n")
    try folder.write("bad.scenario", "screen: a.json\n---\ntap #inc\ntap #inc\n")
    try folder.write("later.scenario", "screen: a.json\nskip: not yet\n")
    #expect(folder.test(".", "--record", "missing").code == 1)
    let golden = try #require(folder.read("bad.expected"))
    try folder.write("bad.expected", golden.replacingOccurrences(of: "count 2", with: "count 3"))
    #expect(folder.test(".", "--html", "report.html").code == 1)
    let html = try #require(folder.read("report.html"))
    let sections = try Chromium.probe(
      html,
      script: """
        const out = [];
        for (const section of document.querySelectorAll('[data-beagle-verdict]')) {
          const diff = section.querySelector('.r-diff');
          const storyboard = section.querySelector('.b-storyboard');
          const note = section.querySelector('.r-note');
          out.push({
            path: section.dataset.beagleScenario, verdict: section.dataset.beagleVerdict,
            diffBesideFrames: diff && storyboard
              ? diff.checkVisibility() && diff.getBoundingClientRect().right <= storyboard.getBoundingClientRect().left
              : null,
            frames: [...section.querySelectorAll('.b-frame')].map(frame =>
              [...frame.querySelectorAll('[data-beagle-id]')].filter(e => e.checkVisibility())
                .map(e => e.dataset.beagleId + ': ' + e.innerText)),
            note: note && note.checkVisibility() ? note.innerText : null});
        }
        report(out);
        """)
    let expected: JSONValue = [
      [
        "path": "bad.scenario", "verdict": "FAIL", "diffBesideFrames": true,
        "frames": [
          ["count: count 0", "inc: Add"], ["count: count 1", "inc: Add"],
          ["count: count 2", "inc: Add"],
        ],
        "note": .null,
      ],
      [
        "path": "good.scenario", "verdict": "PASS", "diffBesideFrames": .null,
        "frames": [["count: count 0", "inc: Add"], ["count: count 1", "inc: Add"]], "note": .null,
      ],
      [
        "path": "later.scenario", "verdict": "SKIP", "diffBesideFrames": .null, "frames": [],
        "note": "skipped: not yet",
      ],
    ]
    #expect(sections == expected)
  }
}
