#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The resident memory of the current process.
enum ProcessMemory {
  /// The high-water mark of the resident set, in KiB: `VmHWM` from
  /// `/proc/self/status` on Linux, `ru_maxrss` elsewhere.
  static func peakResidentKilobytes() -> Int {
    if let peak = procStatusField("VmHWM:") { return peak }
    var usage = rusage()
    #if canImport(Darwin)
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss) / 1_024  // bytes on Darwin
    #else
      guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss)
    #endif
  }

  /// Reads a `kB` field of `/proc/self/status`.
  private static func procStatusField(_ name: String) -> Int? {
    guard let bytes = try? FileIO.readProcFile("/proc/self/status") else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix(name) {
      let digits = line.dropFirst(name.count).filter(\.isNumber)
      return Int(digits)
    }
    return nil
  }
}
