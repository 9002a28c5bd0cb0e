import BeagleJSON
import Foundation
import Testing

/// Issue #19: a number that is not finite follows one rule in both formats
/// (docs/spec.md §5.6): texts show it as the platform prints it, JSON shows null and
/// stays JSON, and the log warns where one is shown or stored (`non-finite-number`).
@Suite struct NonFiniteOutputTests {
  /// A text showing 1.0/0.0, and a button storing 0.0/0.0 into a context.
  private static let screen = #"""
    {
      "_beagleComponent_": "beagle:screenComponent",
      "context": {"id": "n", "value": {"x": 1.5}},
      "child": {
        "_beagleComponent_": "beagle:container",
        "children": [
          {"_beagleComponent_": "beagle:text", "text": "@{divide(1.0, 0.0)}"},
          {"_beagleComponent_": "beagle:text", "text": "x = @{n.x}"},
          {"_beagleComponent_": "beagle:button", "text": "zero",
           "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "n", "path": "x",
                        "value": "@{divide(0.0, 0.0)}"}]}
        ]
      }
    }
    """#

  @Test("text format: texts show inf and nan, the context null, each place a warning")
  func text() throws {
    let path = try temporaryFile(Array(Self.screen.utf8), name: "nan.json")
    let outcome = beagleRun("run", path, "--step", #"tap "zero""#)
    #expect(outcome.code == 0)
    #expect(outcome.output.contains(#"    text "inf""#))
    #expect(outcome.output.contains(#"      text "x = nan""#))
    #expect(outcome.output.contains(#"  n = {"x":null}  (at /)"#))
    #expect(
      outcome.output.contains(
        "  \(path):7:7: warning: 'text' shows 'inf' (ios rule), a number that is not finite: a"
          + " division by zero, or past the largest double [non-finite-number]"
          + " (at /child/children/0/text)\n"))
    #expect(
      outcome.output.contains(
        "  \(path):10:20: warning: setContext: the value holds 'nan' (ios rule), a number that"
          + " is not finite; JSON has no such number, so the state shows null there, and a text"
          + " shows 'nan' [non-finite-number] (at /child/children/2/onPress/0/value)\n"))
    #expect(
      outcome.output.contains(
        "warning: 'text' shows 'nan' (ios rule), a number that is not finite"))
  }

  @Test("JSON format: every line is JSON, the context holds null, warnings carry the rule")
  func json() throws {
    let path = try temporaryFile(Array(Self.screen.utf8), name: "nan.json")
    let outcome = beagleRun("run", path, "--format", "json", "--step", #"tap "zero""#)
    #expect(outcome.code == 0)
    let states = try outcome.output.split(separator: "\n").map {
      try JSONValue(parsing: String($0))
    }
    #expect(states.count == 2)
    let last = try #require(states.last)
    let contexts = try #require(last["contexts"]?.arrayValue)
    #expect(contexts.first?["value"] == ["x": .null])
    let rules = (last["log"]?.arrayValue ?? []).compactMap { $0["rule"]?.stringValue }
    // The setContext that stored it, and the two texts that show one after it.
    #expect(rules.filter { $0 == "non-finite-number" }.count == 3)
    #expect(!outcome.output.contains("nan,") && !outcome.output.contains("inf,"))
  }

  @Test("android and web print NaN and Infinity", arguments: ["android", "web"])
  func otherProfiles(profile: String) throws {
    let path = try temporaryFile(Array(Self.screen.utf8), name: "nan.json")
    let outcome = beagleRun("run", path, "--profile", profile, "--step", #"tap "zero""#)
    #expect(outcome.output.contains(#"    text "Infinity""#))
    #expect(outcome.output.contains(#"      text "x = NaN""#))
    #expect(outcome.output.contains("'text' shows 'Infinity' (\(profile) rule)"))
  }

  @Test("eval prints null, valid JSON, and says why on stderr")
  func eval() {
    let outcome = beagleRun("eval", "@{divide(1.0, 0.0)}")
    #expect(outcome.code == 0)
    #expect(outcome.output == "null\n")
    #expect(
      outcome.errors
        == "beagle-run: warning: the value holds 'inf' (ios rule), a number that is not finite;"
        + " JSON has no such number, so it prints as null [non-finite-number]\n")
    // In a text the number is a word, which JSON holds.
    #expect(beagleRun("eval", "x @{divide(0.0, 0.0)}").output == "\"x nan\"\n")
  }
}
