import Foundation

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

extension Payload {
  /// A screen the user gives (`--screen PATH`: one from another generator, or a BFF's),
  /// measured as it is; labelled with its file name and size.
  static func given(_ path: String) throws(BenchError) -> Payload {
    let size: Int
    do {
      // A link is measured as the file it names.
      let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      let attributes = try FileManager.default.attributesOfItem(atPath: resolved)
      guard (attributes[.type] as? FileAttributeType) == .typeRegular,
        let bytes = (attributes[.size] as? NSNumber)?.intValue, bytes > 0
      else {
        throw BenchError.invalidArgument("--screen '\(path)' is not a non-empty file")
      }
      size = bytes
    } catch let error as BenchError {
      throw error
    } catch {
      throw .invalidArgument("--screen '\(path)' cannot be read: \(error.localizedDescription)")
    }
    let name = (path as NSString).lastPathComponent
    return Payload(
      label: "\(name), \(Format.fixed(Double(size) / 1_000_000, 2)) MB", path: path,
      byteCount: size)
  }
}

/// The folder of generated payloads (`Benchmarks/.payloads/`, gitignored).
///
/// Files are named after the generator version and their exact size; one that
/// is missing or has another size is generated again.
struct PayloadStore {
  let directory: String

  /// One megabyte, as throughout the report: 10^6 bytes.
  static let megabyte = 1_000_000

  /// The screen of `megabytes` MB, generated if needed: minified (as BFFs send
  /// screens) unless `isMinified` is false.
  func screen(megabytes: Double, isMinified: Bool = true) throws(BenchError) -> Payload {
    try ensure(megabytes: megabytes, prefix: "beagle", isClean: false, isMinified: isMinified)
  }

  /// The screen of `megabytes` MB that checks clean (0 errors, 0 warnings), as
  /// `beagle-bench scaling` uses; generated if needed.
  func cleanScreen(megabytes: Double, isMinified: Bool = true) throws(BenchError) -> Payload {
    try ensure(megabytes: megabytes, prefix: "beagle-clean", isClean: true, isMinified: isMinified)
  }

  /// The ~1 KB screen (minified) the CLI start-up time is measured on.
  func smallScreen() throws(BenchError) -> Payload {
    let name = "screen-v\(PayloadGenerator.version)-1KB.json"
    return try ensure(
      Payload(label: "1 KB", path: directory + "/" + name, byteCount: 1_024), isClean: false,
      isMinified: true)
  }

  /// `PREFIX-vN-SIZEMB.json`, or `PREFIX-vN-pretty-SIZEMB.json` pretty-printed.
  private func ensure(
    megabytes: Double, prefix: String, isClean: Bool, isMinified: Bool
  ) throws(BenchError) -> Payload {
    let size = Format.number(megabytes)
    let layout = isMinified ? "" : "pretty-"
    let name = "\(prefix)-v\(PayloadGenerator.version)-\(layout)\(size)MB.json"
    return try ensure(
      Payload(
        label: "\(size) MB" + (isMinified ? "" : " pretty"), path: directory + "/" + name,
        byteCount: Int(megabytes * 1e6)),
      isClean: isClean, isMinified: isMinified)
  }

  private func ensure(
    _ payload: Payload, isClean: Bool, isMinified: Bool
  ) throws(BenchError) -> Payload {
    if FileIO.size(ofFileAt: payload.path) == payload.byteCount { return payload }
    try FileIO.makeDirectory(directory)
    Log.progress("generating \(payload.path) (\(payload.byteCount) bytes)…")
    let bytes = PayloadGenerator.screen(
      bytes: payload.byteCount, isClean: isClean, isMinified: isMinified)
    guard bytes.count == payload.byteCount else {
      throw .invalidArgument(
        "cannot generate a screen of \(payload.byteCount) bytes; the smallest is \(bytes.count)")
    }
    try FileIO.store(bytes, atPath: payload.path)
    return payload
  }
}
