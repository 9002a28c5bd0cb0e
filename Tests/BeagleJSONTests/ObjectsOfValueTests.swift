import Testing

@testable import BeagleJSON

/// `check` finds local screens on every object of a screen's value, read on the tape;
/// a repeated key's earlier values are not part of the value (the last wins).
@Suite struct ObjectsOfValueTests {
  /// The `n` member of every object `forEachObjectOfValue` hands over, in order.
  private func names(_ text: String) throws -> [String] {
    let document = try JSONDocument(parsing: Array(text.utf8))
    var found: [String] = []
    document.forEachObjectOfValue { object in
      if let name = object["n"]?.stringValue { found.append(name) }
    }
    return found
  }

  @Test("every object, outer before inner, in source order")
  func everyObject() throws {
    #expect(
      try names(#"{"n":"a","x":[{"n":"b"},{"n":"c","y":{"n":"d"}}],"z":{"n":"e"}}"#)
        == ["a", "b", "c", "d", "e"])
  }

  @Test("objects under a repeated key's earlier values are not the value's")
  func shadowedSkipped() throws {
    #expect(
      try names(
        #"{"n":"a","k":{"n":"hidden","i":{"n":"hidden too"}},"m":[{"n":"b"}],"k":{"n":"c"}}"#)
        == ["a", "b", "c"])
    // Repeated inside a kept value, a repeat spelled with an escape, and one inside a
    // shadowed value (skipped with it).
    #expect(
      try names(
        #"{"n":"a","k":{"n":"b","j":{"n":"x"},"j":[{"n":"c"}]},"\u006B2":{"n":"y"},"k2":{"n":"d"}}"#
      )
        == ["a", "b", "c", "d"])
    #expect(
      try names(#"{"k":{"n":"x","j":{"n":"x2"},"j":{"n":"x3"}},"k":{"n":"a"}}"#) == ["a"])
  }

  @Test("an object too large to compare its keys as it is parsed keeps every distinct key")
  func largeObject() throws {
    let members = (0..<40).map { #""m\#($0)":{"n":"\#($0)"}"# }.joined(separator: ",")
    #expect(try names("{" + members + "}") == (0..<40).map(String.init))
  }
}
