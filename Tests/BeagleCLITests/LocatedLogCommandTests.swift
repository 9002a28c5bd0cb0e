import BeagleJSON
import BeagleRuntime
import Foundation
import Testing

@testable import BeagleCLI

/// Run-time diagnostics are located as decode ones are: `file:line:column` before
/// the message in text, `file`, `line`, `column` in JSON; the line that ends a run
/// with errors names the first (docs/running.md, "Drive it like a user").
@Suite struct LocatedLogCommandTests {
  static let index = """
    {"_beagleComponent_": "beagle:container", "children": [
      {"_beagleComponent_": "beagle:button", "text": "Next", "onPress": [
        {"_beagleAction_": "beagle:pushView", "route": {"url": "/next"}}]},
      {"_beagleComponent_": "beagle:button", "text": "Promo", "onPress": [
        {"_beagleAction_": "beagle:pushView", "route": {"url": "/promotions"}}]}]}
    """
  static let next = """
    {"_beagleComponent_": "beagle:screenComponent",
     "child": {"_beagleComponent_": "beagle:button", "text": "Promo", "onPress": [
       {"_beagleAction_": "beagle:pushView", "route": {"url": "/promotions"}}]}}
    """
  static let noScreen =
    "error: no screen for '/promotions' in '.': tried 'promotions.json' and"
    + " 'promotions/index.json'; no navigation happens (iOS shows an error on the current screen)"

  private func run(_ arguments: String...) throws -> Outcome {
    let folder = try ScenarioFolder()
    try folder.write("index.json", Self.index)
    try folder.write("next.json", Self.next)
    let tool = CommandLineTool(environment: .init(workingDirectory: folder.path))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run"] + arguments, output: { output += $0 }, errors: { errors += $0 })
    return Outcome(code: code, output: output, errors: errors)
  }

  /// The log lines of state `step` in text output.
  private func log(_ output: String, step: Int) -> [Substring] {
    var state = -1
    var isInLog = false
    var lines: [Substring] = []
    for line in output.split(separator: "\n") {
      if !line.hasPrefix(" ") {
        if line.hasPrefix("step "), let number = Int(line.dropFirst(5).prefix { $0 != " " }) {
          state = number
        }
        isInLog = line == "log"
      } else if isInLog, state == step {
        lines.append(line)
      }
    }
    return lines
  }

  @Test("the same pointer on two screens is told apart by its file, line and column")
  func twoScreens() throws {
    let outcome = try run(
      "index.json", "--step", #"tap "Promo""#, "--step", #"tap "Next""#, "--step",
      #"tap "Promo""#)
    #expect(outcome.code == 1)
    #expect(
      log(outcome.output, step: 1) == [
        "  index.json:5:5: \(Self.noScreen) [navigation-destination-unavailable] (at /children/1/onPress/0/route)"
      ])
    #expect(
      log(outcome.output, step: 3) == [
        "  next.json:3:4: \(Self.noScreen) [navigation-destination-unavailable] (at /child/onPress/0/route)"
      ])
    #expect(
      outcome.errors
        == "beagle-run: error: the run logged errors; the first, at step 1: index.json:5:5: \(Self.noScreen)\n"
    )
  }

  @Test("in JSON a run-time log entry has the file, line and column decode entries have")
  func json() throws {
    let outcome = try run(
      "index.json", "--format", "json", "--step", #"tap "Next""#, "--step", #"tap "Promo""#)
    #expect(outcome.code == 1)
    let states = try outcome.output.split(separator: "\n").map {
      try JSONValue(parsing: Array($0.utf8))
    }
    #expect(states.count == 3)
    #expect(
      states.last?["log"]
        == [
          [
            "severity": "error", "message": .string(String(Self.noScreen.dropFirst(7))),
            "pointer": "/child/onPress/0/route", "rule": "navigation-destination-unavailable",
            "file": "next.json", "line": 3, "column": 4,
          ]
        ])
  }

  @Test("a lazy component's actions are placed in the document it was fetched from")
  func lazyComponent() throws {
    let folder = try ScenarioFolder()
    try folder.write(
      "index.json",
      """
      {"_beagleComponent_": "beagle:screenComponent",
       "child": {"_beagleComponent_": "beagle:container", "children": [
         {"_beagleComponent_": "beagle:lazyComponent", "path": "/part",
          "initialState": {"_beagleComponent_": "beagle:text", "text": "loading"}}]}}
      """)
    try folder.write(
      "part.json",
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [
          {"_beagleAction_": "beagle:alert", "message": "hi"},
          {"_beagleAction_": "beagle:pushView", "route": {"url": "/nowhere"}}]}]}
      """)
    let tool = CommandLineTool(environment: .init(workingDirectory: folder.path))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run", "index.json", "--step", #"tap "Go""#], output: { output += $0 },
      errors: { errors += $0 })
    #expect(code == 1)
    let error =
      "part.json:4:5: error: no screen for '/nowhere' in '.': tried 'nowhere.json' and"
      + " 'nowhere/index.json'; no navigation happens (iOS shows an error on the current screen)"
    #expect(
      log(output, step: 1) == [
        "  \(error) [navigation-destination-unavailable] (at /children/0/onPress/1/route)",
        "  part.json:3:5: warning: alert \"hi\" is still open at the end of the run; answer it"
          + " with a 'choose' step (choose \"Ok\") [alert-open-at-end] (at /children/0/onPress/0)",
      ])
    #expect(errors == "beagle-run: error: the run logged errors; the first, at step 1: \(error)\n")
  }

  @Test(
    "the summary names the first error, after its place when it has one, else with its pointer",
    arguments: [
      (
        "index.json:5:5", "/children/1/onPress/0/route",
        "at step 2: index.json:5:5: error: no screen"
      ),
      (nil, "/route", "at step 2: error: no screen (at /route)"),
      (nil, nil, "at step 2: error: no screen"),
    ] as [(String?, String?, String)])
  func summary(place: String?, pointer: String?, expected: String) {
    let error = LoggedError(
      step: 2, place: place,
      diagnostic: Diagnostic(
        .error, "no screen", pointer: pointer.flatMap(JSONPointer.init(parsing:))))
    #expect(error.summary == expected)
    #expect(
      RunVerdict(hasSteps: true, inputErrors: 0, loggedError: true, firstError: error)
        == RunVerdict(
          code: 1, message: "beagle-run: error: the run logged errors; the first, \(expected)\n"))
  }
}
