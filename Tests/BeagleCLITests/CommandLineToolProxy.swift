import BeagleCLI

/// Runs the tool with control over the terminal flags.
enum CommandLineToolProxy {
  static func run(
    _ arguments: [String], variables: [String: String], isTerminal: Bool,
    output: (String) -> Void = { _ in }, errors: (String) -> Void
  ) -> Int32 {
    let tool = CommandLineTool(
      environment: .init(
        variables: variables, isOutputTerminal: isTerminal, isErrorTerminal: isTerminal))
    return tool.run(["beagle-run"] + arguments, output: output, errors: errors)
  }
}
