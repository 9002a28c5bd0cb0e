import BeagleJSON
import Testing

@testable import BeagleRuntime

/// Properties still in their document print from it (``LazyJSONObject/write(with:into:)``),
/// byte for byte as their materialised object prints.
@Suite struct LazyJSONObjectPrintingTests {
  @Test("decoded properties print as the materialised object, before and after it is built")
  func properties() throws {
    let payload = #"""
      {"_beagleComponent_":"beagle:text","id":"t","text":"caf\u00e9 @{a.b}\n","alignment":"CENTER",
       "style":{"size":{"width":{"value":1.50,"type":"REAL"}},"flex":{"grow":1.0},"x":-0,"x":1e5},
       "custom":[1,-0,2e3,"x\"y\u007f",true,null,{"k":"v","k":"w"}],"text":"last wins"}
      """#
    let properties = try #require(decode(payload).root).properties
    #expect(properties.source != nil)
    var inPlace: [UInt8] = []
    properties.write(with: JSONPrinter(), into: &inPlace)
    let expected = JSONPrinter().print(.object(properties.object))
    #expect(String(decoding: inPlace, as: UTF8.self) == expected)
    // A changed copy is materialised and prints its own members.
    var changed = properties
    changed["alignment"] = "LEFT"
    var printed: [UInt8] = []
    changed.write(with: JSONPrinter(), into: &printed)
    #expect(
      String(decoding: printed, as: UTF8.self) == JSONPrinter().print(.object(changed.object)))
    #expect(String(decoding: printed, as: UTF8.self).contains(#""alignment":"LEFT""#))
  }
}
