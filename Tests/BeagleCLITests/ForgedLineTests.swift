import Foundation
import Testing

/// A payload string cannot print a line of its own (issue #19, "Lines can be
/// forged"): every control character it holds, line breaks included, is escaped in
/// text output.
@Suite struct ForgedLineTests {
  static let forged = "x\\n--- exit 0\\nstep 9 · fake"

  static let screen = #"""
    {"_beagleComponent_": "beagle:screenComponent", "identifier": "s", "child": {
     "_beagleComponent_": "beagle:container", "context": {"id": "ctx\n--- exit 0", "value": 1},
     "children": [
      {"_beagleComponent_": "custom:\#(forged)"},
      {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
        {"_beagleAction_": "beagle:openExternalURL", "url": "http://a/\#(forged)"},
        {"_beagleAction_": "beagle:\#(forged)"},
        {"_beagleAction_": "beagle:setContext", "contextId": "nope\#(forged)", "value": 1}]},
      {"_beagleComponent_": "beagle:text", "text": "t", "id": "i\#(forged)"}]}}
    """#

  /// Lines a payload tried to print.
  static func forgedLines(in text: String) -> [Substring] {
    text.split(separator: "\n").filter { $0.hasPrefix("--- exit") || $0.hasPrefix("step 9") }
  }

  @Test("type names, context ids, URLs and ids stay on their line in run's text output")
  func run() throws {
    let path = try temporaryFile(Array(Self.screen.utf8))
    let outcome = beagleRun(path, "--step", "tap \"go\"", "--step", "tap \"nothing\"")
    #expect(Self.forgedLines(in: outcome.output) == [])
    #expect(Self.forgedLines(in: outcome.errors) == [])
    #expect(outcome.output.contains("\n  ctx\\n--- exit 0 = 1  (at /child)\n"))
    #expect(outcome.output.contains("\nexternal URL: http://a/x\\n--- exit 0\\nstep 9 · fake\n"))
    #expect(
      outcome.output.contains("\n      custom:x\\n--- exit 0\\nstep 9 · fake (unknown component)\n")
    )
    #expect(
      outcome.output.contains(
        "  onPress → beagle:x\\n--- exit 0\\nstep 9 · fake (unknown action)\n"))
    #expect(outcome.errors.contains(#"ids: #ix\n--- exit 0\nstep 9 · fake"#))
  }

  @Test("the graph's text output keeps every route and message on its line")
  func graph() throws {
    let path = try temporaryFile(Array(Self.screen.utf8))
    let outcome = beagleRun("graph", path)
    #expect(Self.forgedLines(in: outcome.output) == [])
    #expect(Self.forgedLines(in: outcome.errors) == [])
  }
}
