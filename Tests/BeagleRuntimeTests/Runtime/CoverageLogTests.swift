import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct CoverageLogTests {
  static let payload = """
    {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": false},
     "children": [
      {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
        {"_beagleAction_": "beagle:condition", "condition": "@{c}",
         "onTrue": [{"_beagleAction_": "beagle:setContext", "contextId": "c", "value": false}],
         "onFalse": [{"_beagleAction_": "beagle:setContext", "contextId": "c", "value": true}]}]}]}
    """

  @Test("with coverage on, each action run is recorded by route and pointer, and each branch taken")
  func records() throws {
    var session = try session(Self.payload, collectsCoverage: true)
    #expect(session.coverage == CoverageLog())
    #expect(session.perform(.tap(.text("go"))) == .done)
    let condition = try #require(JSONPointer(parsing: "/children/0/onPress/0"))
    let onFalse = try #require(JSONPointer(parsing: "/children/0/onPress/0/onFalse/0"))
    #expect(
      session.coverage?.actions
        == [.init(route: "/", pointer: condition), .init(route: "/", pointer: onFalse)])
    #expect(
      session.coverage?.branches
        == [.init(site: .init(route: "/", pointer: condition), event: "onFalse")])
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.coverage?.branches.count == 2)
    #expect(session.coverage?.actions.count == 3)
  }

  @Test("without coverage nothing is recorded")
  func off() throws {
    var session = try session(Self.payload)
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(session.coverage == nil)
  }
}
