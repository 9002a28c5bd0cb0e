import BeagleJSON
import Testing

@testable import BeagleRuntime

/// ``ComponentNode/forEachInPreOrder(throughTemplates:_:)`` visits what the outline and
/// the state's `contexts` list show, in their order: a component, then its children's
/// subtrees left to right; list templates only when asked, after the children.
@Suite struct PreOrderWalkTests {
  static let payload = """
    {"_beagleComponent_": "beagle:container", "id": "root", "children": [
      {"_beagleComponent_": "beagle:container", "id": "a", "children": [
        {"_beagleComponent_": "beagle:text", "id": "a1", "text": "x"},
        {"_beagleComponent_": "beagle:container", "id": "a2", "children": [
          {"_beagleComponent_": "beagle:text", "id": "a2i", "text": "y"}]}]},
      {"_beagleComponent_": "beagle:listView", "id": "list", "dataSource": [],
       "templates": [{"view": {"_beagleComponent_": "beagle:text", "id": "t", "text": "z"}}]},
      {"_beagleComponent_": "beagle:text", "id": "b", "text": "w"}]}
    """

  @Test("pre-order through children, templates only when asked")
  func order() throws {
    let root = try #require(try decode(Self.payload).root)
    var ids: [String] = []
    root.forEachInPreOrder { ids.append($0.id ?? "?") }
    #expect(ids == ["root", "a", "a1", "a2", "a2i", "list", "b"])
    ids = []
    root.forEachInPreOrder(throughTemplates: true) { ids.append($0.id ?? "?") }
    #expect(ids == ["root", "a", "a1", "a2", "a2i", "list", "t", "b"])
  }

  @Test("a leaf is visited alone")
  func leaf() throws {
    let root = try #require(
      try decode(#"{"_beagleComponent_": "beagle:text", "id": "only", "text": "x"}"#).root)
    var ids: [String] = []
    root.forEachInPreOrder(throughTemplates: true) { ids.append($0.id ?? "?") }
    #expect(ids == ["only"])
  }
}
