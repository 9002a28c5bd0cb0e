#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A generated payload file.
struct Payload: Sendable {
  /// How the report names it: `1 MB`, `10 MB`, `1 KB`.
  var label: String
  var path: String
  var byteCount: Int
}

/// The folder of generated payloads (`Benchmarks/.payloads/`, gitignored).
///
/// Files are named after the generator version and their exact size; one that
/// is missing or has another size is generated again.
struct PayloadStore {
  let directory: String

  /// One megabyte, as throughout the report: 10^6 bytes.
  static let megabyte = 1_000_000

  /// The screen of `megabytes` MB, generated if needed.
  func screen(megabytes: Double) throws(BenchError) -> Payload {
    let label = "\(Format.number(megabytes)) MB"
    let name = "beagle-v\(PayloadGenerator.version)-\(Format.number(megabytes))MB.json"
    return try ensure(
      Payload(label: label, path: directory + "/" + name, byteCount: Int(megabytes * 1e6)))
  }

  /// The screen of `megabytes` MB that checks clean (0 errors, 0 warnings), as
  /// `beagle-bench scaling` uses; generated if needed.
  func cleanScreen(megabytes: Double) throws(BenchError) -> Payload {
    let label = "\(Format.number(megabytes)) MB"
    let name = "beagle-clean-v\(PayloadGenerator.version)-\(Format.number(megabytes))MB.json"
    return try ensure(
      Payload(label: label, path: directory + "/" + name, byteCount: Int(megabytes * 1e6)),
      isClean: true)
  }

  /// The ~1 KB screen the CLI start-up time is measured on.
  func smallScreen() throws(BenchError) -> Payload {
    let name = "screen-v\(PayloadGenerator.version)-1KB.json"
    return try ensure(Payload(label: "1 KB", path: directory + "/" + name, byteCount: 1_024))
  }

  private func ensure(_ payload: Payload, isClean: Bool = false) throws(BenchError) -> Payload {
    if FileIO.size(ofFileAt: payload.path) == payload.byteCount { return payload }
    try FileIO.makeDirectory(directory)
    Log.progress("generating \(payload.path) (\(payload.byteCount) bytes)…")
    let bytes = PayloadGenerator.screen(bytes: payload.byteCount, isClean: isClean)
    guard bytes.count == payload.byteCount else {
      throw .invalidArgument(
        "cannot generate a screen of \(payload.byteCount) bytes; the smallest is \(bytes.count)")
    }
    try FileIO.store(bytes, atPath: payload.path)
    return payload
  }
}
