/// Where each node of a parsed ``Expression`` came from in its source string.
///
/// Nodes are numbered in pre-order (a call, then its arguments left to right), which is
/// also the order in which the evaluator visits them; ranges are UTF-8 byte offsets in the
/// string that was parsed (the expression text, or the whole template string for an
/// expression inside a ``StringTemplate``).
public struct SourceMap: Sendable, Hashable {
  /// The range of node `n` in pre-order.
  public var nodeRanges: [Range<Int>]

  /// Creates a map from the ranges of the nodes in pre-order.
  public init(nodeRanges: [Range<Int>]) {
    self.nodeRanges = nodeRanges
  }

  /// Maps the expression found at `range` of `source` (the text between `@{` and `}` for
  /// an expression inside a template).
  ///
  /// Returns nil when that text does not parse.
  public init?(parsing source: String, range: Range<Int>, allowsArguments: Bool = false) {
    self.init(parsing: Array(source.utf8), range: range, allowsArguments: allowsArguments)
  }

  /// The map of the expression at `range` of `bytes` (UTF-8): for a caller that maps
  /// many expressions of one string and converts it once.
  public init?(parsing bytes: [UInt8], range: Range<Int>, allowsArguments: Bool = false) {
    guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
    var parser = Parser(
      bytes: bytes, start: range.lowerBound, end: range.upperBound,
      allowsArguments: allowsArguments)
    guard (try? parser.parseWholeText()) != nil else { return nil }
    nodeRanges = parser.nodeRanges
  }

  /// The range of node `index`, or the empty range when the map does not know it.
  public func range(ofNode index: Int) -> Range<Int> {
    nodeRanges.indices.contains(index) ? nodeRanges[index] : 0..<0
  }
}
