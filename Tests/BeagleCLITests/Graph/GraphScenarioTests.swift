import Testing

@testable import BeagleCLI

@Suite struct GraphScenarioTests {
  private func parse(_ text: String) throws(ScenarioError) -> Scenario {
    try ScenarioParser.parse(Array(text.utf8), path: "app/graph.scenario")
  }

  @Test("a graph scenario passes its format and assumption to 'beagle-run graph'")
  func arguments() throws {
    let scenario = try parse(
      "command: graph\nscreen: index.json\nformat: mermaid\nassume: user={\"id\":7}\nstrict: true\n"
    )
    #expect(scenario.command == .graph)
    #expect(
      scenario.arguments == [
        "graph", "index.json", "--format", "mermaid", "--assume", #"user={"id":7}"#, "--strict",
      ])
  }

  @Test("a graph scenario takes no steps")
  func noSteps() {
    #expect(throws: ScenarioError.stepsInGraph(line: 4)) {
      try parse("command: graph\nscreen: index.json\n---\ntap \"Go\"\n")
    }
    #expect(
      ScenarioError.stepsInGraph(line: 3).description
        == "a 'graph' scenario draws the app's navigation graph without running it, so it takes "
        + "no steps")
  }

  @Test("a graph format is refused where it cannot apply, and an unknown command is named")
  func invalid() {
    #expect(
      throws: ScenarioError.invalidValue(
        key: "command", message: "'draw'; expected 'run', 'check' or 'graph'", line: 1)
    ) {
      try parse("command: draw\nscreen: index.json\n")
    }
    #expect(
      throws: ScenarioError.invalidValue(
        key: "format", message: "unknown format 'svg'; expected 'text', 'json', 'dot' or 'mermaid'",
        line: 3)
    ) {
      try parse("command: graph\nscreen: index.json\nformat: svg\n")
    }
  }
}
