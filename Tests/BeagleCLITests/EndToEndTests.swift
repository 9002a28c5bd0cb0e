import Foundation
import Testing

/// Runs the built `beagle-run` executable on hostile inputs: none may crash or hang.
@Suite(.serialized) struct EndToEndTests {
  @Test("the executable runs an example and exits 0")
  func example() throws {
    let outcome = try runProcess(["Examples/shop/index.json"])
    #expect(outcome.code == 0)
    #expect(outcome.output.hasPrefix("step 0 · load /"))
  }

  @Test("a screen piped through stdin, with its folder as BFF, prints the same as the file")
  func pipe() throws {
    let data = try Data(
      contentsOf: repositoryRoot.appendingPathComponent("Examples/shop/index.json"))
    #expect(
      try runProcess(["-", "--bff", "Examples/shop"], stdin: data).output
        == runProcess(["Examples/shop/index.json"]).output)
  }

  @Test("output that cannot be written ends the run with exit 1, not a signal")
  func unwritableOutput() throws {
    guard let executable = builtExecutable() else {
      Issue.record("no built beagle-run")
      return
    }
    for (arguments, isErrorStream) in [
      (["Examples/shop/index.json"], false),
      (["test", "Examples/shop/checkout.scenario"], false),
      (["check", "Examples/broken/index.json"], true),
    ] {
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.currentDirectoryURL = repositoryRoot
      // A pipe nobody reads (`| head -1` once head has gone): every write fails.
      let pipe = Pipe()
      try pipe.fileHandleForReading.close()
      if isErrorStream {
        process.standardOutput = FileHandle.nullDevice
        process.standardError = pipe
      } else {
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
      }
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationReason == .exit, "\(arguments)")
      #expect(process.terminationStatus == 1, "\(arguments)")
    }
  }

  @Test(
    "hostile inputs give a located error, never a crash",
    arguments: [
      (
        "truncated", Array(#"{"_beagleComponent_": "beagle:container", "children": [{"#.utf8),
        "1:57"
      ),
      ("binary", [0x00, 0xFF, 0xFE, 0x13, 0x37] + Array(repeating: 0x80, count: 64), "1:1"),
      ("deep arrays", Array(String(repeating: "[", count: 100_000).utf8), "1:513"),
      ("deep objects", Array(String(repeating: #"{"a":"#, count: 100_000).utf8), "1:2561"),
    ] as [(String, [UInt8], String)])
  func hostile(name: String, bytes: [UInt8], position: String) throws {
    let file = try temporaryFile(bytes)
    let outcome = try runProcess([file])
    #expect(outcome.code == 1, "\(name)")
    #expect(outcome.errors.hasPrefix("\(file):\(position): error: "), "\(name): \(outcome.errors)")
  }

  @Test(
    "test: record a golden, break the screen, see the diff and exit 1 (screen in a parent folder: --allow-outside-root)"
  )
  func goldenWorkflow() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", sampleScreen)
    try folder.write("next.json", nextScreen)
    try folder.write(
      "flows/next.scenario", "screen: ../home.json\n---\ntap \"Next\"\nexpect title \"Next\"\n")
    let unset = ["CI", "GITHUB_ACTIONS"]
    let record = try runProcess(["test", "--allow-outside-root", folder.path], unsetting: unset)
    #expect(record.code == 1)
    #expect(
      record.output.hasSuffix(
        "recorded 1 golden: review the changes (git diff), then run again\n0 passed, 1 failed\n"))
    #expect(folder.exists("flows/next.expected"))
    let pass = try runProcess(["test", "--allow-outside-root", folder.path], unsetting: unset)
    #expect(pass.code == 0)
    #expect(pass.output == "PASS  \(folder.path)/flows/next.scenario\n1 passed, 0 failed\n")

    try folder.write(
      "next.json", nextScreen.replacingOccurrences(of: "\"Next\"", with: "\"Later\""))
    let fail = try runProcess(["test", "--allow-outside-root", folder.path], unsetting: unset)
    #expect(fail.code == 1)
    #expect(fail.output.contains("--- \(folder.path)/flows/next.expected\n+++ actual output\n@@ "))
    #expect(
      fail.output.contains(
        "\n-navigation bar: \"Next\"  ‹ Home\n+navigation bar: \"Later\"  ‹ Home\n"))
    #expect(
      fail.output.contains(
        "\n+next.scenario:4: error: expectation failed: expected title \"Next\"; the title is \"Later\"\n"
      ))
    #expect(fail.output.hasSuffix("\n0 passed, 1 failed\n"))
    #expect(fail.errors == "")
  }

  @Test("test Examples/ passes: every example and its golden")
  func examples() throws {
    let outcome = try runProcess(
      ["test", "Examples/", "--record", "never"], unsetting: ["GITHUB_ACTIONS"])
    #expect(outcome.code == 0, "\(outcome.output)")
    #expect(outcome.output.hasSuffix(" passed, 0 failed\n"))
  }

  @Test("a large payload of many screens' worth of components runs")
  func large() throws {
    let item = #"{"_beagleComponent_": "beagle:text", "text": "item é \u00e9 @{x}"}"#
    let text =
      #"{"_beagleComponent_": "beagle:container", "children": ["#
      + Array(repeating: item, count: 20_000).joined(separator: ",") + "]}"
    let file = try temporaryFile(Array(text.utf8))
    let outcome = try runProcess(["check", file])
    // Every text binds '@{x}', which no component declares: one warning each.
    #expect(outcome.code == 0)
    #expect(outcome.output == "checked 1 file: 0 errors, 20000 warnings\n")
  }
}
