import BeagleRuntime
import Foundation

/// The generated parts of `docs/cli.md`: the full help, each verb's help, the options
/// and the script steps, from the tables the parser reads (``Help``, ``OptionTable``,
/// `ScriptStep.forms`).
enum CommandLineReference {
  /// `beagle-run --help`, as it prints.
  static var help: String { "```text\n\(Help.text)\n```" }

  /// A section per verb: what it does and `beagle-run help VERB`.
  static var verbs: String {
    Verb.allCases.map { verb in
      "### beagle-run \(verb.rawValue)\n\n\(capitalized(verb.summary)).\n\n```text\n"
        + Help.text(for: verb) + "\n```"
    }.joined(separator: "\n\n")
  }

  /// Every option: the verbs that read it and what it does.
  static var options: String {
    var rows = ["| option | verbs | what it does |", "| --- | --- | --- |"]
    for spec in OptionTable.all {
      let readers = Verb.allCases.filter { spec.verbs.contains($0) }
      let verbs =
        readers.count == Verb.allCases.count
        ? "all" : readers.map(\.rawValue).joined(separator: ", ")
      rows.append(
        "| " + code(spec.synopsis) + " | \(verbs) | "
          + cell(spec.help.joined(separator: " ")) + " |")
    }
    return rows.joined(separator: "\n")
  }

  /// Every script step.
  static var steps: String {
    var rows = ["| step | what it does |", "| --- | --- |"]
    for form in ScriptStep.forms {
      rows.append("| " + code(form.usage) + " | " + cell(form.summary) + " |")
    }
    return rows.joined(separator: "\n")
  }

  /// A code span in a table cell: `|` escaped, as GitHub's tables need.
  private static func code(_ text: String) -> String {
    "`" + text.replacingOccurrences(of: "|", with: "\\|") + "`"
  }

  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }

  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
