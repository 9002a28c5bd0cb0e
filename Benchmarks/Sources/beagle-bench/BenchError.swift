#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the benchmark could not do what was asked.
enum BenchError: Error, Equatable, CustomStringConvertible {
  /// A command-line argument that does not make sense; the text says why.
  case invalidArgument(String)
  /// A file could not be opened, read or written (`errno` kept).
  case fileError(path: String, operation: String, code: Int32)
  /// A child process could not be started.
  case spawnFailed(executable: String, code: Int32)
  /// A child process ended badly or printed something unexpected.
  case childFailed(command: String, detail: String)
  /// A payload is not valid JSON for the parser under test.
  case invalidPayload(path: String, message: String)

  var description: String {
    switch self {
    case .invalidArgument(let message):
      message
    case .fileError(let path, let operation, let code):
      "cannot \(operation) '\(path)': \(String(cString: strerror(code)))"
    case .spawnFailed(let executable, let code):
      "cannot start '\(executable)': \(String(cString: strerror(code)))"
    case .childFailed(let command, let detail):
      "'\(command)' failed: \(detail)"
    case .invalidPayload(let path, let message):
      "'\(path)' is not valid JSON: \(message)"
    }
  }
}
