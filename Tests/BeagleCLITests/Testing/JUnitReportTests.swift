import Testing

@testable import BeagleCLI

@Suite struct JUnitReportTests {
  @Test("one testsuite, a testcase per scenario: failure, error, skipped, with counts and times")
  func shape() {
    let results = [
      ScenarioResult(
        path: "Examples/shop/cart.scenario", goldenPath: "Examples/shop/cart.expected",
        outcome: .mismatch(
          diff: "--- a\n+++ b\n@@ -1 +1 @@\n-<b> & \"q\"\n+ok\n", line: 1, inputsChanged: true),
        seconds: 0.0124),
      ScenarioResult(
        path: "Examples/shop/index.scenario", goldenPath: "Examples/shop/index.expected",
        outcome: .passed, seconds: 0.5),
      ScenarioResult(
        path: "later.scenario", goldenPath: "later.expected",
        outcome: .skipped(reason: "needs <sendRequest> & 'respond'")),
      ScenarioResult(
        path: "x/bad.scenario", goldenPath: "x/bad.expected",
        outcome: .invalidScenario(.missingValue(key: "screen", line: 2), file: "x/bad.scenario"),
        seconds: 0.001),
    ]
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="beagle-run test" tests="4" failures="1" errors="1" skipped="1" time="0.513">
        <testsuite name="beagle-run test" tests="4" failures="1" errors="1" skipped="1" time="0.513">
          <testcase classname="Examples/shop" name="cart" file="Examples/shop/cart.scenario" time="0.012">
            <failure message="output differs from Examples/shop/cart.expected (its inputs changed since it was recorded)">--- a
      +++ b
      @@ -1 +1 @@
      -&lt;b&gt; &amp; "q"
      +ok
      </failure>
          </testcase>
          <testcase classname="Examples/shop" name="index" file="Examples/shop/index.scenario" time="0.500"/>
          <testcase classname="." name="later" file="later.scenario" time="0.000">
            <skipped message="needs &lt;sendRequest&gt; &amp; &apos;respond&apos;"/>
          </testcase>
          <testcase classname="x" name="bad" file="x/bad.scenario" time="0.001">
            <error message="invalid scenario">x/bad.scenario:2: error: 'screen' needs a value
      </error>
          </testcase>
        </testsuite>
      </testsuites>

      """
    #expect(JUnitReport(results: results).xml == expected)
  }

  @Test(
    "XML escaping: markup characters, quotes in attributes, characters XML 1.0 cannot hold",
    arguments: [
      ("a < b && c > d", true, "a &lt; b &amp;&amp; c &gt; d"),
      (#"say "hi" it's"#, true, "say &quot;hi&quot; it&apos;s"),
      (#"say "hi" it's"#, false, #"say "hi" it's"#),
      ("two\nlines\ttab", true, "two&#10;lines&#9;tab"),
      ("two\nlines\ttab", false, "two\nlines\ttab"),
      ("bell\u{07} esc\u{1B}[0m nul\u{0}", false, "bell\u{FFFD} esc\u{FFFD}[0m nul\u{FFFD}"),
      ("cr\r", false, "cr&#13;"),
      ("é 中 🚀 \u{FFFE}", false, "é 中 🚀 \u{FFFD}"),
    ] as [(String, Bool, String)])
  func escaping(text: String, isAttribute: Bool, expected: String) {
    #expect(JUnitReport.escape(text, isAttribute: isAttribute) == expected)
  }

  @Test("--junit writes the report beside the run; the report names every scenario")
  func written() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", sampleScreen)
    try folder.write("next.json", nextScreen)
    try folder.write("home.scenario", "screen: home.json\n")
    let outcome = folder.test(".", "--junit", "reports/junit.xml")
    #expect(outcome.code == 1)
    #expect(
      outcome.errors
        == "beagle-run: error: cannot write the JUnit report to 'reports/junit.xml': the folder"
        + " 'reports' does not exist\n")
    let absolute = folder.test(".", "--junit", "/nonexistent-beagle/x.xml")
    #expect(
      absolute.errors
        == "beagle-run: error: cannot write the JUnit report to '/nonexistent-beagle/x.xml': the"
        + " folder '/nonexistent-beagle' does not exist\n")
    try folder.write("home/.keep", "")
    let onFolder = folder.test(".", "--junit", "home")
    #expect(onFolder.code == 1)
    #expect(
      onFolder.errors
        == "beagle-run: error: cannot write the JUnit report to 'home': 'home' is a folder\n")
    try folder.write("reports/.keep", "")
    _ = folder.test(".", "--junit", "reports/junit.xml")
    let xml = try #require(folder.read("reports/junit.xml"))
    #expect(xml.contains(#"<testcase classname="." name="home" file="home.scenario" time=""#))
    #expect(xml.contains(#"tests="1" failures="0" errors="0" skipped="0""#))
  }
}

@Suite struct GitHubAnnotationTests {
  @Test("data escapes %, CR and LF; properties also ':' and ','")
  func escaping() {
    let annotation = GitHubAnnotation(
      file: "a,b:c.expected", line: 7, title: "beagle-run test", message: "100% wrong\r\nnext\n")
    #expect(
      annotation.command
        == "::error file=a%2Cb%3Ac.expected,line=7,title=beagle-run test::100%25 wrong%0D%0Anext")
  }

  @Test("a broken scenario points at its own line; a missing golden at the scenario")
  func places() {
    let broken = ScenarioResult(
      path: "a.scenario", goldenPath: "a.expected",
      outcome: .invalidScenario(.duplicateKey("screen", firstLine: 1, line: 3), file: "a.scenario"))
    #expect(
      GitHubAnnotation(broken).command
        == "::error file=a.scenario,line=3,title=beagle-run test::a.scenario: invalid scenario%0Aa.scenario:3: error: 'screen' is given twice (first on line 1)"
    )
    let missing = ScenarioResult(
      path: "a.scenario", goldenPath: "a.expected", outcome: .missingGolden,
      recording: .withheld(reason: "CI=true"))
    #expect(
      GitHubAnnotation(missing).command
        == "::error file=a.scenario,line=1,title=beagle-run test::a.scenario: no golden a.expected (not recorded: CI=true)"
    )
  }

  @Test("a long diff is cut in the annotation")
  func long() {
    let diff = (1...100).map { "+line \($0)" }.joined(separator: "\n") + "\n"
    let result = ScenarioResult(
      path: "a.scenario", goldenPath: "a.expected",
      outcome: .mismatch(diff: diff, line: 4, inputsChanged: false))
    let message = GitHubAnnotation(result).message
    #expect(message.split(separator: "\n").count == 1 + GitHubAnnotation.shownDetailLines + 1)
    #expect(message.hasSuffix("\n+line 40\n… 60 more lines in the log"))
  }
}
