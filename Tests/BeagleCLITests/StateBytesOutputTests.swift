import Foundation
import Testing

@testable import BeagleCLI

/// The executable hands `run`'s text and JSON states to standard output as bytes
/// (``CommandLineTool/run(_:output:outputBytes:errors:)``), without making strings of
/// them; what it prints is still exactly what the library's string output gives: control
/// characters escaped, settings spelled as their options.
@Suite struct StateBytesOutputTests {
  /// ESC, DEL and a C1 character in a text; a list over more items than `--max-nodes`
  /// lets render, whose error names the setting.
  static let payload = """
    {"_beagleComponent_": "beagle:container", "children": [
      {"_beagleComponent_": "beagle:text", "text": "esc\\u001b del\\u007f c1\\u0085 é"},
      {"_beagleComponent_": "beagle:listView", "dataSource": [1, 2, 3, 4, 5, 6],
       "template": {"_beagleComponent_": "beagle:text", "text": "@{item}"}}]}
    """

  @Test(
    "the executable prints the states the library prints",
    arguments: [
      ["run"], ["run", "--format", "json"], ["run", "--max-nodes", "4"],
      ["run", "--format", "json", "--max-nodes", "4"],
    ])
  func sameAsLibrary(arguments: [String]) throws {
    let file = try temporaryFile(Array(Self.payload.utf8))
    let process = try runProcess(arguments + [file])
    let library = CommandLineTool(environment: .init())
    var output = ""
    var errors = ""
    let code = library.run(
      ["beagle-run"] + arguments + [file], output: { output += $0 }, errors: { errors += $0 })
    #expect(process.code == code)
    #expect(process.output == output)
    #expect(!output.isEmpty)
  }

  @Test("control characters and setting references reach the output escaped and spelled")
  func escapedAndSpelled() throws {
    let file = try temporaryFile(Array(Self.payload.utf8))
    let json = try runProcess(["run", "--format", "json", "--max-nodes", "4", file]).output
    // JSON's own escapes for ESC, DEL and C1, so the line stays valid JSON.
    #expect(json.contains(#"esc\u001b del\u007f c1\u0085 é"#))
    for line in json.split(separator: "\n") where line.hasPrefix("{") {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil)
    }
    #expect(json.contains("raise --max-nodes to render more"))
    #expect(!json.unicodeScalars.contains { $0.value == 0x7F || $0.value == 0x85 })
    let text = try runProcess(["run", file]).output
    #expect(text.contains(#"text "esc\u{1B} del\u{7F} c1\u{85} é""#))
  }

  @Test(
    "bytes pass unchanged only without settings to spell or control characters to escape",
    arguments: [
      ("plain é 日本\n", true), ("tab\there", false), ("del\u{7F}", false), ("c1\u{85}", false),
      ("setting \u{E000}maximumNodes\u{E001}", false), ("", true),
    ])
  func passesUnchanged(text: String, expected: Bool) {
    #expect(CommandLineTool.passesUnchanged(Array(text.utf8)) == expected)
  }
}
