import BeagleCLI
import Foundation
import Testing

@Suite struct MistypedVerbTests {
  @Test(
    "a first argument that names no file and is within two edits of a verb is that verb mistyped",
    arguments: [
      (["tset", "Examples"], "test"),
      (["tset"], "test"),
      (["chek"], "check"),
      (["actons"], "actions"),
      (["component"], "components"),
      (["grpah", "index.json"], "graph"),
      (["graf", "index.json"], "graph"),
      (["tset", "Examples", "--record", "failed"], "test"),
      (["evla", "1"], "eval"),
    ] as [([String], String)])
  func mistyped(arguments: [String], verb: String) {
    let outcome = beagleRunArray(arguments)
    #expect(outcome.code == 64)
    #expect(
      outcome.errors
        == "beagle-run: error: unknown verb '\(arguments[0])'; did you mean '\(verb)'?\n"
        + "See 'beagle-run --help'.\n")
    #expect(outcome.output.isEmpty)
  }

  @Test("a word far from every verb is still a screen file that does not exist")
  func farFromVerbs() {
    let outcome = beagleRunArray(["nowhere"])
    #expect(outcome.code == 1)
    #expect(!outcome.errors.contains("unknown verb"))
  }

  @Test("an existing file named like a mistyped verb still runs")
  func existingFileRuns() throws {
    let screen = #"{"_beagleComponent_": "beagle:text", "text": "hi"}"#
    let path = try temporaryFile(Array(screen.utf8), name: "tset")
    let folder = (path as NSString).deletingLastPathComponent
    let tool = CommandLineTool(environment: .init(workingDirectory: folder))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run", "tset"], output: { output += $0 }, errors: { errors += $0 })
    #expect(code == 0, "\(errors)")
    #expect(output.contains("text \"hi\""))
  }

  @Test("a route is never taken for a verb")
  func route() {
    let outcome = beagleRunArray(["/test"])
    #expect(!outcome.errors.contains("unknown verb"))
  }
}
