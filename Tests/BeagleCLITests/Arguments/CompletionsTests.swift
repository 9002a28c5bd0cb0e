import Foundation
import Testing

@testable import BeagleCLI

/// `beagle-run completions SHELL`: scripts written from the option table, which the
/// shells accept.
@Suite struct CompletionsTests {
  @Test("a value completes to what the parser accepts for that verb")
  func values() throws {
    func completion(_ name: String, _ verb: Verb) throws -> ValueCompletion {
      ValueCompletion.of(try #require(OptionTable.spec(named: name)), verb: verb)
    }
    #expect(try completion("--format", .run) == .words(["text", "json", "html"]))
    #expect(try completion("--format", .graph) == .words(["text", "json", "dot", "mermaid"]))
    #expect(try completion("--profile", .run) == .words(["ios", "android", "web"]))
    #expect(try completion("--record", .test) == .words(["missing", "failed", "all", "never"]))
    #expect(try completion("--registry", .run) == .files)
    #expect(try completion("--bff", .run) == .directories)
    #expect(try completion("--timeout", .run) == .nothing)
    #expect(try completion("--base-url", .run) == .nothing)
    #expect(try completion("--strict", .run) == .nothing)
    #expect(ValueCompletion.arguments(of: .completions) == .words(["bash", "zsh", "fish"]))
    #expect(ValueCompletion.arguments(of: .help) == .words(Verb.allCases.map(\.rawValue)))
  }

  @Test(
    "each script names every verb and every option of each verb",
    arguments: ["bash", "zsh", "fish"])
  func everyOption(shell: String) {
    let outcome = beagleRun("completions", shell)
    #expect(outcome.code == 0)
    #expect(outcome.errors == "")
    let script = outcome.output
    for verb in Verb.allCases {
      #expect(script.contains(verb.rawValue))
      for spec in OptionTable.options(of: verb) {
        let name = shell == "fish" ? "-l " + spec.name.dropFirst(2) : spec.name
        #expect(script.contains(name), "\(shell): \(verb) \(spec.name)")
      }
    }
  }

  @Test("bash completes options, values and verbs")
  func bashContent() {
    let script = beagleRun("completions", "bash").output
    #expect(script.contains("complete -o filenames -F _beagle_run beagle-run\n"))
    #expect(
      script.contains(
        "graph:--format)\n      COMPREPLY=($(compgen -W \"text json dot mermaid\" -- \"$cur\"))"))
    #expect(
      script.contains(
        "    run:--bff|check:--bff|graph:--bff|serve:--bff)\n      COMPREPLY=($(compgen -d -- \"$cur\"))"
      ))
  }

  @Test("the shells accept the scripts", arguments: ["bash", "zsh", "fish"])
  func syntax(shell: String) throws {
    let path = ["/bin/", "/usr/bin/", "/usr/local/bin/"].map { $0 + shell }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let path else { return }  // that shell is not installed here
    let file = try temporaryFile(Array(beagleRun("completions", shell).output.utf8), name: "c")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["-n", file]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(shell) -n refused the script")
  }

  @Test("a missing or unknown shell is a usage error")
  func usage() {
    let missing = beagleRun("completions")
    #expect(missing.code == 64)
    #expect(
      missing.errors
        == "beagle-run: error: 'completions' needs a shell: 'bash', 'zsh', 'fish'\nSee 'beagle-run help completions'.\n"
    )
    let typo = beagleRun("completions", "zhs")
    #expect(typo.code == 64)
    #expect(typo.errors.hasPrefix("beagle-run: error: unknown shell 'zhs'; did you mean 'zsh'?"))
    #expect(beagleRun("completions", "bash", "zsh").code == 64)
    #expect(beagleRun("completions", "--format", "json", "bash").code == 64)
  }
}
