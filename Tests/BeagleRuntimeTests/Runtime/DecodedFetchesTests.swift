import BeagleJSON
import Testing

@testable import BeagleRuntime

/// A route fetched again is not decoded again: every screen pushed from the same
/// answer shares one decoded tree (issue #19, "Pushing copies whole screens").
@Suite struct DecodedFetchesTests {
  /// The address of the storage of a screen's top-level children.
  private func childrenStorage(_ screen: Screen) -> UnsafeRawPointer? {
    screen.node.children.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test("one tap pushing its own route three times keeps one decoded tree for the three screens")
  func pushesShareOneTree() throws {
    let page = """
      {"_beagleComponent_": "beagle:screenComponent", "identifier": "p",
       "child": {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
         {"_beagleAction_": "beagle:pushView", "route": {"url": "/p"}},
         {"_beagleAction_": "beagle:pushView", "route": {"url": "/p"}},
         {"_beagleAction_": "beagle:pushView", "route": {"url": "/p"}}]}}
      """
    var session = try session(page, viewClient: CachingViewClient(screenServer(["/p": page])))
    _ = session.initialState(log: [])
    #expect(session.perform(.tap(.text("go"))) == .done)
    let pushed = try #require(session.stacks.first).dropFirst()
    #expect(pushed.map(\.route) == ["/p", "/p", "/p"])
    let storages = Set(pushed.map(childrenStorage))
    #expect(storages.count == 1)
    #expect(Set(pushed.map(\.serial)).count == 3)
  }

  @Test("what decoding a fetched screen logged is logged again on every later push of it")
  func logRepeats() throws {
    let page = """
      {"_beagleComponent_": "beagle:screenComponent", "identifier": "p",
       "child": {"_beagleComponent_": "custom:thing"}}
      """
    let first = """
      {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
         {"_beagleAction_": "beagle:pushView", "route": {"url": "/p"}},
         {"_beagleAction_": "beagle:popView"},
         {"_beagleAction_": "beagle:pushView", "route": {"url": "/p"}}]}
      """
    var session = try session(first, viewClient: CachingViewClient(screenServer(["/p": page])))
    _ = session.initialState(log: [])
    #expect(session.perform(.tap(.text("go"))) == .done)
    let log = session.state(step: 1, event: "tap").log.map(\.message)
    let unknown = log.filter { $0.hasPrefix("unknown component 'custom:thing'") }
    #expect(unknown.count == 2)
  }
}
