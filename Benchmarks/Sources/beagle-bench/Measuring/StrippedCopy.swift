#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
  /// Copies the executable `cli` to `executable` (a folder of the caller's own) without
  /// its debug information (`strip --strip-debug`, its symbols kept): valgrind refuses
  /// the DWARF the Swift toolchain writes.
  static func copyStripped(_ cli: String, to executable: String, strip: String) throws(BenchError) {
    try FileIO.store(try FileIO.readBytes(atPath: cli), atPath: executable)
    chmod(executable, 0o755)
    let stripping = ChildProcess(
      executable: strip, arguments: ["--strip-debug", executable], standardOutput: .discard)
    let stripped = try stripping.run()
    guard stripped.status == 0 else {
      throw .childFailed(command: stripping.commandLine, detail: "exit status \(stripped.status)")
    }
  }
}
