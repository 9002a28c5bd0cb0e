import Foundation
import Testing

@Suite struct CheckFolderTests {
  @Test("check DIR checks every screen below it, skipping manifests, mock files and hidden ones")
  func folder() throws {
    let folder = try ScenarioFolder()
    try folder.write("a.json", #"{"_beagleComponent_": "beagle:text", "text": "a"}"#)
    try folder.write("sub/b.json", #"{"_beagleComponent_": "beagle:text", "text": 1}"#)
    try folder.write("sub/mocks.json", #"[{"url": "/x"}]"#)
    try folder.write("beagle.json", "{}")
    try folder.write(".hidden/c.json", "not json")
    try folder.write("notes.txt", "not json")
    let outcome = beagleRun("check", folder.path)
    #expect(outcome.code == 1)
    #expect(outcome.output == "checked 2 files: 1 error, 0 warnings\n")
    #expect(
      outcome.errors.hasPrefix(
        "\(folder.path)/sub/b.json:1:46: error: field 'text' must be a string or an expression"))
  }

  @Test("a folder without screens is an error")
  func empty() throws {
    let folder = try ScenarioFolder()
    try folder.write("beagle.json", "{}")
    let outcome = beagleRun("check", folder.path)
    #expect(outcome.code == 1)
    #expect(
      outcome.errors
        == "beagle-run: error: no screens ('*.json' files other than beagle.json and mock files)"
        + " in '\(folder.path)'\n")
  }

  @Test("a FIFO named like a screen is not read: reading it would wait forever")
  func fifo() throws {
    let folder = try ScenarioFolder()
    try folder.write("a.json", #"{"_beagleComponent_": "beagle:text", "text": "a"}"#)
    #expect(mkfifo(folder.path + "/pipe.json", 0o600) == 0)
    let outcome = beagleRun("check", folder.path)
    #expect(outcome.code == 0)
    #expect(outcome.output == "checked 1 file: 0 errors, 0 warnings\n")
  }
}
