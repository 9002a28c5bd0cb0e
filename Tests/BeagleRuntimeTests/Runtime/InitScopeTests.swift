import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

/// An `onInit` runs in its component's scope as it is when the action runs
/// (docs/spec.md §2.19, §4.2, §4.7): the scope the render found for the component is
/// used only while nothing it was rendered from changed; an earlier `onInit` that
/// writes a context makes the later ones read the new value.
@Suite struct InitScopeTests {
  @Test("onInit actions read the nearest contexts of their component")
  func nearestContexts() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": {"n": "outer"}},
       "children": [
        {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": {"n": "inner"}},
         "children": [{"_beagleComponent_": "beagle:text", "text": "x",
           "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "global",
                       "path": "a", "value": "@{c.n}"}]}]},
        {"_beagleComponent_": "beagle:text", "text": "y",
         "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "global",
                     "path": "b", "value": "@{c.n}"}]}]}
      """)
    let state = session.initialState(log: [])
    #expect(state.contexts.last?.value == ["a": "inner", "b": "outer"])
  }

  @Test("a later onInit reads what an earlier one wrote, in the same step")
  func earlierWriteIsSeen() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": 0},
       "children": [
        {"_beagleComponent_": "beagle:text", "text": "@{c}",
         "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "c", "value": 1}]},
        {"_beagleComponent_": "beagle:text", "text": "two",
         "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "global",
                     "value": "@{sum(c, 10)}"}]}]}
      """)
    let state = session.initialState(log: [])
    #expect(state.contexts.map(\.value) == [1, 11])
  }

  @Test("an onInit after a change of global reads the new global")
  func globalChangeIsSeen() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:text", "text": "one",
         "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": 5}]},
        {"_beagleComponent_": "beagle:container", "context": {"id": "d", "value": "x"},
         "children": [{"_beagleComponent_": "beagle:text", "text": "two",
           "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "d",
                       "value": "@{sum(global, 1)}"}]}]}]}
      """)
    let state = session.initialState(log: [])
    #expect(state.contexts.map(\.value) == [6, 5])
  }
}
