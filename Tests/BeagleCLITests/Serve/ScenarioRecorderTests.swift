import Foundation
import Testing

@testable import BeagleCLI

/// Recording by clicking: the events become a scenario beside the screen, with a
/// golden, that `beagle-run test` passes; nothing is written anywhere else, over
/// a file without asking, or through a link.
@Suite struct ScenarioRecorderTests {
  @Test("the events are saved as a scenario and golden that beagle-run test passes")
  func records() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try PreviewTests.preview([fixture.screen, "--profile", "ios", "--timeout", "5"])
    for step in [
      "tap #inc", "tap #name", "type #name \"Ana\"", "tap #ask", "choose \"No\"", "tap #next",
    ] {
      #expect(preview.perform(step) == .performed, "\(step)")
    }
    let result = preview.record(name: "clicked", overwrite: false)
    let scenario = fixture.path("clicked.scenario")
    #expect(
      result
        == .success(
          "saved \(scenario) (6 steps) and its golden \(fixture.path("clicked.expected"));"
            + " beagle-run test \(scenario) passes"))
    #expect(
      fixture.read("clicked.scenario")
        == """
        # Recorded by beagle-run serve: the events performed on the page, in order.
        screen: index.json
        profile: ios
        timeout: 5
        ---
        tap #inc
        tap #name
        type #name "Ana"
        tap #ask
        choose "No"
        tap #next

        """)
    // The golden is what `run` prints for the same steps.
    let golden = fixture.read("clicked.expected") ?? ""
    #expect(golden.contains("step 6 · tap #next"))
    let test = beagleRun("test", scenario)
    #expect(test.code == 0, "\(test.output)")
    #expect(test.output.hasSuffix("1 passed, 0 failed\n"))
  }

  @Test("an existing scenario is replaced only when asked")
  func overwrite() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try PreviewTests.preview([fixture.screen])
    #expect(preview.perform("tap #inc") == .performed)
    try fixture.write("mine.scenario", "screen: index.json\n")
    #expect(
      preview.record(name: "mine.scenario", overwrite: false)
        == .failure(
          .init(
            message: "'\(fixture.path("mine.scenario"))' exists; tick 'overwrite' to replace it")))
    #expect(fixture.read("mine.scenario") == "screen: index.json\n")
    guard case .success = preview.record(name: "mine.scenario", overwrite: true) else {
      Issue.record("overwrite refused")
      return
    }
    #expect(fixture.read("mine.scenario")?.hasSuffix("---\ntap #inc\n") == true)
  }

  @Test("a symbolic link is never written through")
  func symlink() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let outside = try PreviewFixture()
    defer { outside.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: fixture.path("link.scenario"), withDestinationPath: outside.path("victim.scenario"))
    let preview = try PreviewTests.preview([fixture.screen])
    for overwrite in [false, true] {
      #expect(
        preview.record(name: "link", overwrite: overwrite)
          == .failure(
            .init(
              message:
                "'\(fixture.path("link.scenario"))' is a symbolic link; beagle-run serve does not write through links"
            )))
    }
    #expect(outside.read("victim.scenario") == nil)
  }

  @Test(
    "a scenario name is a bare file name",
    arguments: ["../escape", "sub/name", ".hidden", "", "na me", "/etc/passwd", "a\u{0}b"])
  func names(name: String) throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let preview = try PreviewTests.preview([fixture.screen])
    guard case .failure(let refusal) = preview.record(name: name, overwrite: true) else {
      Issue.record("'\(name)' was accepted")
      return
    }
    #expect(
      refusal.message.hasSuffix(
        "is not a scenario name: use letters, digits, '.', '_' and '-' only (no folder: the scenario is saved beside the screen)"
      ))
  }

  @Test("a file the header would name outside the screen's folder is refused")
  func outsideRoot() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let outside = try PreviewFixture()
    defer { outside.remove() }
    let preview = try PreviewTests.preview([fixture.screen, "--bff", outside.folder.path])
    #expect(
      preview.record(name: "away", overwrite: false)
        == .failure(
          .init(
            message:
              "'--bff \(outside.folder.path)' is outside the screen's folder, and a scenario's files must stay in its folder; move it there to record this run"
          )))
    #expect(fixture.read("away.scenario") == nil)
  }
}
