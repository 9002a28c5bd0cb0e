import BeagleRuntime
import Foundation
import Testing

@testable import BeagleCLI

/// The generated documents (the command-line reference, the components and actions
/// reference, the manual page) are what beagle-run's tables say. Run with
/// `BEAGLE_RUN_UPDATE_DOCS=1` to rewrite them (GeneratedDocs.command).
@Suite struct GeneratedDocsTests {
  static var isUpdating: Bool {
    ProcessInfo.processInfo.environment["BEAGLE_RUN_UPDATE_DOCS"] == "1"
  }

  @Test("each generated document is up to date", arguments: GeneratedDocs.files.map(\.path))
  func upToDate(path: String) throws {
    let file = try #require(GeneratedDocs.files.first { $0.path == path })
    let url = repositoryRoot.appendingPathComponent(path)
    let current = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    let (expected, missing) = GeneratedDocs.regenerate(file, current: current)
    #expect(missing.isEmpty, "\(path) lacks the markers of its generated blocks \(missing)")
    if Self.isUpdating, expected != current {
      try expected.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      expected == current,
      "\(path) is out of date with beagle-run's tables; regenerate it: \(GeneratedDocs.command)")
  }

  @Test("a block is replaced between its markers; text around it is kept")
  func blocks() {
    let file = GeneratedDocs.File(
      path: "x.md", whole: nil, blocks: [("one", { "new" }), ("two", { "2" })])
    let (text, missing) = GeneratedDocs.regenerate(
      file,
      current: "intro\n<!-- generated: one -->\nold\nlines\n<!-- end of generated: one -->\nafter\n"
    )
    #expect(text == "intro\n<!-- generated: one -->\nnew\n<!-- end of generated: one -->\nafter\n")
    #expect(missing == ["two"])
  }

  @Test("the command-line reference lists every verb, option and step")
  func reference() {
    let options = CommandLineReference.options
    for spec in OptionTable.all {
      #expect(options.contains("| `" + spec.synopsis.replacingOccurrences(of: "|", with: "\\|")))
    }
    for verb in Verb.allCases {
      #expect(CommandLineReference.verbs.contains("### beagle-run \(verb.rawValue)\n"))
    }
    #expect(CommandLineReference.steps.contains("| `respond METHOD URL STATUS [JSON]` |"))
    #expect(options.contains("| `--format text\\|json` | run, check, graph, components, actions |"))
    #expect(options.contains("| `-h, --help` | all | show this help |"))
  }

  @Test("the manual page has every verb, option, step and exit code, escaped for roff")
  func manualPage() {
    let page = ManualPage.text
    #expect(page.hasPrefix(".\\\" Written by GeneratedDocs"))
    #expect(page.contains(".TH BEAGLE-RUN 1 \"\" \"beagle-run \(Help.version)\""))
    for spec in OptionTable.all {
      #expect(page.contains("\\fB" + spec.name.replacingOccurrences(of: "-", with: "\\-")))
    }
    for form in ScriptStep.forms { #expect(page.contains(ManualPage.escaped(form.usage))) }
    #expect(page.contains(".SS test\n.TP\n\\fB0\\fR\nevery scenario passed"))
    #expect(page.contains(".TP\n\\fB64\\fR\nthe command line is wrong"))
    // No line may start with a roff request it does not mean.
    for line in page.split(separator: "\n") where line.hasPrefix(".") {
      let request = line.dropFirst().prefix { $0 != " " }
      #expect(
        ["\\\"", "TH", "SH", "SS", "TP", "PP", "nf", "fi", "br"].contains(request), "\(line)")
    }
  }

  @Test("exit codes are read from help VERB, continuation lines joined")
  func exitCodes() {
    let codes = ManualPage.exitCodes(of: .graph)
    #expect(codes.map(\.code) == ["0", "1", "64"])
    #expect(
      codes[1].meaning
        == "the entry screen cannot be read, the manifest has an error (the graph is still drawn), or --strict and anything is flagged"
    )
    #expect(ManualPage.exitCodes(of: .help).map(\.code) == ["0", "64"])
  }

  @Test("a verb's summary is the first description of its usage, up to ';'")
  func summaries() {
    #expect(Verb.run.summary == "run a screen and print its state")
    #expect(Verb.check.summary == "validate screens without running them")
    #expect(Verb.completions.summary == "print a shell completion script")
    // Continued on the lines below, up to the next usage.
    #expect(
      Verb.graph.summary
        == "the app's navigation graph from an entry screen: every screen, link and dead end")
    for verb in Verb.allCases { #expect(verb.summary != verb.rawValue, "\(verb)") }
  }
}
