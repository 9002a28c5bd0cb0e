import BeagleRuntime

/// `docs/beagle-run.1`, the manual page: the help's usage, options, script steps,
/// examples and each verb's exit codes (``Help``, ``OptionTable``, `ScriptStep.forms`)
/// in roff, so it says what `beagle-run --help` says.
enum ManualPage {
  static var text: String {
    var out = [
      ".\\\" Written by GeneratedDocs from beagle-run's option and step tables; do not edit.",
      ".\\\" Regenerate: \(GeneratedDocs.command)",
      ".TH BEAGLE-RUN 1 \"\" \"beagle-run \(Help.version)\" \"User Commands\"",
      ".SH NAME",
      "beagle-run \\- run Beagle server-driven UI screens without a device",
      ".SH SYNOPSIS",
    ]
    for verb in Verb.allCases {
      out += [".nf", escaped(Help.usage(of: verb)), ".fi"]
    }
    out += [
      ".SH DESCRIPTION",
      "beagle-run decodes the JSON a Beagle backend-for-frontend (BFF) sends, checks it the",
      "way Beagle's iOS runtime would, and prints what the screen shows and does: an outline",
      "of the screen, its navigation stacks, contexts, requests and analytics, after the",
      "first load and after every script step.",
      ".SH COMMANDS",
    ]
    for verb in Verb.allCases {
      out += [".TP", "\\fB\(verb.rawValue)\\fR", escaped(verb.summary)]
    }
    out.append(".SH OPTIONS")
    for spec in OptionTable.all {
      var synopsis = bold(spec.name)
      if let short = spec.shortName { synopsis = bold(short) + ", " + synopsis }
      if let value = spec.value { synopsis += " " + italic(value) }
      out += [".TP", synopsis, escaped(spec.help.joined(separator: " "))]
      let readers = Verb.allCases.filter { spec.verbs.contains($0) }
      if readers.count < Verb.allCases.count {
        out.append(".br")
        out.append("Read by: " + readers.map(\.rawValue).joined(separator: ", ") + ".")
      }
      for verb in readers where spec.verbHelp[verb] != nil {
        out.append(".br")
        out.append(
          bold(verb.rawValue) + ": " + escaped(spec.help(for: verb).joined(separator: " ")))
      }
    }
    out.append(".SH SCRIPT STEPS")
    out.append("Given with \\fB\\-\\-step\\fR, one a line in a \\fB\\-\\-script\\fR file")
    out.append("(# starts a comment), or after the \\fB\\-\\-\\-\\fR line of a scenario.")
    for form in ScriptStep.forms {
      out += [".TP", bold(form.usage), escaped(form.summary)]
    }
    out += [".PP", "TARGET is #id or \"visible text\"."]
    out += [".SH EXAMPLES", ".nf", escaped(section("EXAMPLES")), ".fi"]
    out.append(".SH EXIT STATUS")
    for verb in Verb.allCases {
      out += [".SS \(verb.rawValue)"]
      for (code, meaning) in exitCodes(of: verb) {
        out += [".TP", bold(code), escaped(meaning)]
      }
    }
    out += [
      ".SH ENVIRONMENT",
      ".TP", bold("NO_COLOR"), "When set, no colour is used (colour is used only on a terminal).",
      ".TP", bold("CI"),
      "When \\fBtrue\\fR, \\fBbeagle-run test\\fR never writes a golden, whatever \\fB\\-\\-record\\fR says.",
      ".TP", bold("GITHUB_ACTIONS"),
      "When \\fBtrue\\fR, \\fBbeagle-run test\\fR prints each failure as an \\fB::error\\fR annotation.",
      ".TP", bold("CURL_CA_BUNDLE") + ", " + bold("SSL_CERT_FILE") + ", " + bold("SSL_CERT_DIR"),
      "Certificate authorities trusted for https: requests instead of the system's (Linux).",
      ".SH FILES",
      ".TP", bold("beagle.json"),
      "The manifest beside the first screen: custom components, actions and operations, global,",
      "baseUrl, bff, profile, navigation, mocks, nativeRoutes, analytics, theme.",
      ".TP", bold("NAME.scenario") + ", " + bold("NAME.expected"),
      "A golden scenario and the output it approved, for \\fBbeagle-run test\\fR.",
      ".SH SEE ALSO",
      "The manual in the docs/ folder of beagle-run's repository: docs/guide.md (a first app),",
      "docs/cli.md (this reference), docs/testing.md (golden tests), docs/spec.md (Beagle's",
      "payload and semantics as beagle-run follows them).",
    ]
    return out.joined(separator: "\n") + "\n"
  }

  /// A section of the full help (`EXAMPLES`), without its heading and indent.
  static func section(_ name: String) -> String {
    let lines = Help.text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: Substring(name)) else { return "" }
    return lines[(start + 1)...].prefix { !$0.isEmpty }
      .map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }
      .joined(separator: "\n")
  }

  /// Each exit code of `verb` with its meaning, read from `help VERB`'s EXIT CODES
  /// (`  1   the screen is invalid …` and its continuation lines).
  static func exitCodes(of verb: Verb) -> [(code: String, meaning: String)] {
    var codes: [(code: String, meaning: String)] = []
    for line in Help.exitCodes(of: verb).split(separator: "\n") {
      let trimmed = line.drop { $0 == " " }
      let code = trimmed.prefix { $0.isNumber }
      if !code.isEmpty {
        codes.append((String(code), String(trimmed.dropFirst(code.count).drop { $0 == " " })))
      } else if !codes.isEmpty {
        codes[codes.count - 1].meaning += " " + trimmed
      }
    }
    return codes
  }

  private static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }
  private static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

  /// Text roff prints as it is: backslashes and hyphens escaped, and a line that would
  /// start with a request (`.`, `'`) guarded.
  static func escaped(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var out = ""
      for character in line {
        switch character {
        case "\\": out += "\\e"
        case "-": out += "\\-"
        default: out.append(character)
        }
      }
      return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
    }.joined(separator: "\n")
  }
}
