import BeagleHTTP
import BeagleJSON
import Foundation
import Testing

@testable import BeagleCLI

/// The preview behind `beagle-run serve`, in process: events run as `run --step`
/// runs steps, failed events change nothing, edits on disk reload and replay.
@Suite struct PreviewTests {
  /// A preview made as `beagle-run serve ARGUMENTS…` would make it.
  static func preview(_ arguments: [String]) throws -> Preview {
    let line = try ArgumentParser.parse(["serve"] + arguments)
    guard case .serve(let options) = line.options else {
      throw UsageError(message: "not serve")
    }
    let environment = CommandLineTool.Environment()
    let script = try RunScript(options: options.run, environment: environment, errors: { _ in })
    return Preview(
      setup: Preview.Setup(
        options: options.run, screenPath: options.run.inputs[0], environment: environment,
        limitSettings: options.limitSettings),
      initialSteps: script.script.steps)
  }

  /// The text of state `step` in `run`'s output.
  static func state(_ step: Int, in output: String) -> String {
    let blocks = output.components(separatedBy: "\nstep ")
    let wanted = blocks.first { $0.hasPrefix("\(step) · ") || $0.hasPrefix("step \(step) · ") }
    guard let wanted else { return "" }
    return (wanted.hasPrefix("step ") ? wanted : "step " + wanted)
      + (wanted.hasSuffix("\n") ? "" : "\n")
  }

  @Test("after the catalog flow's events the preview's state is run --step's, byte for byte")
  func sameAsRun() throws {
    // Examples/catalog/flow.scenario's events (its expectations left out).
    let steps = [
      "tap #add:A-1", "event #list onScrollEnd", "tap #add:D-4", "event #list onScrollEnd",
      "event #refresh onPull", "event #tabs onTabSelection 1", "tap \"Clear cart\"",
      "choose \"Keep\"", "choose \"Ok\"", "tap \"Clear cart\"", "choose \"Clear\"",
    ]
    let preview = try Self.preview(["Examples/catalog/index.json", "--global", #"{"seen": []}"#])
    for step in steps { #expect(preview.perform(step) == .performed, "\(step)") }
    // One more step, so the compared state is not the run's last (whose end reports
    // pending requests: a preview never ends).
    var output = ""
    var errors = ""
    let code = CommandLineTool(environment: .init()).run(
      ["beagle-run", "Examples/catalog/index.json", "--global", #"{"seen": []}"#]
        + (steps + ["expect stacks 1"]).flatMap { ["--step", $0] },
      output: { output += $0 }, errors: { errors += $0 })
    let run = Outcome(code: code, output: output, errors: errors)
    #expect(run.code == 0, "\(run.errors)")
    let expected = Self.state(steps.count, in: run.output)
    #expect(!expected.isEmpty)
    #expect(preview.stateText == expected)
    #expect(preview.eventTexts == steps)
  }

  @Test("an event that cannot be performed changes nothing, is not kept, and says why")
  func failedEvent() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try Self.preview([fixture.screen])
    #expect(preview.perform("tap #inc") == .performed)
    let before = preview.stateText
    let result = preview.perform("tap #missing")
    guard case .failed(let message) = result else {
      Issue.record("expected a failure, got \(result)")
      return
    }
    #expect(message.hasPrefix("nothing on the screen matches #missing"))
    #expect(preview.stateText == before)
    #expect(preview.eventTexts == ["tap #inc"])
    let panel = preview.frame()["panel"]?.stringValue ?? ""
    #expect(
      panel.contains("data-preview-notice=\"error\">&#39;tap #missing&#39; was not performed"))
    #expect(preview.perform("choose \"OK\"") == .failed("no dialog is open to choose \"OK\" in"))
  }

  @Test(
    "only one user step is an event",
    arguments: [
      ("expect text \"Count: 0\"", "'expect' is not an event of the page"),
      ("action {\"_beagleAction_\": \"beagle:popView\"}", "'action' is not an event of the page"),
      ("tap #inc\ntap #inc", "an event is one script step, not 2"),
      ("tapp #inc", "'tapp #inc': unknown step 'tapp'; did you mean 'tap'?"),
    ])
  func invalidEvents(step: String, message: String) throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try Self.preview([fixture.screen])
    guard case .invalid(let text) = preview.perform(step) else {
      Issue.record("\(step) was accepted")
      return
    }
    #expect(text.hasPrefix(message), "\(text)")
    #expect(preview.eventTexts.isEmpty)
  }

  @Test("typing: focus runs onFocus with the text, each change onChange with the whole text")
  func typing() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try Self.preview([fixture.screen])
    for step in ["tap #name", "type #name \"A\"", "type #name \"An\""] {
      #expect(preview.perform(step) == .performed)
    }
    // iOS TextInput: textFieldDidBeginEditing runs onFocus with the current text
    // (empty), shouldChangeCharactersIn runs onChange with the updated text.
    #expect(preview.stateText?.contains(#"text #echo "Focused with '', typed 'An'""#) == true)
  }

  @Test("an edit of the screen reloads it and replays the events on the new payload")
  func reload() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try Self.preview([fixture.screen])
    #expect(preview.perform("tap #inc") == .performed)
    #expect(preview.perform("tap #inc") == .performed)
    #expect(preview.reloadIfChanged() == false)
    try fixture.write(
      "index.json", PreviewFixture.counter.replacingOccurrences(of: "Count: ", with: "Total: "))
    #expect(preview.reloadIfChanged())
    #expect(preview.stateText?.contains(#"text #label "Total: 2""#) == true)
    #expect(preview.eventTexts == ["tap #inc", "tap #inc"])
    let panel = preview.frame()["panel"]?.stringValue ?? ""
    #expect(panel.contains("reloaded after a change on disk; 2 events replayed"))
  }

  @Test("a screen that stops loading keeps the events; fixed, they are replayed")
  func brokenThenFixed() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try Self.preview([fixture.screen])
    #expect(preview.perform("tap #inc") == .performed)
    try fixture.write("index.json", "{\"_beagleComponent_\": ")
    #expect(preview.reloadIfChanged())
    #expect(preview.stateText == nil)
    let device = preview.frame()["device"]?.stringValue ?? ""
    #expect(device.contains("data-preview-load-error"))
    #expect(device.contains("index.json:1:23: error: unexpected end of input; expected a value"))
    #expect(
      preview.perform("tap #inc")
        == .failed("the screen does not load; fix it and the page reloads"))
    try fixture.write("index.json", PreviewFixture.counter)
    #expect(preview.reloadIfChanged())
    #expect(preview.stateText?.contains(#"text #label "Count: 1""#) == true)
  }

  @Test("an event that no longer applies after an edit is dropped with the ones after it")
  func replayStops() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try Self.preview([fixture.screen])
    for step in ["tap #inc", "tap #next", "back", "tap #inc"] {
      #expect(preview.perform(step) == .performed)
    }
    try fixture.write(
      "index.json",
      PreviewFixture.counter.replacingOccurrences(
        of: "\"id\": \"next\"", with: "\"id\": \"onward\""))
    #expect(preview.reloadIfChanged())
    #expect(preview.eventTexts == ["tap #inc"])
    #expect(preview.stateText?.contains(#"text #label "Count: 1""#) == true)
    let panel = preview.frame()["panel"]?.stringValue ?? ""
    #expect(
      panel.contains(
        "event 2 &#39;tap #next&#39; no longer applies (nothing on the screen matches #next"))
    #expect(panel.contains("3 events dropped"))
  }

  @Test("--step events are performed before the page opens")
  func initialSteps() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try Self.preview([fixture.screen, "--step", "tap #inc", "--step", "tap #ask"])
    #expect(preview.eventTexts == ["tap #inc", "tap #ask"])
    let device = preview.frame()["device"]?.stringValue ?? ""
    #expect(device.contains("data-beagle-dialog=\"confirm\""))
    #expect(device.contains("<span class=\"b-dialog-button\" role=\"button\">Yes</span>"))
  }

  @Test("payload text is escaped wherever the page shows it")
  func escaping() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try Self.preview([fixture.screen])
    #expect(preview.perform("tap #next") == .performed)
    let device = preview.frame()["device"]?.stringValue ?? ""
    #expect(!device.contains("<script"))
    #expect(!device.contains("<img"))
    #expect(device.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=&quot;"))
  }

  @Test("a waiting request gets a form; answering it runs onSuccess with the body")
  func respond() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try Self.preview([fixture.screen])
    #expect(preview.perform("tap #load") == .performed)
    let panel = preview.frame()["panel"]?.stringValue ?? ""
    #expect(
      panel.contains("<form class=\"respond\" data-preview-respond=\"1\"><p>#1 GET /profile</p>"))
    #expect(preview.perform(#"respond #1 200 {"visits": 41}"#) == .performed)
    #expect(preview.stateText?.contains(#"text #label "Count: 41""#) == true)
    let after = preview.frame()["panel"]?.stringValue ?? ""
    #expect(!after.contains("Waiting for an answer"))
  }

  @Test("an edit of another screen of the BFF folder reloads too")
  func bffReload() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try Self.preview([fixture.screen])
    #expect(preview.perform("tap #next") == .performed)
    try fixture.write(
      "second.json",
      #"{"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "Changed"},"#
        + #" "child": {"_beagleComponent_": "beagle:text", "text": "new"}}"#)
    #expect(preview.reloadIfChanged())
    #expect(preview.stateText?.contains(#"navigation bar: "Changed""#) == true)
  }
}
