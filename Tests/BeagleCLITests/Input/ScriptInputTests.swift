import Foundation
import Testing

@testable import BeagleCLI

/// Where a run's steps come from: `--script` read from a pipe as from a file, and
/// `--step` errors as usage errors.
@Suite struct ScriptInputTests {
  /// A screen with a button pushing `/next`, and `next.json` beside it.
  private func project() throws -> ScenarioFolder {
    let folder = try ScenarioFolder()
    try folder.write("app/home.json", sampleScreen)
    try folder.write("app/next.json", nextScreen)
    return folder
  }

  private func run(_ folder: ScenarioFolder, _ arguments: [String]) -> Outcome {
    let tool = CommandLineTool(environment: .init(workingDirectory: folder.path))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run"] + arguments, output: { output += $0 }, errors: { errors += $0 })
    return Outcome(code: code, output: output, errors: errors)
  }

  @Test("--script reads a pipe (as <(printf …) and /dev/stdin give) as it reads a file")
  func scriptFromPipe() throws {
    let folder = try project()
    try folder.write("steps.script", "tap \"Next\"\n")
    let fromFile = run(folder, ["app/home.json", "--script", "steps.script"])
    #expect(fromFile.code == 0)
    #expect(fromFile.output.contains("step 1 · tap \"Next\"\n"))

    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data("tap \"Next\"\n".utf8))
    try pipe.fileHandleForWriting.close()
    let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
    let fromPipe = withExtendedLifetime(pipe) {
      run(folder, ["app/home.json", "--script", path])
    }
    #expect(fromPipe.errors == "")
    #expect(fromPipe.code == 0)
    #expect(fromPipe.output == fromFile.output)
  }

  @Test("a stream longer than the limit is refused, not read whole")
  func streamLimit() throws {
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data("0123456789".utf8))
    try pipe.fileHandleForWriting.close()
    let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
    _ = withExtendedLifetime(pipe) {
      #expect(throws: InputError.tooLarge(path, limit: 4)) {
        try SourceFile.streamed(path, at: path, limit: 4)
      }
    }
    #expect(
      InputError.tooLarge("/dev/fd/63", limit: 4).description
        == "'/dev/fd/63' is larger than 4 bytes, the most an input can be; it was not read further"
    )
    #expect(
      InputError.tooLarge("-", limit: 256 << 20).description
        == "'-' is larger than 256 MB, the most an input can be; it was not read further")
  }

  @Test(
    "a --step that does not parse is a usage error (64); a script file that does not is an invalid input (1)"
  )
  func stepSyntax() throws {
    let folder = try project()
    let step = run(folder, ["app/home.json", "--step", "tap"])
    #expect(step.code == 64)
    #expect(step.output == "")
    #expect(
      step.errors
        == "--step:1: error: missing argument; write tap #ID or tap \"TEXT\"\nSee 'beagle-run help run'.\n"
    )

    try folder.write("bad.script", "tap\n")
    let script = run(folder, ["app/home.json", "--script", "bad.script"])
    #expect(script.code == 1)
    #expect(script.output == "")
    #expect(
      script.errors == "bad.script:1: error: missing argument; write tap #ID or tap \"TEXT\"\n")
  }
}

@Suite struct JSONFileInputTests {
  /// A pipe holding `text`, named as `<(…)` names it.
  private func pipe(_ text: String) throws -> (Pipe, String) {
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data(text.utf8))
    try pipe.fileHandleForWriting.close()
    return (pipe, "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
  }

  @Test("--global @FILE and --context ID=@FILE read a pipe as they read a file")
  func globalFromPipe() throws {
    let (global, globalPath) = try pipe(#"{"name": "Bia"}"#)
    let (context, contextPath) = try pipe(#"{"n": 2}"#)
    let outcome = withExtendedLifetime((global, context)) {
      beagleRun(
        "eval", "@{global.name} @{c.n}", "--global", "@" + globalPath, "--context",
        "c=@" + contextPath)
    }
    #expect(outcome.errors == "")
    #expect(outcome.output == "\"Bia 2\"\n")

    let (screenGlobal, screenGlobalPath) = try pipe(#"{"name": "Bia"}"#)
    let screen = try temporaryFile(
      Array(#"{"_beagleComponent_": "beagle:text", "text": "Hi @{global.name}"}"#.utf8))
    let run = withExtendedLifetime(screenGlobal) {
      beagleRun(screen, "--global", "@" + screenGlobalPath)
    }
    #expect(run.code == 0)
    #expect(run.output.contains("  text \"Hi Bia\"\n"))
  }
}
