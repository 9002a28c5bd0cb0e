import BeagleRuntime

/// `beagle-run completions bash|zsh|fish`: prints the shell's completion script.
struct CompletionsCommand {
  var shell: CompletionShell

  func execute(output: (String) -> Void) -> Int32 {
    output(CompletionScript(shell: shell).text)
    return CommandLineTool.ExitCode.success
  }

  /// Exactly one shell, which must be one the scripts are written for.
  static func validate(_ inputs: [String]) throws(UsageError) -> CompletionShell {
    let shells = CompletionShell.allCases.map(\.rawValue)
    let expected = shells.map { "'\($0)'" }.joined(separator: ", ")
    guard inputs.count == 1, let name = inputs.first else {
      throw UsageError(
        message: inputs.isEmpty
          ? "'completions' needs a shell: \(expected)"
          : "'completions' takes one shell, found \(inputs.count) arguments")
    }
    guard let shell = CompletionShell(rawValue: name) else {
      let suggestion = Suggestion.closest(to: name, among: shells).map { "; did you mean '\($0)'?" }
      throw UsageError(
        message: "unknown shell '\(name)'" + (suggestion ?? "; expected \(expected)"))
    }
    return shell
  }
}
