/// The elements of an array node, read from the tape one at a time: unlike
/// ``JSONNode/elements`` it makes no array (a decoder walks thousands of arrays,
/// most of one or two elements).
package struct JSONElements: Sequence {
  let node: JSONNode

  package struct Iterator: IteratorProtocol {
    let document: JSONDocument
    var current: Int
    let stop: Int

    package mutating func next() -> JSONNode? {
      guard current < stop else { return nil }
      let element = JSONNode(document: document, index: current)
      current = element.end
      return element
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
  /// The elements of an array in order (none for other kinds), without an array.
  package var elementSequence: JSONElements { JSONElements(node: self) }
}
