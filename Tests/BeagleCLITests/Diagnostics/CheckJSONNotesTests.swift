import Testing

@Suite struct CheckJSONNotesTests {
  @Test("check --format json carries a diagnostic's notes, as the text output shows them")
  func notes() throws {
    let file = try temporaryFile(Array(#"{"_beagleComponent_": "custom:chart"}"#.utf8))
    let outcome = beagleRun("check", file, "--format", "json")
    #expect(outcome.code == 0)
    #expect(
      outcome.output
        == #"{"file":"\#(file)","line":1,"column":23,"severity":"warning","message":"unknown component 'custom:chart'","pointer":"/_beagleComponent_","notes":["it is shown as a placeholder and its children are not decoded (iOS: UnknownComponent)"],"rule":"unknown-component"}"#
        + "\n")
    let text = beagleRun("check", file)
    #expect(
      text.errors.contains(
        "note: it is shown as a placeholder and its children are not decoded (iOS: UnknownComponent)\n"
      ))
  }

  @Test("a diagnostic without notes has an empty 'notes' array")
  func noNotes() throws {
    let file = try temporaryFile(
      Array(#"{"_beagleComponent_": "beagle:text", "text": "a", "text": "b"}"#.utf8))
    let outcome = beagleRun("check", file, "--format", "json")
    let line = try #require(outcome.output.split(separator: "\n").first)
    #expect(line.contains(#","notes":[],"#))
  }
}
