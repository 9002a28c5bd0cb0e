/// The options of the verb given, each verb's own type: what the parser fills
/// from the command line and the verb then runs with.
enum VerbOptions {
  case run(RunOptions)
  case check(CheckOptions)
  case eval(EvalOptions)
  case graph(GraphOptions)
  case test(TestOptions)
  case serve(ServeOptions)
  case components(ReferenceOptions)
  case actions(ReferenceOptions)
  /// `completions SHELL`: the shell, once validated.
  case completions(CompletionShell?)
  case help

  /// `verb`'s options, none given yet.
  init(verb: Verb) {
    switch verb {
    case .run: self = .run(RunOptions())
    case .check: self = .check(CheckOptions())
    case .eval: self = .eval(EvalOptions())
    case .graph: self = .graph(GraphOptions())
    case .test: self = .test(TestOptions())
    case .serve: self = .serve(ServeOptions())
    case .components: self = .components(ReferenceOptions())
    case .actions: self = .actions(ReferenceOptions())
    case .completions: self = .completions(nil)
    case .help: self = .help
    }
  }

  /// Keeps `option` when the verb reads it; false when it does not (the parser
  /// then refuses it, as ``OptionTable`` says).
  mutating func take(_ option: OptionValue) -> Bool {
    // Every verb but help reads `--color`; the command line keeps it (ParsedCommandLine).
    if case .color = option {
      if case .help = self { return false }
      return true
    }
    func taking<Options: OptionGroup>(_ options: Options, _ wrap: (Options) -> Self) -> Bool {
      var options = options
      let isKept = options.take(option)
      self = wrap(options)
      return isKept
    }
    switch self {
    case .run(let options): return taking(options, Self.run)
    case .check(let options): return taking(options, Self.check)
    case .eval(let options): return taking(options, Self.eval)
    case .graph(let options): return taking(options, Self.graph)
    case .test(let options): return taking(options, Self.test)
    case .serve(let options): return taking(options, Self.serve)
    case .components(let options): return taking(options, Self.components)
    case .actions(let options): return taking(options, Self.actions)
    case .completions, .help: return false
    }
  }

  /// The verb's own rules on its inputs and options, after the ``OptionTable`` has
  /// refused the options it does not read; gives the verb its inputs (`eval`'s
  /// expression).
  mutating func validate(_ line: ParsedCommandLine) throws(UsageError) {
    switch self {
    case .run(var options):
      options.inputs = line.inputs
      try RunCommand.validate(options, line: line)
      self = .run(options)
    case .check(var options):
      options.inputs = line.inputs
      try CheckCommand.validate(options)
      self = .check(options)
    case .eval(var options):
      options.expression = try EvalCommand.validate(line.inputs)
      self = .eval(options)
    case .graph(var options):
      options.inputs = line.inputs
      try GraphCommand.validate(options)
      self = .graph(options)
    case .test(var options):
      options.inputs = line.inputs
      try TestCommand.validate(options, line: line)
      self = .test(options)
    case .serve(var options):
      options.run.inputs = line.inputs
      try ServeCommand.validate(options, line: line)
      self = .serve(options)
    case .components, .actions:
      try ReferenceCommand.validate(line)
    case .completions:
      self = .completions(try CompletionsCommand.validate(line.inputs))
    case .help:
      try Help.validate(line.inputs)
    }
  }
}
