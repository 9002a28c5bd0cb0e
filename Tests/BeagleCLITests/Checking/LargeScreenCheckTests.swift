import Foundation
import Testing

/// A screen of 256 KiB or more is decoded and checked on two threads, its dead routes
/// looked for on a third (docs/performance.md): `check` must find what it finds on a
/// small screen, in both halves, in document order.
@Suite struct LargeScreenCheckTests {
  /// `count` sections under a container declaring `page`; each holds a button whose
  /// text reads `page` (in scope, docs/spec.md §4.4) and that pushes `/details` (served).
  /// Sections `broken` instead name an unknown component, bind to an undeclared
  /// context and push `/detials` (no file: docs/spec.md's file BFF).
  private func screen(count: Int, broken: Set<Int>) -> String {
    let padding = String(repeating: "x", count: 400)
    let sections = (0..<count).map { index in
      let isBroken = broken.contains(index)
      let type = isBroken ? "beagle:buton" : "beagle:button"
      let text = isBroken ? "@{nope.a}" : "@{page.title}"
      let route = isBroken ? "/detials" : "/details"
      return #"""
        {"_beagleComponent_": "beagle:container", "children": [
          {"_beagleComponent_": "beagle:text", "text": "\#(text) \#(padding)"},
          {"_beagleComponent_": "\#(type)", "text": "go"},
          {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
            {"_beagleAction_": "beagle:pushView", "route": {"url": "\#(route)"}}]}]}
        """#
    }
    return #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:container",
        "context": {"id": "page", "value": {"title": "t"}},
        "children": [\#(sections.joined(separator: ",\n"))]}}
      """#
  }

  @Test("a large screen's problems are all found, in both halves, in document order")
  func bothHalves() throws {
    let folder = try ScenarioFolder()
    let text = screen(count: 700, broken: [2, 690])
    #expect(text.utf8.count > 256 << 10)
    try folder.write("home.json", text)
    try folder.write("details.json", #"{"_beagleComponent_": "beagle:text", "text": "d"}"#)
    let outcome = beagleRun("check", folder.path + "/home.json", "--format", "json")
    #expect(outcome.code == 0)  // warnings only
    let pointers = outcome.output.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["pointer"]
        as? String
    }
    var expected: [String] = []
    for section in [2, 690] {
      expected += [
        "/child/children/\(section)/children/0/text",
        "/child/children/\(section)/children/1/_beagleComponent_",
        "/child/children/\(section)/children/2/onPress/0/route/url",
      ]
    }
    #expect(pointers == expected)
  }
}
