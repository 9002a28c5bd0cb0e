import Testing

@testable import BeagleRuntime

@Suite struct ScriptStepFormsTests {
  /// A form's usage with sample arguments: `event TARGET NAME [JSON]` →
  /// `event #x onPull {}`.
  private func sample(_ usage: String) -> String {
    usage.replacingOccurrences(of: "TARGET", with: "#x")
      .replacingOccurrences(of: "#ID", with: "#1")
      .replacingOccurrences(of: "METHOD URL", with: "GET /x")
      .replacingOccurrences(of: "NAME", with: "onPull")
      .replacingOccurrences(of: "[JSON]", with: "{}")
      .replacingOccurrences(of: "JSON", with: "{\"_beagleAction_\": \"beagle:popView\"}")
      .replacingOccurrences(of: "STATUS", with: "200")
      .replacingOccurrences(of: "\"TEXT\"", with: "\"a\"")
      .replacingOccurrences(of: "\"LABEL\"", with: "\"Ok\"")
      .replacingOccurrences(of: "\"…\"", with: "\"a\"")
      .replacingOccurrences(of: " N", with: " 1")
  }

  @Test("every form the help lists is one the parser reads", arguments: ScriptStep.forms)
  func formParses(form: ScriptStep.Form) throws {
    let line = sample(form.usage)
    let script = try Script(parsing: line)
    #expect(script.steps.count == 1, "\(line)")
  }

  @Test("the parser's step words and expectations are the table's")
  func words() {
    #expect(
      ScriptStep.words == ["tap", "type", "event", "back", "action", "choose", "respond", "expect"])
    #expect(ScriptStep.expectations == ["text", "no-text", "title", "stacks", "depth"])
    #expect(
      throws: ScriptError.unknownStep("tpe", suggestion: "type", line: 1),
      performing: { try Script(parsing: "tpe #x \"a\"") })
    #expect(
      ScriptError.unknownExpectation("titel", line: 1).description
        == "unknown expectation 'titel'; did you mean 'title'? (expected 'text', 'no-text',"
        + " 'title', 'stacks' or 'depth')")
  }
}

extension ScriptStep.Form: CustomTestStringConvertible {
  public var testDescription: String { usage }
}
