import BeagleCLI
import BeagleJSON
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A reader that goes away (`| head -1`) is a failed write, not a fatal signal.
signal(SIGPIPE, SIG_IGN)
let output = DescriptorWriter(descriptor: STDOUT_FILENO)
let errors = DescriptorWriter(descriptor: STDERR_FILENO)
let environment = CommandLineTool.Environment(
  variables: ProcessInfo.processInfo.environment,
  isOutputTerminal: isatty(STDOUT_FILENO) == 1,
  isErrorTerminal: isatty(STDERR_FILENO) == 1,
  standardInput: {
    FileBytes.read(
      descriptor: STDIN_FILENO, expectedSize: FileBytes.regularSize(STDIN_FILENO) ?? 0) ?? []
  },
  executablePath: ExecutablePath.current(argument0: CommandLine.arguments.first),
  readLine: { Swift.readLine() },
  exitsAfterCommand: true,
  awaitInterrupt: InterruptSignals.wait(ready:))
let code = CommandLineTool(environment: environment).run(
  CommandLine.arguments, output: output.write, errors: errors.write)
// Output that could not be written is a failed run, whatever the verb decided.
exit(code == 0 && (output.hasFailed || errors.hasFailed) ? 1 : code)
