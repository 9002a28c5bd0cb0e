import BeagleExpressions
import BeagleTestSupport
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

  /// What `run` prints of a state's bytes through the string output alone: settings
  /// spelled as options, as ``CommandLineTool``'s output does.
  static func printedAsString(_ text: String) -> String {
    text.spellingSettings(OptionTable.spelling(of:)).escapingControlCharacters(
      keepingNewlines: true)
  }

  @Test("a state's bytes print the same when the parts without settings pass as bytes")
  func splitAroundReferences() {
    // Pieces of a state: plain and non-ASCII text, references, and characters whose
    // UTF-8 begins with EE without being one (U+E123, a lone U+E000 or U+E001, a
    // reference to no setting, one cut short); long text parts them into groups.
    let pieces = [
      "plain ", "é 日本 ", "\n", "\u{E123}", "\u{E000}", "\u{E001}", "\u{E000}nothing\u{E001}",
      Setting.maximumNodes.reference, Setting.timeout.reference, "(raise \u{E000}maximumDe",
      "\u{EFFF}", "x", String(repeating: "long ", count: 14),
    ]
    var random = SplitMix(seed: 0x5EED_0004)
    var cases = pieces.map { [$0] } + [[], ["a", Setting.mocks.reference, "b"]]
    for _ in 0..<400 {
      cases.append((0..<random.below(8)).map { _ in pieces[random.below(pieces.count)] })
    }
    var passedAsBytes = 0
    for parts in cases {
      let text = parts.joined()
      var printed: [UInt8] = []
      StatePrinter.write(
        rendered: Array(text.utf8), output: { printed += Array(Self.printedAsString($0).utf8) },
        outputBytes: {
          passedAsBytes += $0.count
          printed += $0
        })
      #expect(printed == Array(Self.printedAsString(text).utf8), "\(parts)")
    }
    // The parts around the references did go as bytes.
    #expect(passedAsBytes > 0)
  }
}
