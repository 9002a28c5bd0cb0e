import Foundation
import Testing

/// Runs the built `beagle-run` executable on hostile inputs: none may crash or hang.
@Suite(.serialized) struct EndToEndTests {
  @Test("the executable runs an example and exits 0")
  func example() throws {
    let outcome = try runProcess(["Examples/shop/index.json"])
    #expect(outcome.code == 0)
    #expect(outcome.output.hasPrefix("step 0 · load /"))
  }

  @Test("a screen piped through stdin, with its folder as BFF, prints the same as the file")
  func pipe() throws {
    let data = try Data(
      contentsOf: repositoryRoot.appendingPathComponent("Examples/shop/index.json"))
    #expect(
      try runProcess(["-", "--bff", "Examples/shop"], stdin: data).output
        == runProcess(["Examples/shop/index.json"]).output)
  }

  @Test(
    "hostile inputs give a located error, never a crash",
    arguments: [
      (
        "truncated", Array(#"{"_beagleComponent_": "beagle:container", "children": [{"#.utf8),
        "1:57"
      ),
      ("binary", [0x00, 0xFF, 0xFE, 0x13, 0x37] + Array(repeating: 0x80, count: 64), "1:1"),
      ("deep arrays", Array(String(repeating: "[", count: 100_000).utf8), "1:513"),
      ("deep objects", Array(String(repeating: #"{"a":"#, count: 100_000).utf8), "1:2561"),
    ] as [(String, [UInt8], String)])
  func hostile(name: String, bytes: [UInt8], position: String) throws {
    let file = try temporaryFile(bytes)
    let outcome = try runProcess([file])
    #expect(outcome.code == 1, "\(name)")
    #expect(outcome.errors.hasPrefix("\(file):\(position): error: "), "\(name): \(outcome.errors)")
  }

  @Test("a large payload of many screens' worth of components runs")
  func large() throws {
    let item = #"{"_beagleComponent_": "beagle:text", "text": "item é \u00e9 @{x}"}"#
    let text =
      #"{"_beagleComponent_": "beagle:container", "children": ["#
      + Array(repeating: item, count: 20_000).joined(separator: ",") + "]}"
    let file = try temporaryFile(Array(text.utf8))
    let outcome = try runProcess(["check", file])
    // Every text binds '@{x}', which no component declares: one warning each.
    #expect(outcome.code == 0)
    #expect(outcome.output == "checked 1 file: 0 errors, 20000 warnings\n")
  }
}
