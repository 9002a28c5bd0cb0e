import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

/// The binding check reads property values and action fields on the parsed
/// document's tape (``LazyJSONObject``): it must find what checking the decoded
/// strings finds — a `@{` written with `\u` escapes, strings nested in objects and
/// arrays, the last value of a repeated key — at the same pointers and offsets.
@Suite struct TapeBindingCheckTests {
  /// The diagnostics `check` gives `text`: messages with pointer and byte offset.
  func check(_ text: String) throws -> [String] {
    let document = try JSONDocument(parsing: Array(text.utf8))
    let root = try #require(Decoder().decode(document).root)
    return ScreenChecker(operations: .standard, profile: .ios, styles: nil)
      .check(root, in: document)
      .map {
        "\($0.pointer?.description ?? "-") @\($0.offset.map(String.init) ?? "-") \($0.message)"
      }
  }

  /// The byte offset of the first `needle` in `text`.
  func offset(of needle: String, in text: String) throws -> Int {
    let bytes = Array(text.utf8)
    let target = Array(needle.utf8)
    let found = bytes.indices.first { bytes[$0...].starts(with: target) }
    return try #require(found)
  }

  @Test("a '@{' written with \\u escapes is a binding, as the decoded string says (RFC 8259 §7)")
  func escapedMarker() throws {
    let text = #"{"_beagleComponent_":"beagle:text","text":"\u0040{nowhere.x}"}"#
    // The string's first content byte: the offset of its opening quote + 1.
    let start = try offset(of: #""\u0040"#, in: text) + 1
    #expect(
      try check(text) == ["/text @\(start) no enclosing component declares context 'nowhere'"])
  }

  @Test("strings nested in an action's data are found at their own pointer and offset")
  func nested() throws {
    let text = #"""
      {"_beagleComponent_":"beagle:button","text":"go","onPress":[{"_beagleAction_":"beagle:sendRequest",
       "url":"/x","data":{"a":[1,"plain",{"b":"@{nowhere.y}"}],"c":true}}]}
      """#
    let start = try offset(of: #""@{nowhere.y}"#, in: text) + 1
    #expect(
      try check(text) == [
        "/onPress/0/data/a/2/b @\(start) no enclosing component declares context 'nowhere'"
      ])
  }

  @Test("of a repeated key only the last value counts, as decoders read it")
  func repeatedKey() throws {
    let text = #"""
      {"_beagleComponent_":"beagle:button","text":"go","onPress":[{"_beagleAction_":"beagle:sendRequest",
       "url":"/x","data":{"k":"@{first.v}","k":"@{second.v}"}}]}
      """#
    let messages = try check(text).map {
      $0.split(separator: " ", maxSplits: 2).last.map(String.init)
    }
    #expect(messages == ["no enclosing component declares context 'second'"])
  }

  @Test(
    "fields that take no expression are not checked; a local route's screen is checked as a screen")
  func skipped() throws {
    let text = #"""
      {"_beagleComponent_":"beagle:button","text":"ok","styleId":"@{nowhere.a}",
       "onPress":[{"_beagleAction_":"beagle:pushView","route":{"screen":
         {"_beagleComponent_":"beagle:screenComponent","child":
           {"_beagleComponent_":"beagle:text","text":"@{inner.b}"}}}}]}
      """#
    let found = try check(text)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("/onPress/0/route/screen/child/text @") == true)
    #expect(found.first?.hasSuffix("no enclosing component declares context 'inner'") == true)
  }

  @Test("a route with a local screen: its other members are data, its screen a screen")
  func localRouteData() throws {
    let text = #"""
      {"_beagleComponent_":"beagle:button","text":"ok","onPress":[{"_beagleAction_":"beagle:pushView",
       "route":{"shouldPrefetch":"@{nowhere.p}","screen":{"_beagleComponent_":"beagle:screenComponent",
         "child":{"_beagleComponent_":"beagle:text","text":"@{inner.b}"}}}}]}
      """#
    let start = try offset(of: #""@{nowhere.p}"#, in: text) + 1
    let found = try check(text)
    #expect(found.count == 2)
    #expect(
      found.first
        == "/onPress/0/route/shouldPrefetch @\(start) no enclosing component declares context 'nowhere'"
    )
    #expect(found.last?.hasPrefix("/onPress/0/route/screen/child/text @") == true)
  }
}
