extension Options.Verb {
  /// The verb's own rules on its inputs and options, after the ``OptionTable`` has
  /// refused the options it does not read; fills what the inputs mean (`eval`'s
  /// expression).
  func validate(_ options: inout Options) throws(UsageError) {
    switch self {
    case .run: try RunCommand.validate(options)
    case .check: try CheckCommand.validate(options)
    case .eval: options.expression = try EvalCommand.validate(options)
    case .graph: try GraphCommand.validate(options)
    case .test: try TestCommand.validate(options)
    case .components, .actions: try ReferenceCommand.validate(options)
    case .help: try Help.validate(options)
    }
  }
}
