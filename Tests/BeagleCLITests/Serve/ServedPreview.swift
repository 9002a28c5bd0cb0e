import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `beagle-run serve` running as a process, as a user starts it: the
/// first line of its output names the URL.
final class ServedPreview {
  let process = Process()
  let url: String
  let port: UInt16
  private let folder: URL

  init(_ arguments: [String], in directory: URL) throws {
    guard let executable = builtExecutable() else { throw CocoaError(.fileNoSuchFile) }
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("beagle-run-served-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("stdout")
    try Data().write(to: output)
    try Data().write(to: folder.appendingPathComponent("stderr"))
    process.executableURL = executable
    process.arguments = ["serve"] + arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(
      forWritingTo: folder.appendingPathComponent("stderr"))
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    var line = ""
    while Date() < deadline, process.isRunning {
      let text = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
      if let end = text.firstIndex(of: "\n") {
        line = String(text[..<end])
        break
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    let prefix = "serving http://127.0.0.1:"
    guard line.hasPrefix(prefix), line.hasSuffix("/"),
      let port = UInt16(line.dropFirst(prefix.count).dropLast())
    else {
      process.terminate()
      throw CocoaError(.fileReadCorruptFile, userInfo: ["line": line])
    }
    self.url = "http://127.0.0.1:\(port)/"
    self.port = port
  }

  /// What the server printed on stderr so far.
  var errors: String {
    String(
      decoding: (try? Data(contentsOf: folder.appendingPathComponent("stderr"))) ?? Data(),
      as: UTF8.self)
  }

  /// Sends `signal` and returns the exit status (nil if it did not exit in 30 s).
  func stop(_ signal: Int32 = SIGINT) -> Int32? {
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(30)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning {
      process.terminate()
      return nil
    }
    try? FileManager.default.removeItem(at: folder)
    return process.terminationStatus
  }

  /// The page's current version, read from `/frame` with a plain socket.
  func version() -> Int? {
    guard let response = try? LocalHTTP.get("/frame", port: port),
      let range = response.range(of: #""version":"#)
    else { return nil }
    return Int(response[range.upperBound...].prefix { $0.isNumber })
  }

  /// Waits (at most 30 s) until the page's version passes `version`.
  func waitForVersion(after version: Int) -> Bool {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if let current = self.version(), current > version { return true }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return false
  }
}

/// One GET over a plain socket to 127.0.0.1 (the tests link no HTTP client).
enum LocalHTTP {
  static func get(_ path: String, port: UInt16) throws -> String {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      result += chunk[..<count]
    }
    return String(decoding: result, as: UTF8.self)
  }
}
