import BeagleJSON
import Foundation
import Testing

@testable import BeagleCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue #19: a golden is never leaked, never lost, never falsely green.
@Suite struct GoldenSafetyTests {
  /// A folder with `home.json` and `home.scenario` (one expectation that holds).
  private func folder() throws -> ScenarioFolder {
    let folder = try ScenarioFolder()
    try folder.write("home.json", sampleScreen)
    try folder.write("next.json", nextScreen)
    try folder.write("home.scenario", "screen: home.json\n---\nexpect text \"Hello Ana\"\n")
    return folder
  }

  /// A file no test writes, with a line that would show if it leaked.
  private func secretFile() throws -> String {
    try temporaryFile(Array("SECRET_TOKEN=hunter2\n".utf8), name: "secret.txt")
  }

  @Test(
    "a golden linking outside the scenario's folder is refused by name; its content is in no report, also with CI=true",
    arguments: [[:], ["CI": "true"]])
  func symlinkedGolden(variables: [String: String]) throws {
    let folder = try folder()
    let secret = try secretFile()
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/home.expected", withDestinationPath: secret)
    let outcome = folder.test(
      [".", "--junit", "report.xml", "--coverage-json", "coverage.json", "--record", "all"],
      variables: variables)
    #expect(outcome.code == 1)
    let report = try #require(folder.read("report.xml"))
    let coverage = try #require(folder.read("coverage.json"))
    for text in [outcome.output, outcome.errors, report, coverage] {
      #expect(!text.contains("hunter2"))
    }
    #expect(
      outcome.output.hasPrefix(
        "FAIL  home.scenario: golden 'home.expected' is outside the project root (the scenario's"
          + " folder); it is not read (give --allow-outside-root to read it); nothing was written\n"
      ))
    // Nothing written through the link, nor in its place.
    #expect(try String(contentsOfFile: secret, encoding: .utf8) == "SECRET_TOKEN=hunter2\n")
    let kind =
      try FileManager.default.attributesOfItem(atPath: folder.path + "/home.expected")[
        .type] as? FileAttributeType
    #expect(kind == .typeSymbolicLink)
  }

  @Test("a golden linking to a file inside the scenario's folder is read as that file")
  func linkInsideFolder() throws {
    let folder = try folder()
    #expect(folder.test(".").code == 1)  // records home.expected
    try FileManager.default.moveItem(
      atPath: folder.path + "/home.expected", toPath: folder.path + "/kept.txt")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/home.expected", withDestinationPath: "kept.txt")
    let outcome = folder.test(".")
    #expect(outcome.output == "PASS  home.scenario\n1 passed, 0 failed\n")
  }

  @Test(
    "a golden that exists but cannot be read fails the scenario and is never written over",
    arguments: ["folder", "fifo"])
  func unreadableGolden(kind: String) throws {
    // Tests run as root, for whom permission bits deny nothing: a folder and a FIFO
    // in the golden's place fail to read for root too.
    let folder = try folder()
    let golden = folder.path + "/home.expected"
    if kind == "folder" {
      try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: false)
    } else {
      #expect(mkfifo(golden, 0o644) == 0)
    }
    for mode in ["missing", "failed", "all"] {
      let outcome = folder.test(".", "--record", mode)
      #expect(outcome.code == 1)
      let what = kind == "folder" ? "a folder" : "a FIFO"
      #expect(
        outcome.output
          == "FAIL  home.scenario: golden 'home.expected' is \(what), not a regular file; it is"
          + " not read; nothing was written\n0 passed, 1 failed\n")
    }
    var status = stat()
    #expect(lstat(golden, &status) == 0)
    #expect(status.st_mode & S_IFMT == (kind == "folder" ? S_IFDIR : S_IFIFO))
  }

  @Test("a golden in a folder that cannot be searched is not 'missing': nothing is recorded")
  func goldenBehindAFile() throws {
    // `sub` is a file, so `sub/home.expected` fails with ENOTDIR, not ENOENT.
    let root = try ScenarioFolder()
    try root.write("sub", "not a folder\n")
    let result = GoldenRead.read(
      "sub/home.expected", at: root.path + "/sub/home.expected",
      root: ProjectRoot(folder: ".", role: .scenario),
      environment: .init(workingDirectory: root.path), allowsOutsideRoot: false)
    #expect(result == .refused(reason: "cannot read 'sub/home.expected': not a directory"))
  }

  @Test("an oversize golden is refused unread, and '--record failed' replaces it")
  func oversizeGoldenReplaced() throws {
    let folder = try folder()
    let golden = folder.path + "/home.expected"
    #expect(FileManager.default.createFile(atPath: golden, contents: nil))
    // Sparse: past the limit by its size, without writing 256 MB.
    #expect(truncate(golden, off_t(InputLimit.bytes + 1)) == 0)
    let refused = folder.test(".")
    #expect(refused.code == 1)
    #expect(
      refused.output
        == "FAIL  home.scenario: golden 'home.expected' is larger than 256 MB, the most an input"
        + " can be; it was not read further; '--record failed' replaces it\n0 passed, 1 failed\n")
    let replaced = folder.test(".", "--record", "failed")
    #expect(replaced.code == 1)
    #expect(replaced.output.hasPrefix("FAIL  home.scenario: golden 'home.expected' is larger"))
    #expect(replaced.output.contains("; recorded the new output\n"))
    #expect(folder.test(".").output == "PASS  home.scenario\n1 passed, 0 failed\n")
  }

  @Test("an output the next run would refuse as too large is never recorded")
  func oversizeOutputNotRecorded() throws {
    let folder = try folder()
    let environment = CommandLineTool.Environment(workingDirectory: folder.path)
    let tester = GoldenTest(
      runner: ScenarioRunner(environment: environment), recordMode: .all,
      withheldReason: "", limit: 200)
    let result = tester.test("home.scenario")
    #expect(result.outcome == .missingGolden)
    #expect(
      result.recording
        == .failed(
          reason:
            "the output is larger than 200 bytes, the most a golden can be; it was not written"
        ))
    #expect(!folder.exists("home.expected"))
    #expect(result.isFailure)
  }

  @Test(
    "scripts and scenarios with CRLF or CR line ends, or a byte order mark, run every step",
    arguments: ["\r\n", "\r", "\n"], [false, true])
  func lineEnds(newline: String, hasByteOrderMark: Bool) throws {
    let folder = try folder()
    let bom = hasByteOrderMark ? "\u{FEFF}" : ""
    let steps = ["# the steps", "tap \"Next\"", "expect title \"Nope\""]
    try folder.write("steps.txt", bom + steps.joined(separator: newline) + newline)
    try folder.write(
      "script.scenario",
      bom + ["screen: home.json", "script: steps.txt", ""].joined(separator: newline))
    try folder.write(
      "inline.scenario",
      bom + (["# inline", "screen: home.json", "---"] + steps).joined(separator: newline)
        + newline)
    let outcome = folder.test("script.scenario", "inline.scenario")
    #expect(outcome.code == 1)
    // The expectation on line 3 ran and failed, in the script and in the scenario.
    for name in ["inline", "script"] {
      #expect(
        outcome.output.contains(
          "FAIL  \(name).scenario: expectation failed at step 2 'expect title \"Nope\"'"))
    }
    #expect(outcome.output.contains("\nsteps.txt:3: error: expectation failed"))
    #expect(outcome.output.contains("\ninline.scenario:6: error: expectation failed"))
    #expect(!folder.exists("script.expected"))
    #expect(!folder.exists("inline.expected"))
  }

  @Test("'--script' with CRLF line ends runs each line")
  func runScriptCRLF() throws {
    let script = try temporaryFile(
      Array("# steps\r\ntap \"Next\"\r\nexpect title \"Nope\"\r\n".utf8), name: "steps.txt")
    let screen = URL(fileURLWithPath: script).deletingLastPathComponent().path + "/home.json"
    try Data(sampleScreen.utf8).write(to: URL(fileURLWithPath: screen))
    try Data(nextScreen.utf8).write(
      to: URL(fileURLWithPath: screen).deletingLastPathComponent().appendingPathComponent(
        "next.json"))
    let outcome = beagleRun(screen, "--script", script)
    #expect(outcome.code == 1)
    #expect(outcome.output.contains("step 1 · tap \"Next\"\n"))
    #expect(outcome.errors.contains("steps.txt:3: error: expectation failed"))
  }

  @Test("a golden checked out with CRLF line ends (git autocrlf) still passes")
  func goldenCRLF() throws {
    let folder = try folder()
    _ = folder.test(".")
    let golden = try #require(folder.read("home.expected"))
    try folder.write("home.expected", golden.replacingOccurrences(of: "\n", with: "\r\n"))
    #expect(folder.test(".").output == "PASS  home.scenario\n1 passed, 0 failed\n")
  }

  @Test("golden writes leave no temporary file, and name it after the writing process")
  func atomicWrite() throws {
    let folder = try folder()
    let location = folder.path + "/home.expected"
    #expect(GoldenWriter.write("text\n", path: "home.expected", location: location) == nil)
    #expect(folder.read("home.expected") == "text\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.sorted() == ["home.expected", "home.json", "home.scenario", "next.json"])
    #expect(
      GoldenWriter.temporaryLocation(for: "/a/b/cart.expected", process: 42)
        == "/a/b/.cart.expected.beagle-run-42.tmp")
  }
}
