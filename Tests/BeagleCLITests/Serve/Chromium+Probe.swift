import BeagleJSON
import Foundation

extension Chromium {
  /// Loads `html` (a page beagle-run wrote, from a file) with `script` run once it
  /// has loaded, and returns what the script passed to `report(value)`, with the
  /// console's errors and warnings and uncaught exceptions under `__errors`.
  ///
  /// beagle-run's pages forbid every script; the copy given to the browser also
  /// allows inline script, so that the measuring script runs (and so would any
  /// script a payload managed to inject), and keeps forbidding every request.
  static func probe(_ html: String, script: String) throws -> JSONValue {
    let policy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
    var page = html.replacingOccurrences(of: policy, with: policy + "; script-src 'unsafe-inline'")
    let probe = """
      <script>
      const __errors = [];
      window.addEventListener('error', e => __errors.push('error: ' + e.message));
      document.addEventListener('securitypolicyviolation',
        e => __errors.push('policy: ' + e.violatedDirective + ' ' + e.blockedURI));
      function report(value) {
        const pre = document.createElement('pre');
        pre.id = 'probe-result';
        pre.textContent = btoa(unescape(encodeURIComponent(JSON.stringify({value, __errors}))));
        document.body.appendChild(pre);
      }
      window.addEventListener('load', () => {
      \(script)
      });
      </script>
      """
    guard let end = page.range(of: "</body>", options: .backwards) else {
      throw ProbeError.noResult("no </body>")
    }
    page.replaceSubrange(end.lowerBound..<end.lowerBound, with: probe)
    let file = try temporaryFile(Array(page.utf8), name: "page.html")
    let dom = try load(URL(fileURLWithPath: file).absoluteString).dom
    guard let start = dom.range(of: "<pre id=\"probe-result\">"),
      let stop = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
      let data = Data(base64Encoded: String(dom[start.upperBound..<stop.lowerBound]))
    else { throw ProbeError.noResult(String(dom.suffix(500))) }
    let result = try JSONValue(parsing: String(decoding: data, as: UTF8.self))
    guard result["__errors"] == [] else { throw ProbeError.pageErrors(result["__errors"]) }
    return result["value"] ?? .null
  }
}

enum ProbeError: Error {
  case noResult(String)
  case pageErrors(JSONValue?)
}
