import Foundation
import Testing

/// A path taken from user input (a scenario header, a manifest, the command line)
/// holding a NUL or another control character is an error naming the file and
/// line, never a path cut at the NUL (`ok.json\0` read `ok.json`).
@Suite struct PathCheckTests {
  private func folder() throws -> ScenarioFolder {
    let folder = try ScenarioFolder()
    try folder.write("home.json", sampleScreen)
    try folder.write("next.json", nextScreen)  // the route home.json pushes
    try folder.write("steps.script", "back\n")
    try folder.write("mocks.json", "[]")
    try folder.write("g.json", "{}")
    try folder.write("api/index.json", sampleScreen)
    return folder
  }

  @Test(
    "a scenario header path with a control character is a located scenario error",
    arguments: [
      ("screen: home.json\0\n", 1, "screen", #"home.json\u0000"#, "U+0000"),
      (
        "screen: home.json\nscript: steps.script\0\n", 2, "script", #"steps.script\u0000"#, "U+0000"
      ),
      ("screen: home.json\nmocks: mocks.json\u{1B}\n", 2, "mocks", #"mocks.json\u001B"#, "U+001B"),
      ("screen: home.json\nbff: api\0x\n", 2, "bff", #"api\u0000x"#, "U+0000"),
      ("screen: home.json\nglobal: @g.json\0\n", 2, "global", #"g.json\u0000"#, "U+0000"),
      (
        // Not CR: a lone CR ends a line, as in a file saved on classic Mac OS (#19).
        "screen: home.json\nregistry: beagle\u{7}.json\n", 2, "registry", #"beagle\u0007.json"#,
        "U+0007"
      ),
    ] as [(String, Int, String, String, String)])
  func scenarioHeader(text: String, line: Int, key: String, shown: String, code: String) throws {
    let folder = try folder()
    try folder.write("a.scenario", text)
    let outcome = folder.test(".")
    #expect(outcome.code == 1)
    #expect(
      outcome.output
        == "FAIL  a.scenario: invalid scenario\na.scenario:\(line): error: invalid '\(key)': "
        + "'\(shown)' holds a control character (\(code)); a path cannot\n0 passed, 1 failed\n")
    #expect(!folder.exists("a.expected"))
  }

  @Test(
    "a manifest path with a control character is a located error, not a truncated path",
    arguments: [
      (#"{"bff": "api\u0000x"}"#, "bff", 9, #"api\u0000x"#),
      (#"{"mocks": "mocks.json\u0000"}"#, "mocks", 11, #"mocks.json\u0000"#),
      (
        #"{"nativeRoutes": {"/news": "news\u0000.json"}}"#, "nativeRoutes/~1news", 28,
        #"news\u0000.json"#
      ),
    ])
  func manifest(text: String, key: String, column: Int, shown: String) throws {
    let folder = try folder()
    try folder.write("beagle.json", text)
    let outcome = beagleRun("check", folder.path + "/home.json")
    #expect(outcome.code == 1)
    #expect(
      outcome.errors
        == "\(folder.path)/beagle.json:1:\(column): error: "
        + (key == "nativeRoutes/~1news" ? "nativeRoutes" : "'\(key)'")
        + ": '\(shown)' holds a control"
        + " character (U+0000); a path cannot"
        + (key == "nativeRoutes/~1news"
          ? " [native-route-invalid-path]" : " [manifest-invalid-path]")
        + "\n  1 | \(text)\n    | "
        + String(repeating: " ", count: column - 1) + "^\nnote: at /\(key)\n")
    #expect(outcome.output == "checked 1 file: 1 error, 0 warnings\n")
  }

  @Test("a path on the command line with a control character is refused before it is opened")
  func commandLine() throws {
    let folder = try folder()
    let outcome = beagleRun(folder.path + "/home.json", "--script", "steps.script\u{7F}")
    #expect(outcome.code == 1)
    #expect(
      outcome.errors
        == #"beagle-run: error: script: 'steps.script\u007F' holds a control character (U+007F); a path cannot"#
        + "\n")
  }
}
