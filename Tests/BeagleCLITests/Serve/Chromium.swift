import Foundation
import Testing

/// Headless Chromium from the distribution's packages (`apt-get install chromium`),
/// driven without any client library: `--dump-dom` on a page that performs its
/// own scripted events (`?play=`), with the console on stderr and every network
/// request in a NetLog.
struct Chromium {
  /// The browser's path, or nil when it is not installed (the browser tests are
  /// then skipped).
  static let path: String? = [
    "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
  ]
  .first { FileManager.default.isExecutableFile(atPath: $0) }

  static let skipReason: Comment =
    "headless Chromium is not installed (apt-get install chromium): browser tests skipped"

  /// What one page load gave.
  struct Page {
    /// The DOM after the page's script finished (its `?play=` steps included).
    var dom: String
    /// Console messages (`INFO:CONSOLE…` lines of stderr).
    var console: [String]
    /// Every URL the page requested (the browser's own background requests left out).
    var requests: [String]
  }

  /// Loads `url` and returns its DOM once its script went idle (virtual time lets
  /// every fetch finish first).
  static func load(_ url: String) throws -> Page {
    guard let path else { throw CocoaError(.fileNoSuchFile) }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("beagle-run-chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let netLog = folder.appendingPathComponent("net.json")
    let output = folder.appendingPathComponent("dom.html")
    let errors = folder.appendingPathComponent("stderr.txt")
    try Data().write(to: output)
    try Data().write(to: errors)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-extensions", "--disable-default-apps",
      "--user-data-dir=" + folder.appendingPathComponent("profile").path,
      "--enable-logging=stderr", "--v=0", "--log-net-log=" + netLog.path,
      "--virtual-time-budget=15000", "--dump-dom", url,
    ]
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning { process.terminate() }
    let stderr = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
    return Page(
      dom: String(decoding: try Data(contentsOf: output), as: UTF8.self),
      console: stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init),
      requests: pageRequests(in: netLog))
  }

  /// The URLs of the requests the page started (their initiator is its origin),
  /// wherever they go: an `<img>` pointing elsewhere is listed. The browser's own
  /// background requests, and those it makes for the page (autofill), have no
  /// origin as initiator.
  private static func pageRequests(in netLog: URL) -> [String] {
    guard let data = try? Data(contentsOf: netLog),
      let log = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let events = log["events"] as? [[String: Any]]
    else { return [] }
    var urls: [String] = []
    for event in events {
      // The browser's own requests made for the page (autofill) say "not an origin".
      guard let params = event["params"] as? [String: Any],
        let key = params["network_isolation_key"] as? String, key.contains("127.0.0.1"),
        let initiator = params["initiator"] as? String, initiator.hasPrefix("http"),
        let url = params["url"] as? String
      else { continue }
      urls.append(url)
    }
    return urls
  }

  /// `?play=` for DOM actions, one a line (`click|SELECTOR`, `type|SELECTOR|TEXT`, …).
  static func playQuery(_ lines: [String]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return "?play="
      + (lines.joined(separator: "\n").addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
  }
}
