import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program to completion with `posix_spawn` and `wait4`, which (unlike
/// `Foundation.Process`) hands back the child's own resource usage.
struct ChildProcess {
  /// What to do with the child's standard output and error.
  enum Output {
    case capture
    case discard
    case inherit
  }

  /// How a child ended.
  struct Outcome {
    /// The exit code, or 128 + the signal number when a signal ended it.
    var status: Int32
    /// Standard output, when captured.
    var output: String
    /// The child's peak resident set (`ru_maxrss`), in KiB.
    var peakResidentKilobytes: Int
    /// From just before the spawn to just after the wait.
    var wallTime: Duration
    /// The child's CPU time, user and system (`ru_utime` + `ru_stime`).
    var cpuTime: Duration
  }

  var executable: String
  var arguments: [String]
  var standardOutput = Output.capture
  var standardError = Output.inherit
  /// Environment variables the child does not inherit.
  var removedVariables: [String] = []

  /// The command as a shell would show it, for messages.
  var commandLine: String { ([executable] + arguments).joined(separator: " ") }

  func run() throws(BenchError) -> Outcome {
    var pipeEnds: [Int32] = [-1, -1]
    if standardOutput == .capture {
      guard pipe(&pipeEnds) == 0 else { throw .spawnFailed(executable: executable, code: errno) }
    }
    let arguments = CStrings([executable] + arguments)
    let environment = CStrings(
      ProcessInfo.processInfo.environment.filter { !removedVariables.contains($0.key) }
        .map { "\($0.key)=\($0.value)" }.sorted())

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch standardOutput {
    case .capture:
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
      posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    case .discard:
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    case .inherit:
      break
    }
    if standardError == .discard {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }

    var pid: pid_t = 0
    let start = ContinuousClock.now
    let spawnResult = withExtendedLifetime((arguments, environment)) {
      posix_spawn(&pid, executable, &actions, nil, arguments.pointers, environment.pointers)
    }
    if standardOutput == .capture { close(pipeEnds[1]) }
    guard spawnResult == 0 else {
      if standardOutput == .capture { close(pipeEnds[0]) }
      throw .spawnFailed(executable: executable, code: spawnResult)
    }
    var output: [UInt8] = []
    if standardOutput == .capture {
      output = FileIO.readToEnd(descriptor: pipeEnds[0])
      close(pipeEnds[0])
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw .childFailed(command: commandLine, detail: "wait failed") }
    }
    let wallTime = ContinuousClock.now - start
    // The W* macros are not imported: low 7 bits are the signal, the next byte the code.
    let signal = status & 0x7F
    let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    #if canImport(Darwin)
      let peak = Int(usage.ru_maxrss) / 1_024
    #else
      let peak = Int(usage.ru_maxrss)
    #endif
    let cpuTime =
      Duration.seconds(Int64(usage.ru_utime.tv_sec) + Int64(usage.ru_stime.tv_sec))
      + Duration.microseconds(Int64(usage.ru_utime.tv_usec) + Int64(usage.ru_stime.tv_usec))
    return Outcome(
      status: exitStatus, output: String(decoding: output, as: UTF8.self),
      peakResidentKilobytes: peak, wallTime: wallTime, cpuTime: cpuTime)
  }

  /// The path of an executable found on `PATH`, if any.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = directory + "/" + name
      if FileIO.isExecutable(candidate) { return candidate }
    }
    return nil
  }

  /// The path of the running executable, to re-run it as a measuring child.
  static func currentExecutable() -> String {
    var buffer = [CChar](repeating: 0, count: 4_096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if length > 0 {
      return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return Bundle.main.executablePath ?? CommandLine.arguments.first ?? "beagle-bench"
  }
}

/// A NUL-terminated `char *` array for `posix_spawn`, freed when released.
private final class CStrings {
  let pointers: [UnsafeMutablePointer<CChar>?]

  init(_ strings: [String]) {
    pointers = strings.map { strdup($0) } + [nil]
  }

  deinit {
    for pointer in pointers { free(pointer) }
  }
}
