import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct StepRecordTests {
  /// A button whose press navigates to `/a` (a fetch, a navigation event, a screen
  /// analytics record) and runs an unknown action (a warning in the log).
  static let payload = """
    {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
      {"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}},
      {"_beagleAction_": "custom:unknown"}]}
    """

  @Test("a state reports what its step did; the next state starts from an empty record")
  func swappedOut() throws {
    var session = try session(Self.payload, viewClient: screenServer(["/a": screenJSON("a")]))
    _ = session.initialState(log: [])
    #expect(session.perform(.tap(.text("go"))) == .done)
    let step = session.state(step: 1, event: "tap \"go\"")
    #expect(step.actions.map(\.type) == ["beagle:pushView", "custom:unknown"])
    #expect(step.navigationEvent?.operation == .pushView)
    #expect(step.navigationEvent?.to == "/a")
    #expect(step.requests.map(\.url) == ["/a"])
    #expect(step.analytics.map(\.screen) == ["/a"])
    #expect(
      step.log.map(\.message) == [
        "unknown action 'custom:unknown' does nothing (iOS: UnknownAction)"
      ])

    let next = session.state(step: 2, event: "nothing")
    #expect(next.actions.isEmpty)
    #expect(next.navigationEvent == nil)
    #expect(next.requests.isEmpty)
    #expect(next.analytics.isEmpty)
    #expect(next.log.isEmpty)
    #expect(session.context.stepRecord.actionCount == 0)
  }

  @Test("the loader's diagnostics come first in the initial state's log, then the first screen's")
  func initialLog() throws {
    var session = try session(
      #"{"_beagleComponent_": "beagle:container", "onInit": [{"_beagleAction_": "custom:unknown"}]}"#
    )
    let initial = session.initialState(log: [Diagnostic(.note, "loaded")])
    #expect(
      initial.log.map(\.message) == [
        "loaded", "unknown action 'custom:unknown' does nothing (iOS: UnknownAction)",
      ])
  }
}
