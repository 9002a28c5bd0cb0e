import BeagleCLI
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let environment = CommandLineTool.Environment(
  variables: ProcessInfo.processInfo.environment,
  isOutputTerminal: isatty(STDOUT_FILENO) == 1,
  isErrorTerminal: isatty(STDERR_FILENO) == 1,
  standardInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
  executablePath: Bundle.main.executablePath ?? CommandLine.arguments.first,
  readLine: { Swift.readLine() })
let code = CommandLineTool(environment: environment).run(
  CommandLine.arguments,
  output: { FileHandle.standardOutput.write(Data($0.utf8)) },
  errors: { FileHandle.standardError.write(Data($0.utf8)) })
exit(code)
