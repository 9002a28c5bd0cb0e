import BeagleJSON
import Testing

@testable import BeagleRuntime

/// A screen's components by id, kept in step with its tree so that `addChildren`
/// finds its target without walking the screen.
@Suite struct ComponentIndexTests {
  /// Buttons that add into `box`, into `inner` (which the first adds), and that
  /// replace `box`'s children.
  static let payload = """
    {"_beagleComponent_": "beagle:container", "children": [
      {"_beagleComponent_": "beagle:container", "id": "box", "children": [
        {"_beagleComponent_": "beagle:text", "text": "old"}]},
      {"_beagleComponent_": "beagle:button", "text": "add inner", "onPress": [
        {"_beagleAction_": "beagle:addChildren", "componentId": "box", "value": [
          {"_beagleComponent_": "beagle:container", "id": "inner", "children": []}]}]},
      {"_beagleComponent_": "beagle:button", "text": "into inner", "onPress": [
        {"_beagleAction_": "beagle:addChildren", "componentId": "inner", "value": [
          {"_beagleComponent_": "beagle:text", "text": "deep"}]}]},
      {"_beagleComponent_": "beagle:button", "text": "replace", "onPress": [
        {"_beagleAction_": "beagle:addChildren", "componentId": "box", "mode": "REPLACE",
         "value": [{"_beagleComponent_": "beagle:text", "text": "fresh"}]}]}]}
    """

  @Test("a component added by addChildren is a target at once; one replaced away is not")
  func addedAndRemoved() throws {
    var session = try session(Self.payload)
    #expect(session.perform(.tap(.text("add inner"))) == .done)
    #expect(session.perform(.tap(.text("into inner"))) == .done)
    #expect(texts(&session) == ["old", "deep", "add inner", "into inner", "replace"])
    #expect(session.perform(.tap(.text("replace"))) == .done)
    #expect(session.perform(.tap(.text("into inner"))) == .done)
    let state = session.state(step: 4, event: "")
    #expect(
      state.screen.map(Session.visibleTexts(in:)) == [
        "fresh", "add inner", "into inner", "replace",
      ])
    #expect(
      state.log.map(\.message) == [
        "addChildren: no component with id 'inner' on the screen (components inside list items"
          + " are not searched); nothing happens (iOS does nothing)"
      ])
    let top = try #require(session.stacks.last?.last)
    #expect(top.components.pointers(of: "inner").isEmpty)
    #expect(top.components == ComponentIndex(top.node))
  }

  @Test("with a repeated id the first component in pre-order is the target, as iOS finds it")
  func repeatedID() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:container", "id": "box", "children": [
          {"_beagleComponent_": "beagle:container", "id": "box", "children": []}]},
        {"_beagleComponent_": "beagle:button", "text": "add", "onPress": [
          {"_beagleAction_": "beagle:addChildren", "componentId": "box", "mode": "PREPEND",
           "value": [{"_beagleComponent_": "beagle:text", "text": "new"}]}]}]}
      """)
    #expect(session.perform(.tap(.text("add"))) == .done)
    var top = try #require(session.stacks.last?.last)
    #expect(top.components.pointers(of: "box").count == 2)
    let outer = try #require(top.node.children.first?.children.first)
    #expect(top.componentPointer(withId: "box") == outer.location.pointer)
    #expect(outer.children.map(\.type) == ["beagle:text", "beagle:container"])
  }
}
