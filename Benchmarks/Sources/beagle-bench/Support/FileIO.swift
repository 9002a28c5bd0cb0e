#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plain POSIX file access, so that reading a payload allocates exactly one
/// buffer of its size (going through `Data` would add a copy to the peak memory
/// of the parsers that take bytes).
enum FileIO {
  /// The size of a regular file, or nil when there is none.
  static func size(ofFileAt path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  static func isExecutable(_ path: String) -> Bool {
    access(path, X_OK) == 0 && size(ofFileAt: path) != nil
  }

  /// The `beagle-run` a benchmark times: `cliPath`, or the release build in the
  /// package root; an error saying how to build it when it is not there.
  static func releaseCLI(root: String, cliPath: String?) throws(BenchError) -> String {
    let executable = cliPath ?? root + "/.build/release/beagle-run"
    guard isExecutable(executable) else {
      throw .invalidArgument(
        "no beagle-run at '\(executable)': build it first (swift build -c release --product"
          + " beagle-run) or give --cli PATH")
    }
    return executable
  }

  static func readBytes(atPath path: String) throws(BenchError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .fileError(path: path, operation: "open", code: errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .fileError(path: path, operation: "stat", code: errno)
    }
    let size = Int(info.st_size)
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initializedCount in
      initializedCount = 0
      guard let base = buffer.baseAddress else { return }
      while initializedCount < size {
        let count = read(descriptor, base + initializedCount, size - initializedCount)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {
          failure = count < 0 ? errno : EIO
          return
        }
        initializedCount += count
      }
    }
    guard failure == 0 else { throw .fileError(path: path, operation: "read", code: failure) }
    return bytes
  }

  /// Reads a file whose size `stat` does not know, such as `/proc/self/status`.
  static func readProcFile(_ path: String) throws(BenchError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .fileError(path: path, operation: "open", code: errno) }
    defer { close(descriptor) }
    return readToEnd(descriptor: descriptor)
  }

  /// Everything readable from `descriptor` until end of file (or an error).
  static func readToEnd(descriptor: Int32) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return result }
      result.append(contentsOf: chunk[..<count])
    }
  }

  /// Writes through a temporary file and a rename, so an interrupted run never
  /// leaves a truncated payload with a plausible name.
  static func store(_ bytes: [UInt8], atPath path: String) throws(BenchError) {
    let temporary = path + ".partial"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw .fileError(path: temporary, operation: "create", code: errno)
    }
    var written = 0
    var failure: Int32 = 0
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      while written < buffer.count {
        let count = write(descriptor, base + written, buffer.count - written)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {
          failure = count < 0 ? errno : EIO
          return
        }
        written += count
      }
    }
    close(descriptor)
    guard failure == 0 else { throw .fileError(path: temporary, operation: "write", code: failure) }
    guard rename(temporary, path) == 0 else {
      throw .fileError(path: path, operation: "rename", code: errno)
    }
  }

  static func makeDirectory(_ path: String) throws(BenchError) {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o755) != 0, errno != EEXIST {
        throw .fileError(path: current, operation: "create directory", code: errno)
      }
    }
  }

  /// A new folder of this user's own in the temporary directory (`$TMPDIR`, else
  /// `/tmp`), made by `mkdtemp`.
  static func makeTemporaryFolder() throws(BenchError) -> String {
    let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((temporary + "/beagle-bench-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
      guard let base = buffer.baseAddress, let result = mkdtemp(base) else { return nil }
      return String(cString: result)
    }
    guard let made else {
      throw .fileError(path: temporary, operation: "create a folder in", code: errno)
    }
    return made
  }
}
