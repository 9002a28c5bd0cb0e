import BeagleHTTP
import Foundation
import Testing

@testable import BeagleCLI

/// `beagle-run serve`'s command line: one screen file, `--port`, `run`'s input
/// options; the first line names the URL.
@Suite struct ServeCommandTests {
  @Test("the first line of output is the URL, on 127.0.0.1 and the port picked")
  func firstLine() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    // In process the wait for an interrupt returns at once (exit 0).
    let outcome = beagleRun("serve", fixture.screen, "--port", "0")
    #expect(outcome.code == 0, "\(outcome.errors)")
    let line = outcome.output.split(separator: "\n").first.map(String.init) ?? ""
    #expect(line.hasPrefix("serving http://127.0.0.1:"))
    #expect(line.hasSuffix("/"))
    #expect(
      UInt16(line.dropFirst("serving http://127.0.0.1:".count).dropLast()).map { $0 > 0 } == true)
    #expect(outcome.output == line + "\n")
  }

  @Test("an interrupt's exit code is the command's")
  func interrupted() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    var output = ""
    let tool = CommandLineTool(
      environment: .init(awaitInterrupt: { ready in
        ready()
        return 143
      }))
    let code = tool.run(
      ["beagle-run", "serve", fixture.screen, "--port", "0"], output: { output += $0 },
      errors: { _ in })
    #expect(code == 143)
    #expect(output.hasPrefix("serving http://127.0.0.1:"))
  }

  @Test(
    "usage errors",
    arguments: [
      (["serve"], "missing input: give the screen file to preview"),
      (["serve", "a.json", "b.json"], "'serve' previews one screen file"),
      (["serve", "-"], "'serve' reloads its screen from disk; give a file, not '-'"),
      (
        ["serve", "a.json", "--port", "70000"],
        "'--port' takes a port number from 0 to 65535 (0 picks a free port), not '70000'"
      ),
      (
        ["serve", "a.json", "--port", "-1"],
        "'--port' takes a port number from 0 to 65535 (0 picks a free port), not '-1'"
      ),
    ])
  func usage(arguments: [String], message: String) {
    var errors = ""
    let code = CommandLineTool(environment: .init()).run(
      ["beagle-run"] + arguments, output: { _ in }, errors: { errors += $0 })
    #expect(code == 64)
    #expect(errors == "beagle-run: error: \(message)\nSee 'beagle-run help serve'.\n")
  }

  @Test("run-only and test-only options are refused")
  func refusedOptions() {
    for option in ["--format", "--explain", "--compare-profiles", "--record"] {
      var errors = ""
      let arguments =
        ["beagle-run", "serve", "a.json", option]
        + (option == "--format" ? ["json"] : option == "--record" ? ["all"] : [])
      let code = CommandLineTool(environment: .init()).run(
        arguments, output: { _ in }, errors: { errors += $0 })
      #expect(code == 64, "\(option)")
      #expect(errors.contains(option), "\(errors)")
    }
  }

  @Test("a missing screen or a port in use is exit 1 with the reason")
  func failures() throws {
    let missing = beagleRun("serve", "/nonexistent/screen.json", "--port", "0")
    #expect(missing.code == 1)
    #expect(missing.errors == "beagle-run: error: no such file '/nonexistent/screen.json'\n")
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let holder = try HTTPServer(port: 0) { _ in .text(200, "") }
    defer { holder.stop() }
    let busy = beagleRun("serve", fixture.screen, "--port", String(holder.port))
    #expect(busy.code == 1)
    #expect(
      busy.errors
        == "beagle-run: error: cannot serve on 127.0.0.1:\(holder.port): the port is already in use\n"
    )
  }

  @Test("help serve names the verb, --port and the run options it takes")
  func help() {
    let help = beagleRun("help", "serve")
    #expect(help.code == 0)
    #expect(help.output.contains("beagle-run serve FILE [--port N] [RUN OPTIONS]"))
    #expect(help.output.contains("--port N"))
    #expect(help.output.contains("--bff DIR"))
    #expect(!help.output.contains("--format"))
  }
}
