/// The elements of an array node with their positions, read from the tape one at
/// a time: unlike ``JSONNode/elements`` it makes no array (a decoder walks
/// thousands of arrays, most of one or two elements).
package struct JSONElements: Sequence {
  let node: JSONNode

  package struct Iterator: IteratorProtocol {
    let document: JSONDocument
    var current: Int
    let stop: Int
    var offset = 0

    package mutating func next() -> (offset: Int, element: JSONNode)? {
      guard current < stop else { return nil }
      let element = JSONNode(document: document, index: current)
      current = element.end
      offset += 1
      return (offset - 1, element)
    }
  }

  package func makeIterator() -> Iterator {
    guard node.kind == .array else {
      return Iterator(document: node.document, current: 0, stop: 0)
    }
    return Iterator(document: node.document, current: node.index + 1, stop: node.end)
  }
}

extension JSONNode {
  /// The elements of an array with their positions, as `elements.enumerated()` gives
  /// them (none for other kinds), without an array.
  package var enumeratedElements: JSONElements { JSONElements(node: self) }
}
