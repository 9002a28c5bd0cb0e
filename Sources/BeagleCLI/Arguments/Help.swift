import BeagleRuntime

/// The text of `beagle-run --help` and `beagle-run help VERB`. The options and the
/// script steps come from the tables the parsers use (``OptionTable``,
/// `ScriptStep.forms`), so the help lists every one of them.
enum Help {
  static let version = "0.2.0"

  /// Each verb's usage lines, as the USAGE section shows them.
  static func usage(of verb: Verb) -> String {
    switch verb {
    case .run:
      """
        beagle-run FILE [OPTIONS]            run a screen and print its state
        beagle-run /ROUTE --base-url URL     fetch the first screen from the BFF (a route:
                                             starts with '/', no such file; or --bff DIR)
        beagle-run -  [OPTIONS]              read the screen from standard input
        beagle-run run FILE|- [OPTIONS]      the same, with the verb spelled out
      """
    case .check:
      """
        beagle-run check PATH|/ROUTE... [OPTIONS]
                                             validate screens without running them; a folder
                                             means every *.json under it but manifests
                                             (beagle.json) and mock files (JSON arrays); a
                                             route is read with --bff DIR or --base-url URL
      """
    case .eval:
      """
        beagle-run eval EXPRESSION [--context ID=JSON]... [--global JSON]
                        [--profile ios|android|web] [--registry FILE]
                                             evaluate one expression, print it as JSON
      """
    case .graph:
      """
        beagle-run graph ENTRY [--bff DIR | --base-url URL] [--format text|json|dot|mermaid]
                       [--assume ID=JSON]... [--strict]
                                             the app's navigation graph from an entry
                                             screen: every screen, link and dead end
      """
    case .test:
      """
        beagle-run test PATH... [--record MODE] [--junit FILE] [--html FILE]
                        [--allow-outside-root] [--coverage] [--coverage-json FILE]
                                             run golden scenarios (NAME.scenario files)
                                             and compare with NAME.expected
      """
    case .serve:
      """
        beagle-run serve FILE [--port N] [RUN OPTIONS]
                                             live preview in the browser on 127.0.0.1: click,
                                             type, choose, go back, answer requests; reloads
                                             when the files change; records scenarios
      """
    case .components:
      """
        beagle-run components [--registry FILE] [--format text|json]
                                             list the components and their fields
                                             (with --registry or ./beagle.json, custom ones too)
      """
    case .actions:
      """
        beagle-run actions [--registry FILE] [--format text|json]
                                             list the actions and their fields
      """
    case .completions:
      """
        beagle-run completions bash|zsh|fish
                                             print a shell completion script
      """
    case .help:
      """
        beagle-run help [VERB]               this help, or one verb's
      """
    }
  }

  /// The script steps section: every form the script parser reads.
  static var scriptSteps: String {
    // Usages longer than the column put their summary on the next line.
    let width = 26
    return ScriptStep.forms.map { form in
      form.usage.count < width
        ? "  " + form.usage + String(repeating: " ", count: width - form.usage.count)
          + form.summary
        : "  " + form.usage + "\n  " + String(repeating: " ", count: width) + form.summary
    }.joined(separator: "\n") + "\n  TARGET is #id or \"visible text\""
  }

  static var text: String {
    """
    beagle-run — run Beagle server-driven UI screens without a device

    USAGE
    \(Verb.allCases.map(usage(of:)).joined(separator: "\n"))

    OPTIONS
    \(OptionTable.helpLines(OptionTable.all))

    SCRIPT STEPS
    \(scriptSteps)

    EXAMPLES
      beagle-run Examples/shop/index.json
      beagle-run Examples/shop/index.json --script Examples/shop/index.script
      beagle-run Examples/login/index.json --mocks Examples/login/mocks.json \\
        --step 'tap "Log in"' --step 'expect title "Welcome"'
      curl -s https://bff.example.com/home | beagle-run - --format json
      beagle-run check Examples/broken/index.json
      beagle-run eval 'Hi @{user.name}' --context user='{"name":"Ana"}'
      beagle-run graph Examples/navigation/index.json --format dot | dot -Tsvg > nav.svg
      beagle-run test Examples/ --junit report.xml
      beagle-run serve Examples/shop/index.json --port 0
      beagle-run components

    EXIT CODES
      0   success
      1   the input is invalid or could not be read, an expectation failed,
          the run hit an error, or a golden scenario failed
      64  the command line is wrong

    Colour is used only on a terminal, never when NO_COLOR is set.
    """
  }

  /// `beagle-run help VERB` (and `VERB --help`): its usage, the options it takes
  /// as it reads them, and its exit codes.
  static func text(for verb: Verb) -> String {
    var text = "USAGE\n\(usage(of: verb))\n\nOPTIONS\n"
    text += OptionTable.helpLines(OptionTable.options(of: verb), for: verb)
    if verb == .run { text += "\n\nSCRIPT STEPS\n\(scriptSteps)" }
    text += "\n\nEXIT CODES\n\(exitCodes(of: verb))"
    return text
  }

  /// What each exit code of DESIGN.md means for `verb`.
  static func exitCodes(of verb: Verb) -> String {
    let failure: String
    switch verb {
    case .run:
      failure = """
          1   the screen is invalid or could not be read, a state's log holds an
              error, a step could not be performed, or an expectation failed
        """
    case .check:
      failure = """
          1   a screen has errors (or warnings, with --strict) or could not be
              read
        """
    case .eval:
      failure = """
          1   the expression does not parse, names an unknown operation or fails
              to evaluate, or a --context or --global value or the manifest is
              invalid
        """
    case .graph:
      failure = """
          1   the entry screen cannot be read, the manifest has an error (the
              graph is still drawn), or --strict and anything is flagged
        """
    case .test:
      failure = """
          1   a scenario failed (a mismatch, a failed expectation, a golden
              missing or written on this run, a broken, crashed or runaway
              scenario), a path was not found, or a report could not be written
        """
    case .serve:
      failure = """
          1   the port cannot be opened, or the screen file does not exist
          130 interrupted (SIGINT); 143 terminated (SIGTERM)
        """
    case .components, .actions:
      failure = """
          1   the manifest cannot be read or has errors (its valid types are
              still listed)
        """
    case .completions, .help:
      failure = ""
    }
    let success: String
    switch verb {
    case .run: success = "the run went through"
    case .check: success = "no screen has errors"
    case .eval: success = "the value is printed"
    case .graph: success = "the graph is drawn"
    case .test: success = "every scenario passed (skipped and stale ones included)"
    case .serve: success = "the server stopped on its own (never, unless embedded)"
    case .components, .actions: success = "the list is printed"
    case .completions: success = "the script is printed"
    case .help: success = "the help is printed"
    }
    let usage = verb == .help ? "an unknown verb" : "the command line is wrong"
    return "  0   \(success)\n" + (failure.isEmpty ? "" : failure + "\n") + "  64  \(usage)"
  }
}

// MARK: - Validation

extension Help {
  /// At most one verb, which must exist.
  static func validate(_ inputs: [String]) throws(UsageError) {
    guard inputs.count <= 1 else {
      throw UsageError(message: "'help' takes at most one verb, as in beagle-run help check")
    }
    if let name = inputs.first, Verb(rawValue: name) == nil {
      let verbs = Verb.allCases.map(\.rawValue)
      throw UsageError(
        message: "unknown verb '\(name)'"
          + (Verb.closest(to: name).map { "; did you mean '\($0.rawValue)'?" } ?? "")
          + " (verbs: " + verbs.map { "'\($0)'" }.joined(separator: ", ") + ")")
    }
  }
}
