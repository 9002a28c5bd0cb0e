import Foundation
import Testing

/// Every input (screen, `--script`, standard input, scenario) stops at 256 MB,
/// whether it is a regular file, a pipe or a device such as `/dev/zero`, with a
/// located error, exit 1 and bounded memory (docs/performance.md "Limits").
@Suite struct InputLimitTests {
  private static func message(_ name: String) -> String {
    "'\(name)' is larger than 256 MB, the most an input can be; it was not read further"
  }

  @Test("a screen read from a device that never ends stops at the limit")
  func screenFromDevice() throws {
    let outcome = try runProcess(["/dev/zero"], seconds: 120)
    #expect(outcome.code == 1)
    #expect(outcome.output == "")
    #expect(
      outcome.errors == "beagle-run: error: \(Self.message("/dev/zero")) [unreadable-input]\n")
  }

  @Test("standard input that never ends stops at the limit")
  func screenFromStandardInput() throws {
    let outcome = try runProcess(["-"], stdinPath: "/dev/zero", seconds: 120)
    #expect(outcome.code == 1)
    #expect(outcome.output == "")
    #expect(outcome.errors == "beagle-run: error: \(Self.message("<stdin>")) [unreadable-input]\n")
  }

  @Test("check and --script stop at the limit too")
  func checkAndScript() throws {
    let check = try runProcess(["check", "/dev/zero"], seconds: 120)
    #expect(check.code == 1)
    #expect(check.errors.contains("error: \(Self.message("/dev/zero")) [unreadable-input]\n"))
    let script = try runProcess(
      ["Examples/shop/index.json", "--script", "/dev/zero"], seconds: 120)
    #expect(script.code == 1)
    #expect(script.errors == "beagle-run: error: script: \(Self.message("/dev/zero"))\n")
  }

  @Test("a regular file larger than the limit is refused from its size, not read")
  func largeRegularFile() throws {
    let folder = try ScenarioFolder()
    let path = folder.path + "/huge.json"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: (256 << 20) + 1)  // sparse: no disk used
    try handle.close()
    let outcome = try runProcess([path], seconds: 120)
    #expect(outcome.code == 1)
    #expect(outcome.errors == "beagle-run: error: \(Self.message(path)) [unreadable-input]\n")
  }

  @Test("a screen the file BFF serves is refused from its size too")
  func screenFromBFF() throws {
    let folder = try ScenarioFolder()
    let path = folder.path + "/huge.json"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: (256 << 20) + 1)
    try handle.close()
    let outcome = beagleRun("/huge", "--bff", folder.path)
    #expect(outcome.code == 1)
    #expect(
      outcome.errors
        == "beagle-run: error: cannot read '\(path)': it is larger than 256 MB, the most an input can"
        + " be [unreadable-input]\n"
    )
  }

  @Test("a scenario file that is a link to a device stops at the limit")
  func scenarioFromDevice() throws {
    let folder = try ScenarioFolder()
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/zero.scenario", withDestinationPath: "/dev/zero")
    let outcome = try runProcess(["test", folder.path + "/zero.scenario"], seconds: 120)
    #expect(outcome.code == 1)
    let scenario = folder.path + "/zero.scenario"
    #expect(
      outcome.output
        == "FAIL  \(scenario): invalid scenario\n"
        + "\(scenario): error: \(Self.message(scenario))\n0 passed, 1 failed\n")
    #expect(outcome.errors == "")
  }

  @Test(
    "a golden larger than the limit fails unread; only --record failed|all replaces it (#19)",
    arguments: [[], ["--record", "failed"], ["--record", "all"]])
  func largeGolden(record: [String]) throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", sampleScreen)
    try folder.write("home.scenario", "screen: home.json\n")
    let path = folder.path + "/home.expected"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: (256 << 20) + 1)  // sparse: no disk used
    try handle.close()
    let outcome = folder.test(["."] + record)
    #expect(outcome.code == 1)
    let replaces = !record.isEmpty
    #expect(
      outcome.output
        == "FAIL  home.scenario: golden \(Self.message("home.expected"))"
        + (replaces ? "; recorded the new output\n" : "; '--record failed' replaces it\n")
        + (replaces ? "recorded 1 golden: review the changes (git diff), then run again\n" : "")
        + "0 passed, 1 failed\n")
    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
    #expect((size == (256 << 20) + 1) == !replaces)
  }

  @Test("a golden that is a link to a device stops at the limit, even after a failed step")
  func goldenFromDevice() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", sampleScreen)
    try folder.write("home.scenario", "screen: home.json\n---\nexpect title \"Nope\"\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/home.expected", withDestinationPath: "/dev/zero")
    let outcome = folder.test(".")
    #expect(outcome.code == 1)
    // Not read at all: the link leads out of the scenario's folder (#19).
    #expect(
      outcome.output == """
        FAIL  home.scenario: golden 'home.expected' is outside the project root (the scenario's \
        folder); it is not read (give --allow-outside-root to read it); nothing was written
        0 passed, 1 failed

        """)
  }
}
