import Foundation
import Testing

/// A UTF-8 byte order mark (which Windows editors write first) before any JSON
/// document beagle-run reads: accepted everywhere (RFC 8259 §8.1 lets a parser ignore
/// it), and positions count from the byte after it, as an editor shows the line.
@Suite struct ByteOrderMarkTests {
  private static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private static func marked(_ text: String) -> [UInt8] { mark + Array(text.utf8) }

  @Test("a screen file with a byte order mark runs as the same file without it")
  func screenFile() throws {
    let text = #"{"_beagleComponent_": "beagle:text", "text": "hi"}"#
    let plain = beagleRun("run", try temporaryFile(Array(text.utf8), name: "s.json"))
    let outcome = beagleRun("run", try temporaryFile(Self.marked(text), name: "s.json"))
    #expect(outcome.code == 0)
    #expect(outcome.output == plain.output)
    #expect(outcome.output.contains(#"    text "hi""#))
  }

  @Test("standard input with a byte order mark runs")
  func standardInput() {
    let text = #"{"_beagleComponent_": "beagle:text", "text": "hi"}"#
    let input = String(decoding: Self.marked(text), as: UTF8.self)
    let outcome = beagleRun("run", "-", stdin: input)
    #expect(outcome.code == 0)
    #expect(outcome.output.contains(#"    text "hi""#))
  }

  @Test("a syntax error right after the mark is placed as without it, excerpt without the mark")
  func syntaxErrorPosition() throws {
    // `"text"` is byte 36 of the line after the mark (39 counting the mark).
    let path = try temporaryFile(
      Self.marked(#"{"_beagleComponent_":"beagle:text" "text":"hi"}"#), name: "bad.json")
    let outcome = beagleRun("check", path)
    #expect(outcome.code == 1)
    #expect(
      outcome.errors.hasPrefix(
        "\(path):1:36: error: unexpected character '\"'; expected ',' or '}' [invalid-json]\n"
          + #"  1 | {"_beagleComponent_":"beagle:text" "text":"hi"}"# + "\n"
          + "    | " + String(repeating: " ", count: 35) + "^\n"))
  }

  @Test("a decoding problem on the first byte after the mark is at 1:1")
  func decodingPosition() throws {
    let path = try temporaryFile(
      Self.marked(#"{"_beagleComponent_":"beagle:text","txt":"hi"}"#), name: "w.json")
    let outcome = beagleRun("check", path)
    #expect(
      outcome.errors.hasPrefix(
        "\(path):1:1: error: missing required field 'text' of 'beagle:text' [missing-field]\n"
          + #"  1 | {"_beagleComponent_":"beagle:text","txt":"hi"}"# + "\n    | ^\n"))
    #expect(
      outcome.errors.contains(
        "\(path):1:42: warning: unknown field 'txt' of 'beagle:text'; did you mean 'text'?"))
  }

  @Test("a manifest, a --global file, a --context file and a mocks file may start with one")
  func otherDocuments() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("beagle-run-bom-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func write(_ name: String, _ text: String) throws {
      try Data(Self.marked(text)).write(to: folder.appendingPathComponent(name))
    }
    try write(
      "screen.json",
      #"{"_beagleComponent_": "beagle:button", "text": "go", "onPress": [{"_beagleAction_": "beagle:sendRequest", "url": "/x", "onSuccess": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": "@{onSuccess.data}"}]}]}"#
    )
    try write("beagle.json", #"{"global": {"from": "manifest"}}"#)
    try write("mocks.json", #"[{"method": "GET", "url": "/x", "status": 200, "body": {"ok": 1}}]"#)
    try write("value.json", #"{"a": 1}"#)
    let screen = folder.appendingPathComponent("screen.json").path
    let manifestRun = beagleRun("run", screen)
    #expect(manifestRun.code == 0)
    #expect(manifestRun.output.contains(#"  global = {"from":"manifest"}"#))
    let mocked = beagleRun(
      "run", screen, "--mocks", folder.appendingPathComponent("mocks.json").path, "--step",
      #"tap "go""#)
    #expect(mocked.code == 0)
    #expect(mocked.output.contains(#"  global = {"ok":1}"#))
    let value = "@" + folder.appendingPathComponent("value.json").path
    #expect(beagleRun("eval", "@{global.a}", "--global", value).output == "1\n")
    #expect(beagleRun("eval", "@{c.a}", "--context", "c=" + value).output == "1\n")
  }
}
