import BeagleCLI
import Foundation
import Testing

@testable import BeagleCLI

/// Issue #19: `test --shard K/N`, `--color`, and NO_COLOR as no-color.org defines it.
@Suite struct ShardAndColorTests {
  /// The scenario paths a `test` report lists, in order.
  private func reported(_ outcome: Outcome) -> [String] {
    outcome.output.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("PASS  ") || line.hasPrefix("FAIL  ") else { return nil }
      let path = line.dropFirst(6)
      return String(path.prefix { $0 != ":" })
    }
  }

  private func suite(_ names: [String]) throws -> ScenarioFolder {
    let folder = try ScenarioFolder()
    try folder.write("home.json", sampleScreen)
    for name in names {
      try folder.write(name, "screen: \(name.hasPrefix("a/") ? "../" : "")home.json\n")
    }
    return folder
  }

  @Test("the shards of a suite run every scenario exactly once")
  func partition() throws {
    let names = (1...12).map { "s\($0).scenario" }
    let folder = try suite(names)
    var seen: [String] = []
    for index in 1...3 {
      let outcome = folder.test(".", "--shard", "\(index)/3", "--record", "never")
      let paths = reported(outcome)
      #expect(
        outcome.errors == "beagle-run: note: shard \(index)/3: \(paths.count) of 12 scenarios\n")
      #expect(paths == paths.sorted())
      seen += paths
    }
    #expect(seen.sorted() == names.sorted())
  }

  @Test("adding scenarios elsewhere never moves a scenario to another shard")
  func stability() throws {
    let names = (1...12).map { "s\($0).scenario" }
    let folder = try suite(names)
    let before = reported(folder.test(".", "--shard", "2/3", "--record", "never"))
    for index in 1...20 { try folder.write("a/new\(index).scenario", "screen: ../home.json\n") }
    let after = reported(
      folder.test(".", "--shard", "2/3", "--record", "never", "--allow-outside-root"))
    #expect(after.filter { !$0.hasPrefix("a/") } == before)
  }

  @Test(
    "a bad --shard is a usage error",
    arguments: ["0/2", "3/2", "1/0", "a/b", "1", "1/2/3", "-1/2", "+1/2", "", "1/10001"])
  func badShard(value: String) {
    let outcome = beagleRun("test", "Examples", "--shard", value)
    #expect(outcome.code == 64)
    #expect(
      outcome.errors
        == "beagle-run: error: '--shard' takes K/N, the part K of N with 1 ≤ K ≤ N ≤ 10000, as in"
        + " --shard 2/4, not '\(value)'\nSee 'beagle-run help test'.\n")
  }

  /// `check` of an invalid screen with stderr a terminal or not.
  private func check(
    _ arguments: [String] = [], variables: [String: String], isTerminal: Bool
  ) throws -> Outcome {
    let screen = try temporaryFile(Array(#"{"_beagleComponent_": "beagle:txt"}"#.utf8))
    let tool = CommandLineTool(
      environment: .init(variables: variables, isErrorTerminal: isTerminal))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run", "check", screen] + arguments, output: { output += $0 },
      errors: { errors += $0 })
    return Outcome(code: code, output: output, errors: errors)
  }

  @Test(
    "colour follows --color, a terminal and NO_COLOR (only when present and not empty)",
    arguments: [
      ([], [:], true, true),
      ([], ["NO_COLOR": ""], true, true),
      ([], ["NO_COLOR": "1"], true, false),
      ([], [:], false, false),
      (["--color", "always"], ["NO_COLOR": "1"], false, true),
      (["--color", "never"], [:], true, false),
      (["--color", "auto"], ["NO_COLOR": "0"], true, false),
    ] as [([String], [String: String], Bool, Bool)])
  func color(
    arguments: [String], variables: [String: String], isTerminal: Bool, colored: Bool
  )
    throws
  {
    let outcome = try check(arguments, variables: variables, isTerminal: isTerminal)
    #expect(outcome.errors.contains("\u{1B}[") == colored)
    #expect(outcome.errors.contains("unknown component 'beagle:txt'"))
  }

  @Test("a mistyped --color value is a usage error with a suggestion")
  func badColor() {
    let outcome = beagleRun("check", "x.json", "--color", "allways")
    #expect(outcome.code == 64)
    #expect(
      outcome.errors.hasPrefix(
        "beagle-run: error: unknown colour choice 'allways'; expected 'auto', 'always' or"
          + " 'never'; did you mean 'always'?\n"))
  }

  @Test("the test diff is coloured when asked, and a golden's escape sequences stay escaped")
  func coloredDiff() throws {
    let folder = try suite(["home.scenario"])
    _ = folder.test(".")
    let golden = try #require(folder.read("home.expected"))
    try folder.write(
      "home.expected",
      golden.replacingOccurrences(of: "Hello Ana", with: "Hello \u{1B}]0;pwned\u{07}Bia"))
    let tool = CommandLineTool(
      environment: .init(workingDirectory: folder.path, processorCount: 1))
    var output = ""
    let code = tool.run(
      ["beagle-run", "test", ".", "--color", "always", "--record", "never"],
      output: { output += $0 }, errors: { _ in })
    #expect(code == 1)
    let lines = output.split(separator: "\n")
    // The golden's ESC and BEL are shown escaped, inside the colour of a removed line.
    #expect(
      lines.contains {
        $0.hasPrefix("\u{1B}[31m-")
          && $0.hasSuffix("text \"Hello \\u{1B}]0;pwned\\u{7}Bia\"\u{1B}[0m")
      })
    #expect(
      lines.contains { $0.hasPrefix("\u{1B}[32m+") && $0.hasSuffix("text \"Hello Ana\"\u{1B}[0m") })
    #expect(output.contains("\u{1B}[36m@@ "))
    #expect(!output.contains("\u{1B}]"))
    let plain = folder.test(".", "--record", "never")
    #expect(!plain.output.contains("\u{1B}[3"))
  }
}
