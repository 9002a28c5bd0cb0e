import BeagleJSON
import Testing

@testable import BeagleRuntime

/// A step evaluates the screen only when it looks at it, and reuses the state's
/// evaluation until the navigator or `global` changes: what it sees must always be
/// the current screen.
@Suite struct StepEvaluationTests {
  static let counter = """
    {"_beagleComponent_": "beagle:container", "context": {"id": "count", "value": 0},
     "children": [
      {"_beagleComponent_": "beagle:text", "text": "Count @{count} of @{global.total}"},
      {"_beagleComponent_": "beagle:button", "text": "Add",
       "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "count",
                    "value": "@{sum(count, 1)}"}]}]}
    """

  @Test("expectations after action steps see each step's changes")
  func expectationsSeeChanges() throws {
    var session = try session(Self.counter)
    _ = session.initialState(log: [])
    #expect(session.perform(.expectText("Count 0 of ")) == .done)
    let setGlobal = try JSONValue(
      parsing:
        #"{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": {"total": 3}}"#)
    #expect(session.perform(.action(setGlobal)) == .done)
    // No state in between: the step after still sees the new global.
    #expect(session.perform(.expectText("Count 0 of 3")) == .done)
    #expect(session.perform(.tap(.text("Add"))) == .done)
    #expect(session.perform(.expectText("Count 1 of 3")) == .done)
    let state = session.state(step: 3, event: "")
    #expect(state.screen.map(Session.visibleTexts(in:)) == ["Count 1 of 3", "Add"])
    #expect(session.perform(.tap(.text("Add"))) == .done)
    #expect(session.perform(.expectNoText("Count 1 of 3")) == .done)
    #expect(
      session.state(step: 4, event: "").screen.map(Session.visibleTexts(in:))?.first
        == "Count 2 of 3")
  }

  @Test("a step that does not look at the screen leaves the state's evaluation for the next")
  func evaluationKept() throws {
    var session = try session(Self.counter)
    _ = session.initialState(log: [])
    let evaluated = session.evaluatedTopScreen()
    #expect(session.perform(.expectStacks(1)) == .done)
    #expect(session.perform(.expectDepth(1)) == .done)
    #expect(session.evaluatedTopScreen() == evaluated)
    #expect(session.perform(.tap(.text("Add"))) == .done)
    #expect(session.evaluatedTopScreen() != evaluated)
  }

  /// A render held for other inputs is garbage: kept while the next one was built, a
  /// script's step after a change of `global` held two renders of the whole screen.
  @Test("a render of other inputs is let go when the next render starts")
  func staleRenderLetGo() throws {
    var session = try session(Self.counter)
    _ = session.initialState(log: [])
    #expect(session.context.evaluatedTop != nil)
    let setGlobal = try JSONValue(
      parsing:
        #"{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": {"total": 3}}"#)
    #expect(session.perform(.action(setGlobal)) == .done)
    session.context.startTopScreenRender()
    let holdsStaleRender = session.context.evaluatedTop != nil
    #expect(!holdsStaleRender)
    // The render started is the one used: the step sees the new global.
    #expect(session.perform(.expectText("Count 0 of 3")) == .done)
    #expect(session.context.evaluatedTop != nil)
  }
}
