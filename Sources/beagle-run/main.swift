import BeagleCLI
import BeagleJSON
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  // Blocks of 128 KiB and more are mapped on their own and unmapped when freed. glibc
  // otherwise raises that threshold to the largest block freed so far (the two-part
  // parse's second tape, megabytes), after which the checks' large temporary arrays
  // came from the heaps and stayed there, freed but resident (10 MB check: about 1 MiB).
  // (`mallopt` is not in the Glibc module: looked up by name.)
  if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
    let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
    _ = unsafeBitCast(symbol, to: MallocOption.self)(mmapThreshold, 128 << 10)
  }
#endif

// A reader that goes away (`| head -1`) is a failed write, not a fatal signal: the
// write fails with EPIPE, and the command stops quietly (Interruption).
signal(SIGPIPE, SIG_IGN)
let interruption = Interruption(exit: { exit($0) })
let output = DescriptorWriter(descriptor: STDOUT_FILENO) { interruption.interrupt(.closedPipe) }
let errors = DescriptorWriter(descriptor: STDERR_FILENO) { interruption.interrupt(.closedPipe) }
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
  exitsAfterCommand: true, interruption: interruption,
  awaitInterrupt: interruption.waitUntilInterrupted(ready:))
let code = CommandLineTool(environment: environment).run(
  CommandLine.arguments, output: output.write, outputBytes: output.write(bytes:),
  errors: errors.write)
// Output that could not be written is a failed run, whatever the verb decided.
exit(code == 0 && (output.hasFailed || errors.hasFailed) ? 1 : code)
