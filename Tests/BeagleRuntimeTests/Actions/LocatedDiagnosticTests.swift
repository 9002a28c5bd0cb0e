import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct LocatedDiagnosticTests {
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
    "'/promotions' answered with status 404; no navigation happens (iOS shows an error on the current screen)"

  private func session() throws -> Session {
    let client = StubViewClient([
      "/next": .success(
        FetchedScreen(bytes: Array(Self.next.utf8), url: "/next", source: "next.json"))
    ])
    return try BeagleRuntimeTests.session(Self.index, viewClient: client)
  }

  @Test("an action's error on the first screen is placed at the action, in the main input")
  func firstScreen() throws {
    var session = try session()
    #expect(session.perform(.tap(.text("Promo"))) == .done)
    #expect(
      session.state(step: 1, event: "").log == [
        Diagnostic(
          .error, Self.noScreen,
          pointer: JSONPointer(["children", "1", "onPress", "0", "route"]),
          offset: byteOffset(
            of: #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/promotions"#,
            in: Self.index))
      ])
  }

  @Test("the same pointer on a fetched screen is placed in that screen's file")
  func fetchedScreen() throws {
    var session = try session()
    #expect(session.perform(.tap(.text("Next"))) == .done)
    #expect(session.state(step: 1, event: "").log == [])
    #expect(session.perform(.tap(.text("Promo"))) == .done)
    #expect(
      session.state(step: 2, event: "").log == [
        Diagnostic(
          .error, Self.noScreen,
          pointer: JSONPointer(["child", "onPress", "0", "route"]),
          offset: byteOffset(of: #"{"_beagleAction_""#, in: Self.next), source: "next.json")
      ])
  }

  @Test("an action given as a script step is in no file: its error keeps only its pointer")
  func scriptAction() throws {
    var session = try session()
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/promotions"}}"#)
    #expect(
      session.state(step: 1, event: "").log == [
        Diagnostic(.error, Self.noScreen, pointer: JSONPointer(["route"]))
      ])
  }
}
