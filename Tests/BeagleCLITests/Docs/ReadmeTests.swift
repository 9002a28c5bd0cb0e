import Foundation
import Testing

/// README.md's first screen is Examples/hello, and what it shows beagle-run printing is
/// what beagle-run prints for it.
@Suite struct ReadmeTests {
  static func readme() throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
  }

  @Test("the README starts with the two set-up commands")
  func setUp() throws {
    let readme = try Self.readme()
    #expect(
      readme.hasPrefix("# beagle-run\n\n```sh\nswift run beagle-run Examples/shop/index.json"))
    let block = try #require(readme.split(separator: "```").dropFirst().first)
    #expect(block.contains("\nswift test "))
  }

  @Test(
    "the README's screens and scenario are Examples/hello's files",
    arguments: [
      "index.json", "details.json", "hello.scenario",
    ])
  func files(name: String) throws {
    let file = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Examples/hello/\(name)"), encoding: .utf8)
    #expect(try Self.readme().contains("\n" + file + "```\n"), "README.md lacks \(name) as it is")
  }

  @Test("the README's outputs are what beagle-run prints")
  func outputs() throws {
    let readme = try Self.readme()
    let run = beagleRun("Examples/hello/index.json")
    #expect(run.code == 0)
    #expect(readme.contains("```\n" + run.output + "```\n"), "README.md: the first run's output")
    let steps = beagleRun(
      "Examples/hello/index.json", "--step", #"tap "Tap me""#, "--step", #"tap "Details""#)
    #expect(steps.code == 0)
    let fromStep1 = try #require(steps.output.range(of: "step 1 ·"))
    #expect(
      readme.contains("```\n" + steps.output[fromStep1.lowerBound...] + "```\n"),
      "README.md: the --step run's output from step 1")
  }
}
