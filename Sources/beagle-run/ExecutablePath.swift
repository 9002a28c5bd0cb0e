#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where this process's executable is, for `test` to start its workers with.
///
/// `Bundle.main.executablePath` would answer too, but Foundation builds the main
/// bundle first, and on Linux that lists the executable's whole folder: 60 M
/// instructions at every start for a binary beside 24 000 files (a crowded
/// `/usr/local/bin` or `/tmp`), against 16 M for the whole start-up otherwise.
enum ExecutablePath {
  /// The executable's path; `argument0` (the name it was started by) when the
  /// system cannot say.
  static func current(argument0: String?) -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      if count > 0,
        let path = String(
          validating: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      {
        return path
      }
    #elseif canImport(Darwin)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      if _NSGetExecutablePath(&buffer, &size) == 0 {
        return String(cString: buffer)
      }
    #endif
    return argument0
  }
}
