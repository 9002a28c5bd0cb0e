#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the package's root folder (the one holding `Package.swift` and
/// `Benchmarks/`), where payloads are stored and the CLI is looked for.
enum PackageRoot {
  static func locate() -> String {
    var buffer = [CChar](repeating: 0, count: 4_096)
    if getcwd(&buffer, buffer.count) != nil {
      var directory = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      while !directory.isEmpty {
        if isRoot(directory) { return directory }
        guard let slash = directory.lastIndex(of: "/") else { break }
        directory = String(directory[..<slash])
      }
    }
    // Run from elsewhere: the sources sit at Benchmarks/Sources/beagle-bench/Support/.
    var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(min(5, components.count))
    let fromSources = components.joined(separator: "/")
    return isRoot(fromSources) ? fromSources : "."
  }

  private static func isRoot(_ directory: String) -> Bool {
    FileIO.size(ofFileAt: directory + "/Package.swift") != nil
      && access(directory + "/Benchmarks", F_OK) == 0
  }
}
