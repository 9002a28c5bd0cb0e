import BeagleCLI
import Foundation
import Testing

@Suite struct EvalManifestTests {
  private static let manifest = #"""
    {"operations": {"full": "concat(@0, ' ', @1)"}, "global": {"x": 1}}
    """#

  private func eval(_ arguments: [String], in folder: String) -> Outcome {
    let tool = CommandLineTool(environment: .init(workingDirectory: folder))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run", "eval"] + arguments, output: { output += $0 }, errors: { errors += $0 })
    return Outcome(code: code, output: output, errors: errors)
  }

  private func folderWithManifest() throws -> String {
    let path = try temporaryFile(Array(Self.manifest.utf8), name: "beagle.json")
    return (path as NSString).deletingLastPathComponent
  }

  @Test("eval reads ./beagle.json when there is one: its operations evaluate")
  func manifestInFolder() throws {
    let outcome = eval(["@{full('a', 'b')}"], in: try folderWithManifest())
    #expect(outcome.code == 0)
    #expect(outcome.output == "\"a b\"\n")
    #expect(outcome.errors == "")
  }

  @Test("the manifest's global is the initial global context, as in a run")
  func manifestGlobal() throws {
    let outcome = eval(["@{global.x}"], in: try folderWithManifest())
    #expect(outcome.output == "1\n")
    #expect(outcome.code == 0)
  }

  @Test("--global replaces the manifest's global")
  func globalOption() throws {
    let outcome = eval(["@{global.x}", "--global", #"{"x": 2}"#], in: try folderWithManifest())
    #expect(outcome.output == "2\n")
  }

  @Test("--registry FILE applies that manifest's global from another folder")
  func registryGlobal() throws {
    let folder = try folderWithManifest()
    let outcome = eval(
      ["@{global.x}", "--registry", folder + "/beagle.json"],
      in: FileManager.default.temporaryDirectory.path)
    #expect(outcome.output == "1\n")
    #expect(outcome.code == 0)
  }
}
