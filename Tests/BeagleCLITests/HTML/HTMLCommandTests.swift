import BeagleCLI
import Foundation
import Testing

/// `run --format html` and `test --html` from the command line.
@Suite struct HTMLCommandTests {
  @Test("run --format html writes one document: the head once, a frame per state, the tail")
  func document() {
    let result = beagleRun(
      "run", "Examples/catalog/index.json", "--format", "html", "--global", #"{"seen": []}"#,
      "--step", "tap #add:A-1", "--step", #"tap "Clear cart""#)
    #expect(result.code == 0)
    #expect(result.errors == "")
    #expect(result.output.hasPrefix("<!DOCTYPE html>\n"))
    #expect(result.output.hasSuffix("</div>\n</body>\n</html>\n"))
    #expect(result.output.components(separatedBy: "<!DOCTYPE").count == 2)
    #expect(result.output.components(separatedBy: "<section class=\"b-frame\"").count == 4)
    #expect(result.output.contains("<title>Examples/catalog/index.json</title>"))
    #expect(result.output.contains("data-beagle-hit=\"step 1: tap #add:A-1\""))
    #expect(result.output.contains("data-beagle-dialog=\"confirm\""))
    // Same input, same bytes.
    let again = beagleRun(
      "run", "Examples/catalog/index.json", "--format", "html", "--global", #"{"seen": []}"#,
      "--step", "tap #add:A-1", "--step", #"tap "Clear cart""#)
    #expect(again.output == result.output)
  }

  @Test("a failed step still ends the document; the run exits 1")
  func failedStep() {
    let result = beagleRun(
      "run", "Examples/catalog/index.json", "--format", "html", "--step", "tap #nothing")
    #expect(result.code == 1)
    #expect(result.output.hasSuffix("</body>\n</html>\n"))
    #expect(result.output.components(separatedBy: "<section class=\"b-frame\"").count == 3)
  }

  @Test(
    "html options that cannot apply are usage errors",
    arguments: [
      (
        ["run", "a.json", "--format", "html", "--explain"],
        "'--explain' cannot be combined with '--format html'"
      ),
      (
        ["run", "a.json", "--format", "html", "--compare-profiles"],
        "'--format html' cannot be combined with '--compare-profiles'"
      ),
      (["run", "a.json", "--images", "remote"], "'--images' applies to '--format html' only"),
      (
        ["run", "a.json", "--format", "html", "--images", "all"],
        "unknown image mode 'all'; expected 'placeholder' or 'remote'"
      ),
      (
        ["check", "a.json", "--format", "html"],
        "unknown format 'html'; expected 'text' or 'json'"
      ),
      (["run", "a.json", "--html", "r.html"], "'--html' is an option of 'beagle-run test'"),
    ])
  func usage(arguments: [String], message: String) {
    let tool = CommandLineTool(environment: .init(variables: [:], standardInput: { [] }))
    var errors = ""
    let code = tool.run(["beagle-run"] + arguments, output: { _ in }, errors: { errors += $0 })
    #expect(code == 64)
    #expect(errors.hasPrefix("beagle-run: error: \(message)\n"), "\(errors)")
  }

  static let screen = """
    {"_beagleComponent_": "beagle:container", "children": [
      {"_beagleComponent_": "beagle:text", "text": "Hi <there>"},
      {"_beagleComponent_": "beagle:button", "id": "go", "text": "Go"}]}
    """

  @Test("test --html: every scenario's verdict and storyboard, a failure's diff beside its frames")
  func report() throws {
    let folder = try ScenarioFolder()
    try folder.write("a.json", Self.screen)
    try folder.write("good.scenario", "screen: a.json\n---\ntap #go\n")
    try folder.write("bad.scenario", "screen: a.json\n---\nexpect text \"Hi <there>\"\n")
    try folder.write("later.scenario", "screen: a.json\nskip: not yet <ready>\n")
    #expect(folder.test(".", "--record", "missing").code == 1)
    // The bad scenario's golden goes stale: its output now differs.
    let golden = try #require(folder.read("bad.expected"))
    try folder.write("bad.expected", golden.replacingOccurrences(of: "Hi", with: "Hello"))
    let result = folder.test(".", "--html", "report.html")
    #expect(result.code == 1)
    let html = try #require(folder.read("report.html"))
    #expect(html.hasPrefix("<!DOCTYPE html>\n"))
    #expect(html.contains("<title>beagle-run test: 1 passed, 1 failed, 1 skipped</title>"))
    #expect(
      html.contains(
        "<section class=\"r-scenario r-pass\" id=\"scenario-1\" data-beagle-scenario=\"good.scenario\" data-beagle-verdict=\"PASS\">"
      ))
    #expect(html.contains("data-beagle-hit=\"step 1: tap #go\""))
    #expect(html.contains("data-beagle-verdict=\"FAIL\""))
    #expect(html.contains("<pre class=\"r-diff\">"))
    #expect(diffLine(in: html, endingWith: "text &quot;Hello &lt;there&gt;&quot;") == "r-removed")
    #expect(diffLine(in: html, endingWith: "text &quot;Hi &lt;there&gt;&quot;") == "r-added")
    #expect(html.contains("<p class=\"r-note\">skipped: not yet &lt;ready&gt;</p>"))
    #expect(!html.contains("<ready>") && !html.contains("<there>"))
    // Frames of the failing scenario follow its diff.
    let failing = try #require(html.range(of: "data-beagle-verdict=\"FAIL\""))
    #expect(html[failing.upperBound...].contains("<section class=\"b-frame\""))
  }

  @Test("test --html refuses a symbolic link and a FIFO, and writes nothing through them")
  func refusesLinks() throws {
    let folder = try ScenarioFolder()
    try folder.write("a.json", Self.screen)
    try folder.write("a.scenario", "screen: a.json\n")
    _ = folder.test(".", "--record", "missing")
    let target = folder.path + "/target.html"
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/link.html", withDestinationPath: target)
    let linked = folder.test(".", "--html", "link.html")
    #expect(linked.code == 1)
    #expect(
      linked.errors
        == "beagle-run: error: cannot write the HTML report to 'link.html': 'link.html' is a symbolic link; not writing through it\n"
    )
    #expect(!FileManager.default.fileExists(atPath: target))
    #expect(mkfifo(folder.path + "/fifo.html", 0o600) == 0)
    let fifo = folder.test(".", "--html", "fifo.html")
    #expect(fifo.code == 1)
    #expect(
      fifo.errors
        == "beagle-run: error: cannot write the HTML report to 'fifo.html': 'fifo.html' is not a regular file (a FIFO, socket or device)\n"
    )
  }

  /// The class of the diff line (a `<span>`) whose text ends with `text`.
  func diffLine(in html: String, endingWith text: String) -> String? {
    guard let end = html.range(of: text + "</span>\n"),
      let start = html.range(
        of: "<span", options: .backwards, range: html.startIndex..<end.lowerBound)
    else { return nil }
    let tag = html[start.lowerBound..<end.lowerBound]
    guard let open = tag.range(of: "class=\""),
      let close = tag[open.upperBound...].firstIndex(of: "\"")
    else { return "" }
    return String(tag[open.upperBound..<close])
  }
}
