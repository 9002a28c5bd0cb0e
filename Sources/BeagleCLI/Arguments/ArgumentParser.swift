/// Reads `beagle-run [VERB] [OPTIONS] ARGS…` into the verb's options.
enum ArgumentParser {
  static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
    var line = ParsedCommandLine()
    do {
      return try parse(arguments, into: &line)
    } catch {
      // A verb spelled out, or a screen given to run, has its own help to point at.
      var error = error
      if line.verb != .help, line.isVerbGiven || !line.inputs.isEmpty { error.verb = line.verb }
      throw error
    }
  }

  private static func parse(
    _ arguments: [String], into line: inout ParsedCommandLine
  ) throws(UsageError) -> ParsedCommandLine {
    var remaining = arguments[...]
    if let first = remaining.first, let verb = Verb(rawValue: first) {
      line.verb = verb
      line.isVerbGiven = true
      remaining = remaining.dropFirst()
    }
    line.options = VerbOptions(verb: line.verb)
    var onlyInputs = false
    while let argument = remaining.popFirst() {
      if onlyInputs || argument == "-" || !argument.hasPrefix("-") {
        line.inputs.append(argument)
        continue
      }
      let (name, inlineValue) = split(argument)
      line.givenNames.append(name)
      // The table says which options exist and which take a value.
      if name != "--" {
        guard let spec = OptionTable.spec(named: name) else {
          throw UsageError(message: unknownOption(name))
        }
        if spec.value == nil, inlineValue != nil {
          throw UsageError(message: "option '\(name)' takes no value")
        }
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw UsageError(message: "option '\(name)' needs a value")
        }
        return next
      }
      switch name {
      case "--":
        onlyInputs = true
      case "-h", "--help":
        line.showsHelp = true
      case "--version":
        line.showsVersion = true
      default:
        guard let option = try OptionValue.read(name, verb: line.verb, value: value) else {
          // A row of the table without a case in OptionValue (a test parses every row).
          throw UsageError(message: unknownOption(name))
        }
        if case .color(let choice) = option {
          line.color = choice
          continue
        }
        // An option the verb does not read is refused below, once every value is read.
        _ = line.options.take(option)
      }
    }
    if line.showsHelp || line.showsVersion { return line }
    try checkVerb(of: &line)
    return line
  }

  /// `unknown option '--formt'; did you mean '--format'?`
  private static func unknownOption(_ name: String) -> String {
    "unknown option '\(name)'"
      + (OptionTable.suggestion(for: name).map { "; did you mean '\($0)'?" } ?? "")
  }

  /// Inputs and options the verb takes: an option it would ignore is an error (the
  /// table says which verbs read an option), then the verb's own rules.
  private static func checkVerb(of line: inout ParsedCommandLine) throws(UsageError) {
    let verb = line.verb
    if verb == .check || verb == .eval || verb == .graph,
      line.givenNames.contains(where: { $0 == "--profiles" || $0 == "--compare-profiles" })
    {
      let name = line.givenNames.first { $0 == "--profiles" } ?? "--compare-profiles"
      throw UsageError(message: "'\(name)' is an option of 'beagle-run run'")
    }
    if verb != .test,
      let name = line.givenNames.first(where: {
        ["--record", "--junit", "--html", "--coverage", "--coverage-json"].contains($0)
      })
    {
      throw UsageError(message: "'\(name)' is an option of 'beagle-run test'")
    }
    if verb != .graph, line.givenNames.contains("--assume") {
      throw UsageError(message: "'--assume' is an option of 'beagle-run graph'")
    }
    if verb == .graph,
      let name = line.givenNames.first(where: {
        ["--step", "--script", "--explain"].contains($0)
      })
    {
      throw UsageError(message: "'graph' runs no steps; '\(name)' is an option of 'beagle-run run'")
    }
    if verb != .test,
      let name = line.givenNames.first(where: {
        OptionTable.spec(named: $0).map { !$0.verbs.contains(verb) } ?? false
      })
    {
      // Not the options every verb takes.
      let accepted = OptionTable.options(of: verb).map(\.name)
        .filter { $0 != "--help" && $0 != "--version" && $0 != "--color" }
      throw UsageError(
        message: "'\(verb.rawValue)' does not take '\(name)'"
          + (accepted.isEmpty
            ? "" : "; its options are " + accepted.map { "'\($0)'" }.joined(separator: ", ")),
        option: name)
    }
    var options = line.options
    try options.validate(line)
    line.options = options
  }

  /// What `test` accepts on its command line; the rest comes from each scenario.
  static let testOptionNames: Set = [
    "--", "--record", "--junit", "--html", "--allow-outside-root", "--coverage",
    "--coverage-json", "--scenario-timeout", "--scenario-memory", "--in-process", "--shard",
    "--color",
  ]

  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
