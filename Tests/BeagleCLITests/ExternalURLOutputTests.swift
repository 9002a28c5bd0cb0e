import BeagleRendering
import Testing

@Suite struct ExternalURLOutputTests {
  static let screen = """
    {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": 0}, "children": [
      {"_beagleComponent_": "beagle:button", "text": "Help", "onPress": [
        {"_beagleAction_": "beagle:openExternalURL", "url": "https://help.example.com"}]},
      {"_beagleComponent_": "beagle:button", "text": "Count", "onPress": [
        {"_beagleAction_": "beagle:setContext", "contextId": "c", "value": 1}]}
    ]}
    """

  @Test("the text shows an external URL in the step that opened it only, like requests")
  func textPerStep() throws {
    let file = try temporaryFile(Array(Self.screen.utf8))
    let outcome = beagleRun(
      file, "--step", #"tap "Help""#, "--step", #"tap "Count""#, "--step", #"tap "Help""#)
    #expect(outcome.code == 0)
    let steps = outcome.output.components(separatedBy: "\nstep ")
    #expect(steps.count == 4)
    let lines = steps.map { step in
      step.split(separator: "\n").filter { $0.hasPrefix("external URL: ") }
    }
    #expect(
      lines == [
        [], ["external URL: https://help.example.com"], [],
        ["external URL: https://help.example.com"],
      ])
  }

  @Test("the JSON state keeps every external URL opened so far, as the schema says")
  func jsonCumulative() throws {
    let file = try temporaryFile(Array(Self.screen.utf8))
    let outcome = beagleRun(
      file, "--format", "json", "--step", #"tap "Help""#, "--step", #"tap "Count""#, "--step",
      #"tap "Help""#)
    #expect(outcome.code == 0)
    let fields = outcome.output.split(separator: "\n").map { line in
      line.components(separatedBy: #""externalURLs":"#).dropFirst().first.map { rest in
        String(rest.prefix { $0 != "]" }) + "]"
      }
    }
    #expect(
      fields == [
        "[]", #"["https://help.example.com"]"#, #"["https://help.example.com"]"#,
        #"["https://help.example.com","https://help.example.com"]"#,
      ])
  }
}
