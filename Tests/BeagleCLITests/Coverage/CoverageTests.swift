import Foundation
import Testing

@testable import BeagleCLI

/// `beagle-run test --coverage` against a screen built for it: a list with two
/// templates (one rendered), a condition (one branch taken) and a navigation
/// button never tapped.
@Suite struct CoverageTests {
  static let shelf = """
    {
      "_beagleComponent_": "beagle:screenComponent",
      "navigationBar": {"title": "Shelf"},
      "child": {
        "_beagleComponent_": "beagle:container",
        "context": {"id": "shelf", "value": {"books": [{"kind": "book", "title": "Dune"}], "open": false}},
        "children": [
          {
            "_beagleComponent_": "beagle:listView",
            "id": "books",
            "dataSource": "@{shelf.books}",
            "templates": [
              {"case": "@{eq(item.kind, 'book')}", "view": {"_beagleComponent_": "beagle:text", "text": "@{item.title}"}},
              {"view": {"_beagleComponent_": "beagle:container", "children": [{"_beagleComponent_": "beagle:text", "text": "other"}]}}
            ]
          },
          {
            "_beagleComponent_": "beagle:button",
            "id": "toggle",
            "text": "Toggle",
            "onPress": [
              {
                "_beagleAction_": "beagle:condition",
                "condition": "@{shelf.open}",
                "onTrue": [{"_beagleAction_": "beagle:setContext", "contextId": "shelf", "path": "open", "value": false}],
                "onFalse": [{"_beagleAction_": "beagle:setContext", "contextId": "shelf", "path": "open", "value": true}]
              }
            ]
          },
          {"_beagleComponent_": "beagle:button", "id": "more", "text": "More", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/more"}}]}
        ]
      }
    }
    """

  private func folder() throws -> ScenarioFolder {
    let folder = try ScenarioFolder()
    try folder.write("shelf.json", Self.shelf)
    try folder.write("shelf.scenario", "screen: shelf.json\n---\ntap \"Toggle\"\n")
    _ = folder.test(".")
    return folder
  }

  @Test("the table counts what ran and lists what never did, with pointers")
  func table() throws {
    let folder = try folder()
    let outcome = folder.test(".", "--coverage")
    #expect(outcome.code == 0)
    #expect(
      outcome.output == """
        PASS  shelf.scenario
        coverage of 1 screen touched by 1 scenario (covered/total)
        screen    components  actions  branches  templates  navigation
        . /shelf         6/8      2/4       1/2        1/2         0/1
        total            6/8      2/4       1/2        1/2         0/1
        never exercised
          . /shelf
            component /child/children/0/templates/1/view  container
            component /child/children/0/templates/1/view/children/0  text
            action /child/children/1/onPress/0/onTrue/0  setContext
            action /child/children/2/onPress/0  pushView
            branch /child/children/1/onPress/0  condition onTrue
            template /child/children/0/templates/1  template of listView #books
            navigation /child/children/2/onPress/0  pushView /more
        1 passed, 0 failed

        """)
  }

  @Test("a second scenario taking the other branch covers it; the JSON file has the counts")
  func merged() throws {
    let folder = try folder()
    try folder.write(
      "twice.scenario", "screen: shelf.json\n---\ntap \"Toggle\"\ntap \"Toggle\"\n")
    _ = folder.test(".")
    let outcome = folder.test(".", "--coverage-json", "coverage.json")
    #expect(outcome.code == 0)
    #expect(
      outcome.output.contains("\n. /shelf         6/8      3/4       2/2        1/2         0/1\n"))
    #expect(!outcome.output.contains("condition onTrue"))
    let json = try #require(folder.read("coverage.json"))
    #expect(
      json
        == #"{"scenarios":2,"screens":[{"folder":".","route":"/shelf","components":{"covered":6,"total":8,"uncovered":[{"at":"/child/children/0/templates/1/view","label":"container"},{"at":"/child/children/0/templates/1/view/children/0","label":"text"}]},"actions":{"covered":3,"total":4,"uncovered":[{"at":"/child/children/2/onPress/0","label":"pushView"}]},"branches":{"covered":2,"total":2,"uncovered":[]},"templates":{"covered":1,"total":2,"uncovered":[{"at":"/child/children/0/templates/1","label":"template of listView #books"}]},"navigation":{"covered":0,"total":1,"uncovered":[{"at":"/child/children/2/onPress/0","label":"pushView /more"}]}}],"total":{"components":{"covered":6,"total":8},"actions":{"covered":3,"total":4},"branches":{"covered":2,"total":2},"templates":{"covered":1,"total":2},"navigation":{"covered":0,"total":1}}}"#
        + "\n")
  }

  @Test("coverage is an option of test only")
  func usage() {
    #expect(throws: UsageError(message: "'--coverage' is an option of 'beagle-run test'")) {
      try ArgumentParser.parse(["run", "screen.json", "--coverage"])
    }
  }

  @Test("without --coverage the session records nothing")
  func offByDefault() throws {
    let folder = try folder()
    let outcome = folder.test(".")
    #expect(outcome.output == "PASS  shelf.scenario\n1 passed, 0 failed\n")
  }
}
