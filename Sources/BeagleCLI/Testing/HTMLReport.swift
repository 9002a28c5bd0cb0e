import BeagleRendering
import Foundation

/// `test --html FILE`: one self-contained page for the whole run: every scenario
/// with its verdict and its storyboard (``HTMLStoryboard``'s frames), and for a
/// failure its golden diff beside the frames. What a CI job keeps as an artifact.
///
/// The frames come with each result (``ScenarioResult/drawing``): the run that was
/// compared with the golden drew them, in the worker that tested the scenario, so
/// what is drawn is what was checked. A scenario that was interrupted (a crash, its
/// time or memory budget), skipped or broken has no frames, and says why.
struct HTMLReport {
  var results: [ScenarioResult]

  /// The page.
  func document() -> String {
    let summary = TestCommand.summary(results)
    var out = HTMLDocument.head(title: "beagle-run test: " + summary)
    out += "<style>\n" + Self.stylesheet + "</style>\n"
    out += "<nav class=\"r-index\">"
    for (index, result) in results.enumerated() {
      out +=
        "<a class=\"r-\(Self.verdict(of: result).lowercased())\" href=\"#scenario-\(index)\">"
        + Self.verdict(of: result) + " " + result.path.htmlEscaped + "</a>"
    }
    out += "</nav>\n"
    for (index, result) in results.enumerated() {
      out += section(result, index: index)
    }
    return out + HTMLDocument.tail
  }

  private func section(_ result: ScenarioResult, index: Int) -> String {
    let verdict = Self.verdict(of: result)
    var out = "<section class=\"r-scenario r-\(verdict.lowercased())\" id=\"scenario-\(index)\""
    out +=
      " data-beagle-scenario=\"" + result.path.htmlEscaped + "\" data-beagle-verdict=\""
      + verdict + "\">"
    let summary = result.summary
    out +=
      "<h2>" + verdict + " " + result.path.htmlEscaped
      + (summary.isEmpty ? "" : ": " + summary.htmlEscaped) + "</h2>"
    let frames = drawing(of: result)
    out += "<div class=\"r-body\">"
    if result.isFailure, !result.details.isEmpty {
      out += "<pre class=\"r-diff\">" + Self.diffLines(result.details) + "</pre>"
    }
    switch frames {
    case .frames(let html):
      out += HTMLDocument.storyboardStart + html + HTMLDocument.storyboardEnd
    case .text(let text):
      out += "<pre class=\"r-output\">" + text.htmlEscaped + "</pre>"
    case .none(let reason):
      out += "<p class=\"r-note\">" + reason.htmlEscaped + "</p>"
    }
    return out + "</div></section>\n"
  }

  private enum Drawing {
    case frames(String)
    /// A check or graph scenario: its output as text.
    case text(String)
    case none(String)
  }

  private func drawing(of result: ScenarioResult) -> Drawing {
    switch result.outcome {
    case .skipped(let reason): return .none("skipped: " + reason)
    case .interrupted(let reason, _): return .none("not drawn: the scenario " + reason)
    case .invalidScenario: return .none("not drawn: the scenario is invalid")
    default: break
    }
    switch result.drawing {
    case .frames(let html): return .frames(html)
    case .text(let text): return .text(text)
    case nil: return .none("not drawn: the test sent no drawing")
    }
  }

  /// `PASS`, `FAIL` or `SKIP`, as the text report says.
  static func verdict(of result: ScenarioResult) -> String {
    result.isSkipped ? "SKIP" : result.isFailure ? "FAIL" : "PASS"
  }

  /// A unified diff's lines, `+` and `-` lines marked for colour.
  static func diffLines(_ diff: String) -> String {
    var out = ""
    for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      let kind =
        line.hasPrefix("+") && !line.hasPrefix("+++")
        ? " class=\"r-added\""
        : line.hasPrefix("-") && !line.hasPrefix("---") ? " class=\"r-removed\"" : ""
      out += "<span\(kind)>" + String(line).htmlEscaped + "</span>\n"
    }
    return out
  }

  static let stylesheet = """
    .r-index{display:flex;flex-wrap:wrap;gap:6px 14px;margin:0 0 16px;font-size:13px}
    .r-index a{text-decoration:none;color:inherit}
    .r-scenario{margin:0 0 28px}
    .r-scenario>h2{font-size:16px;margin:0 0 8px;overflow-wrap:anywhere}
    .r-fail>h2,a.r-fail{color:#c4001a}
    .r-pass>h2,a.r-pass{color:#1f7a1f}
    .r-skip>h2,a.r-skip{color:#8e8e93}
    .r-body{display:flex;gap:16px;align-items:flex-start}
    .r-diff,.r-output{flex:none;max-width:560px;max-height:900px;overflow:auto;margin:0;padding:8px;background:#fff;border-radius:6px;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
    .r-added{background:#e6ffec}
    .r-removed{background:#ffebe9}
    .r-note{margin:0;color:#3a3a3c}

    """
}
