import Foundation
import Testing

/// The libraries name a setting in their messages; the command line spells it as its
/// option everywhere a user sees it: the log, the request record, and the app's own
/// data (`onError.message`).
@Suite struct SettingSpellingTests {
  @Test("a body over --max-body-bytes names the option in the log, the request and onError.message")
  func bodyLimit() throws {
    let server = try TestHTTPServer(routes: [
      "/big": .json(#"{"items": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}"#)
    ])
    defer { server.shutdown() }
    let message =
      "the answer of '\(server.baseURL)/big' is larger than 10 bytes (--max-body-bytes); it was"
      + " not read further"
    // The option's characters are data an expression can read, as they were.
    let start = message.distance(
      from: message.startIndex, to: message.range(of: "(--")?.lowerBound ?? message.endIndex)
    let screen = try temporaryFile(
      Array(
        #"""
        {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": ""},
         "onInit": [{"_beagleAction_": "beagle:sendRequest", "url": "/big",
           "onError": [{"_beagleAction_": "beagle:setContext", "contextId": "c",
                        "value": "@{onError.message}"}]}],
         "children": [{"_beagleComponent_": "beagle:text", "text": "@{c}"},
                      {"_beagleComponent_": "beagle:text", "text": "@{substr(c, \#(start), 18)}"}]}
        """#.utf8))
    let outcome = beagleRun(screen, "--base-url", server.baseURL, "--max-body-bytes", "10")
    #expect(outcome.code == 1)
    #expect(outcome.output.contains("    text \"\(message)\"\n"))
    #expect(outcome.output.contains("    text \"(--max-body-bytes)\"\n"))
    #expect(outcome.output.contains(#""error":"\#(message)"}"#))
    #expect(!outcome.output.contains("\u{E000}"))
  }
}
