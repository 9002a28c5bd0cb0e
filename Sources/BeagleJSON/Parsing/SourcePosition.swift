#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A place in a source file: 1-based line and column (columns count UTF-8 bytes,
/// as compilers do) and the 0-based byte offset.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var offset: Int

  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    lhs.offset < rhs.offset
  }
}

/// Maps byte offsets of one input to line:column positions.
///
/// Built once per input (one pass over the bytes to find line starts), then each
/// look-up is a binary search, so diagnostics stay cheap on large payloads.
public struct LineTable: Sendable {
  /// Offset of the first byte of every line; `lineStarts[0] == 0`.
  public let lineStarts: [Int]
  /// Whether the input starts with a UTF-8 byte order mark: an editor shows none,
  /// so the first line's columns count from the byte after it.
  public let hasByteOrderMark: Bool

  public init(_ bytes: [UInt8]) {
    self = bytes.withUnsafeBufferPointer { LineTable($0) }
  }

  // Concrete over a buffer rather than generic over `Collection`: a generic
  // initializer called from another module runs unspecialised, several hundred
  // instructions per byte.
  //
  // The line breaks are found with `memchr`, which the C library runs over 32 or
  // 64 bytes a step: a minified screen is one line, and its table (built for the
  // first diagnostic `check` prints) costs almost nothing, where a byte or word
  // loop costs 1 to 2 instructions per byte of the whole input. No capacity is
  // reserved from the input's size: a 10 MB minified screen used to reserve 2.5 MB
  // for its one line start.
  public init(_ bytes: UnsafeBufferPointer<UInt8>) {
    var starts = [0]
    if let base = bytes.baseAddress {
      var offset = 0
      while offset < bytes.count,
        let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset)
      {
        offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        starts.append(offset)
      }
    }
    lineStarts = starts
    hasByteOrderMark =
      bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  public init(_ bytes: some Collection<UInt8>) {
    self.init(Array(bytes))
  }

  /// The position of the byte at `offset` (an offset at the end of input is allowed).
  public func position(ofOffset offset: Int) -> SourcePosition {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let start = low == 0 && hasByteOrderMark ? min(3, offset) : lineStarts[low]
    return SourcePosition(line: low + 1, column: offset - start + 1, offset: offset)
  }

  /// The byte range of line `line` (1-based), without its line break.
  public func range(ofLine line: Int, in bytes: [UInt8]) -> Range<Int> {
    guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
    // The byte order mark is not part of the first line's text.
    let start = line == 1 && hasByteOrderMark ? min(3, bytes.count) : lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return start..<max(start, end)
  }
}
