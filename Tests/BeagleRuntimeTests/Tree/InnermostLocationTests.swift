import BeagleJSON
import Testing

@testable import BeagleRuntime

/// The UTF-8 offset of the first `marker` in `text`: where the decoder places the
/// value that starts there.
func byteOffset(of marker: String, in text: String) -> Int? {
  guard let range = text.range(of: marker) else { return nil }
  return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
}

@Suite struct InnermostLocationTests {
  static let payload = """
    {"_beagleComponent_": "beagle:screenComponent",
     "navigationBar": {"title": "T", "navigationBarItems": [
       {"_beagleComponent_": "beagle:navigationBarItem", "text": "Cart",
        "action": {"_beagleAction_": "beagle:popView"}}]},
     "child": {"_beagleComponent_": "beagle:container", "children": [
       {"_beagleComponent_": "beagle:text", "text": "a"},
       {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
         {"_beagleAction_": "beagle:alert", "message": "m",
          "onPressOk": {"_beagleAction_": "beagle:pushView", "route": {"url": "/x",
            "fallback": {"_beagleComponent_": "beagle:text", "text": "f"}}}}]},
       {"_beagleComponent_": "beagle:listView", "dataSource": [1],
        "templates": [{"view": {"_beagleComponent_": "beagle:text", "text": "@{item}"}}]}]}}
    """

  @Test(
    "a pointer is placed at the innermost component or action that holds it",
    arguments: [
      ("/child/children/0", #"{"_beagleComponent_": "beagle:text", "text": "a"}"#),
      ("/child/children/0/text", #"{"_beagleComponent_": "beagle:text", "text": "a"}"#),
      ("/child/children/1/onPress/0/message", #"{"_beagleAction_": "beagle:alert""#),
      ("/child/children/1/onPress/0/onPressOk/route/url", #"{"_beagleAction_": "beagle:pushView""#),
      (
        "/child/children/1/onPress/0/onPressOk/route/fallback/text",
        #"{"_beagleComponent_": "beagle:text", "text": "f"}"#
      ),
      (
        "/child/children/2/templates/0/view/text",
        #"{"_beagleComponent_": "beagle:text", "text": "@{"#
      ),
      // A list item's rendered path is not in the source: its list holds it.
      ("/child/children/2/@items/0/text", #"{"_beagleComponent_": "beagle:listView""#),
      ("/navigationBar/navigationBarItems/0/action", #"{"_beagleAction_": "beagle:popView"}"#),
      ("/child/children/7", #"{"_beagleComponent_": "beagle:container""#),
    ])
  func innermost(pointer: String, node: String) throws {
    let root = try #require(try decode(Self.payload).root)
    let parsed = try #require(JSONPointer(parsing: pointer))
    let location = try #require(Screen(route: "/", root: root).node.innermostLocation(of: parsed))
    #expect(location.offset == byteOffset(of: node, in: Self.payload))
    #expect(location.source == nil)
  }

  @Test("the root of an implicit screen is looked into; a pointer outside the tree has no place")
  func implicitScreen() throws {
    let payload = """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
          {"_beagleAction_": "beagle:popView"}]}]}
      """
    let screen = Screen(route: "/", root: try #require(try decode(payload).root))
    #expect(screen.isImplicit)
    let action = screen.node.innermostLocation(of: JSONPointer(["children", "0", "onPress", "0"]))
    #expect(action?.offset == byteOffset(of: #"{"_beagleAction_""#, in: payload))
    #expect(screen.node.innermostLocation(of: JSONPointer(["context"]))?.offset == 0)
  }

  @Test("components decoded from a value in memory (addChildren's) have no place")
  func valueInMemory() throws {
    let value = try JSONValue(
      parsing: Array(#"{"_beagleComponent_": "beagle:text", "text": "new"}"#.utf8))
    let added = try #require(
      Decoder(registry: .builtIn).decodeComponent(
        value, pointer: JSONPointer(["children", "@added1"])
      )
      .root)
    #expect(!added.location.hasPosition)
    #expect(added.innermostLocation(of: JSONPointer(["children", "@added1", "text"])) == nil)
  }
}
