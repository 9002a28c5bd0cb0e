import Testing

@testable import BeagleJSON

/// Value indices held in another object's memory (a decoded object's own allocation,
/// read as a buffer) give every reader that takes both what the same indices in an
/// array give.
@Suite struct ValueIndexBufferTests {
  static let text = #"""
    {"a":"@{x}","b":1,"é":"plain","c":{"d":["a\\b","@{y.z}"]},"e":null,"\u0066":"f",
     "g":[true,false],"h":"@{h} and @{i}"}
    """#

  @Test("an object's indices read as the array of the same indices")
  func readsAsTheArray() throws {
    let document = try JSONDocument(parsing: Array(Self.text.utf8))
    let all = document.root.uniqueTapeMembers.map { UInt32($0.valueIndex) }
    for values in [all, Array(all.reversed()), [all[2], all[5]], [all[7]]] {
      let held = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: values.count)
      defer { held.deallocate() }
      _ = held.initialize(from: values)
      let indices = UnsafeBufferPointer(held)
      for key in ["a", "b", "é", "c", "f", "h", "missing"] {
        #expect(
          document.position(ofKey: key, amongValuesAt: indices)
            == document.position(ofKey: key, amongValuesAt: values), "\(key)")
      }
      #expect(
        document.position(ofStaticKey: "h", amongValuesAt: indices)
          == document.position(ofStaticKey: "h", amongValuesAt: values))
      #expect(
        document.position(ofStaticKey: "f", amongValuesAt: indices)
          == document.position(ofStaticKey: "f", amongValuesAt: values))
      #expect(document.object(ofValuesAt: indices) == document.object(ofValuesAt: values))
      var fromIndices: [Int] = []
      var fromArray: [Int] = []
      document.forEachValueMayHoldingTemplateText(indices) { fromIndices.append($0) }
      document.forEachValueMayHoldingTemplateText(values) { fromArray.append($0) }
      #expect(fromIndices == fromArray)
      var markedFromIndices: [[UInt32]] = []
      var markedFromArray: [[UInt32]] = []
      document.forEachValueHoldingMarkedStrings(indices) {
        markedFromIndices.append([UInt32($0)] + $1)
      }
      document.forEachValueHoldingMarkedStrings(values) {
        markedFromArray.append([UInt32($0)] + $1)
      }
      #expect(markedFromIndices == markedFromArray)
      for printer in [JSONPrinter(), JSONPrinter(escapesControlCharacters: false)] {
        var printedFromIndices: [UInt8] = []
        var printedFromArray: [UInt8] = []
        printer.writeObject(in: document, valuesAt: indices, into: &printedFromIndices)
        printer.writeObject(in: document, valuesAt: values, into: &printedFromArray)
        #expect(printedFromIndices == printedFromArray)
      }
    }
  }
}
