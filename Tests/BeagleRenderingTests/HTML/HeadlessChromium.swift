import BeagleJSON
import Foundation
import Testing

/// Headless Chromium from the distribution's packages (`apt-get install chromium`,
/// which `.ci/run` installs when it is absent), driven without any client library:
/// `--dump-dom` prints the page after its own script has written what it measured.
struct HeadlessChromium {
  var executable: String

  /// Chromium on `PATH` (`chromium`, `chromium-browser`), or nil.
  static let found: HeadlessChromium? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      for name in ["chromium", "chromium-browser"] {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) {
          return HeadlessChromium(executable: candidate)
        }
      }
    }
    return nil
  }()

  /// Why browser tests are skipped, as the test report shows it.
  static let skipReason: Comment =
    "Chromium is not installed: the browser tests are skipped (apt-get install chromium; .ci/run installs it)"

  /// Loads `html` (from a file in a fresh folder) and returns the DOM after its
  /// scripts ran.
  func dumpDOM(of html: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "beagle-html-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("page.html")
    try Data(html.utf8).write(to: page)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
      "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
      "--window-size=1600,2000", "--virtual-time-budget=5000", "--dump-dom", page.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Runs `html` with `probe` (a script's body) added at the end of its body; the
  /// probe's result is what it passed to `report(value)`, as JSON.
  ///
  /// The document's policy forbids every script: the copy given to the browser
  /// also allows inline script (so the probe runs, and so would any script the
  /// payload managed to inject), and keeps forbidding every request.
  func run(_ html: String, probe: String) throws -> JSONValue {
    let policy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
    guard html.contains(policy) else { throw ChromiumError.noPolicy }
    var page = html.replacingOccurrences(
      of: policy, with: policy + "; script-src 'unsafe-inline'")
    let script = """
      <script>
      window.__errors = [];
      window.addEventListener('error', e => __errors.push('error: ' + e.message));
      document.addEventListener('securitypolicyviolation',
        e => __errors.push('policy: ' + e.violatedDirective + ' ' + e.blockedURI));
      for (const level of ['error', 'warn']) {
        const original = console[level];
        console[level] = (...args) => { __errors.push(level + ': ' + args.join(' ')); original(...args); };
      }
      function report(value) {
        const pre = document.createElement('pre');
        pre.id = 'probe-result';
        pre.textContent = btoa(unescape(encodeURIComponent(JSON.stringify(value))));
        document.body.appendChild(pre);
      }
      window.addEventListener('load', () => setTimeout(() => {
      \(probe)
      }, 0));
      </script>
      """
    guard let end = page.range(of: "</body>", options: .backwards) else {
      throw ChromiumError.noBody
    }
    page.replaceSubrange(end.lowerBound..<end.lowerBound, with: script)
    let dom = try dumpDOM(of: page)
    guard let start = dom.range(of: "<pre id=\"probe-result\">"),
      let stop = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
      let data = Data(base64Encoded: String(dom[start.upperBound..<stop.lowerBound]))
    else {
      throw ChromiumError.noResult(String(dom.suffix(2000)))
    }
    return try JSONValue(parsing: String(decoding: data, as: UTF8.self))
  }
}

enum ChromiumError: Error {
  case noPolicy, noBody
  case noResult(String)
}
