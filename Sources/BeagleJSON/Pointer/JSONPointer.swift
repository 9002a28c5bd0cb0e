/// An RFC 6901 JSON Pointer: the path from a document's root to one value.
///
/// ```swift
/// JSONPointer(["child", "children", "0"]).description  // "/child/children/0"
/// try JSONPointer(parsing: "/a~1b/0").tokens             // ["a/b", "0"]
/// ```
public struct JSONPointer: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The last token (or the last two: see ``index``) and, through its parent, every
  /// token before it. Pointers made by ``appending(_:)-(String)`` share their parent's
  /// links, so the pointers of every node of a deep tree take memory linear in the
  /// tree's size (an array of tokens per node would take memory quadratic in its
  /// depth).
  private final class Link: Sendable {
    let parent: Link?
    /// The token; for a link holding two tokens, the first.
    let token: String
    /// Tokens up to and including this link's last one.
    let count: Int32
    /// For a link holding two tokens, the second: an array index after the key
    /// ``token`` (`children/3`); -1 for a link holding one. An element of a list is
    /// one link, not two (a node's pointer is its field's key and its index: made by
    /// ``appending(_:)-(Int)`` on the key's pointer, which most elements keep alone).
    let index: Int32

    init(parent: Link?, token: String) {
      self.parent = parent
      self.token = token
      count = (parent?.count ?? 0) + 1
      index = -1
    }

    /// The link of `key` then `index`.
    init(parent: Link?, key: String, index: Int32) {
      self.parent = parent
      token = key
      count = (parent?.count ?? 0) + 2
      self.index = index
    }

    /// Whether the link holds two tokens.
    var isPair: Bool { index >= 0 }

    /// The link's last token.
    var lastToken: String { isPair ? JSONPointer.indexToken(Int(index)) : token }

    /// The tokens before this link's.
    var parentCount: Int { Int(count) - (isPair ? 2 : 1) }
  }

  private var last: Link?

  /// The unescaped reference tokens, root first.
  public var tokens: [String] { tokens(droppingFirst: 0) }

  /// The tokens after the first `count`, root first: `tokens.dropFirst(count)`,
  /// without building the tokens before them.
  public func tokens(droppingFirst count: Int) -> [String] {
    let kept = max(0, count)
    var tokens: [String] = []
    tokens.reserveCapacity(max(0, self.count - kept))
    var link = last
    while let current = link, Int(current.count) > kept {
      if current.isPair {
        tokens.append(Self.indexToken(Int(current.index)))
        if Int(current.count) - 1 > kept { tokens.append(current.token) }
      } else {
        tokens.append(current.token)
      }
      link = current.parent
    }
    tokens.reverse()
    return tokens
  }

  /// `base` followed by the tokens after the first `count`: `base` appending each of
  /// ``tokens(droppingFirst:)`` in turn. When this pointer was made by appending to
  /// `base` after its first `count` tokens (a child's pointer under its parent's), that
  /// is this pointer itself, returned without building a token or a link.
  public func replacingFirst(_ count: Int, with base: JSONPointer) -> JSONPointer {
    let kept = max(0, count)
    var link = last
    while let current = link, Int(current.count) > kept { link = current.parent }
    // This pointer's tokens are those of `link`, then the ones after the first `count`
    // (unless a link of two tokens holds the `count`th and the next).
    if link === base.last, Int(link?.count ?? 0) == min(kept, self.count) { return self }
    var result = base
    for token in tokens(droppingFirst: count) { result = result.appending(token) }
    return result
  }

  /// The number of tokens (0 for the root).
  public var count: Int { Int(last?.count ?? 0) }

  /// The last token, nil for the root; read without building the tokens.
  public var lastToken: String? { last?.lastToken }

  /// The token before the last (``parent``'s ``lastToken``), nil when there are fewer
  /// than two; read without building the parent.
  public var tokenBeforeLast: String? {
    guard let last else { return nil }
    return last.isPair ? last.token : last.parent?.lastToken
  }

  /// The pointer to the root (`""`).
  public init() { last = nil }

  public init(_ tokens: [String]) {
    last = nil
    for token in tokens { last = Link(parent: last, token: token) }
  }

  /// Parses the string form; it must be empty or start with `/`.
  public init?(parsing text: String) {
    guard !text.isEmpty else {
      self.init()
      return
    }
    guard text.hasPrefix("/") else { return nil }
    var parsed: [String] = []
    for part in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard let token = Self.unescape(part) else { return nil }
      parsed.append(token)
    }
    self.init(parsed)
  }

  public func appending(_ key: String) -> JSONPointer {
    var copy = self
    copy.last = Link(parent: last, token: key)
    return copy
  }

  public func appending(_ index: Int) -> JSONPointer {
    // After a key (the field holding a list), the key and the index make one link.
    if let last, !last.isPair, index >= 0, index <= Int(Int32.max) {
      var copy = self
      copy.last = Link(parent: last.parent, key: last.token, index: Int32(index))
      return copy
    }
    return appending(Self.indexToken(index))
  }

  /// This pointer followed by the last two tokens of `other` (`…/children/3` under this
  /// one): `appending(other.tokenBeforeLast).appending(other.lastToken)`, but a key and
  /// an array index that `other` holds in one link (as ``appending(_:)-(Int)`` makes
  /// them) stay one link here, not two. Nil when `other` has fewer than two tokens.
  ///
  /// A rendered list item's components each take a pointer of their own: one link
  /// less for each of them is one allocation less and 48 bytes less.
  public func appending(lastTwoTokensOf other: JSONPointer) -> JSONPointer? {
    guard let otherLast = other.last, otherLast.count >= 2 else { return nil }
    guard otherLast.isPair else {
      guard let before = otherLast.parent?.lastToken else { return nil }
      return appending(before).appending(otherLast.token)
    }
    var copy = self
    copy.last = Link(parent: last, key: otherLast.token, index: otherLast.index)
    return copy
  }

  /// The token of array index `index`.
  private static func indexToken(_ index: Int) -> String {
    guard index >= 0, index < smallIndices.count else { return String(index) }
    return smallIndices[index]
  }

  /// The tokens of the first array indices, made once: nodes in arrays are many, and
  /// formatting an index cost as much as the rest of appending it.
  private static let smallIndices = (0..<256).map { String($0) }

  public var parent: JSONPointer? {
    guard let last else { return nil }
    var parent = JSONPointer()
    parent.last = last.isPair ? Link(parent: last.parent, token: last.token) : last.parent
    return parent
  }

  public var isRoot: Bool { last == nil }

  /// Whether this pointer was made by appending to `ancestor` (or is it), so that
  /// it shares `ancestor`'s storage instead of holding a copy of its tokens.
  func isBuilt(on ancestor: JSONPointer) -> Bool {
    guard let target = ancestor.last else { return true }
    var link = last
    while let current = link, current.count >= target.count {
      if current === target { return true }
      link = current.parent
    }
    return false
  }

  /// The pointer made of the first `count` tokens (all of them if there are fewer).
  public func prefix(_ count: Int) -> JSONPointer {
    let kept = max(0, count)
    var link = last
    while let current = link, Int(current.count) > kept {
      if current.isPair, current.parentCount + 1 == kept {
        // The prefix ends with this link's key.
        var prefix = JSONPointer()
        prefix.last = Link(parent: current.parent, token: current.token)
        return prefix
      }
      link = current.parent
    }
    var prefix = JSONPointer()
    prefix.last = link
    return prefix
  }

  /// The string form: `""` for the root, else `/` before each escaped token.
  public var description: String {
    guard let last else { return "" }
    let length = Self.printedLength(from: last)
    return String(unsafeUninitializedCapacity: length) { buffer in
      Self.writeBackwards(from: last, into: buffer, end: length)
      return length
    }
  }

  /// Appends ``description`` in UTF-8 to `bytes`, without making a string: renderers
  /// of many diagnostics write each pointer straight into their output.
  public func appendDescription(to bytes: inout [UInt8]) {
    guard let last else { return }
    // The length first, then the bytes written back to front from the last link (the
    // links lead from the last token to the root): no list of links, one copy.
    let length = Self.printedLength(from: last)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
      Self.writeBackwards(from: last, into: buffer, end: length)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<length]))
    }
  }

  /// The bytes of ``description`` for the links from `last` to the root.
  private static func printedLength(from last: Link) -> Int {
    // The links are walked unretained: `last` keeps them all alive.
    withExtendedLifetime(last) {
      var length = 0
      var link: Unmanaged<Link>? = Unmanaged.passUnretained(last)
      while let current = link {
        link = current._withUnsafeGuaranteedRef { link in
          length += 1 + escapedLength(of: link.token)
          if link.isPair { length += 1 + digitCount(of: link.index) }
          return link.parent.map(Unmanaged.passUnretained)
        }
      }
      return length
    }
  }

  /// Writes ``description`` for the links from `last` to the root into `buffer`,
  /// ending at `end` (``printedLength(from:)``), last token first.
  private static func writeBackwards(
    from last: Link, into buffer: UnsafeMutableBufferPointer<UInt8>, end: Int
  ) {
    withExtendedLifetime(last) {
      var position = end
      var link: Unmanaged<Link>? = Unmanaged.passUnretained(last)
      while let current = link, position > 0 {
        link = current._withUnsafeGuaranteedRef { link in
          position = writeLinkBackwards(link, into: buffer, end: position)
          return position > 0 ? link.parent.map(Unmanaged.passUnretained) : nil
        }
      }
    }
  }

  /// Writes `/` and `link`'s tokens (escaped) into `buffer`, ending at `end`; returns
  /// where they start.
  private static func writeLinkBackwards(
    _ current: Link, into buffer: UnsafeMutableBufferPointer<UInt8>, end: Int
  ) -> Int {
    var position = end
    do {
      if current.isPair {
        var value = current.index
        repeat {
          position -= 1
          buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
          value /= 10
        } while value > 0 && position > 0
        guard position > 0 else { return 0 }
        position -= 1
        buffer[position] = UInt8(ascii: "/")
      }
      position = writeEscapedBackwards(current.token, into: buffer, end: position)
      guard position > 0 else { return 0 }
      position -= 1
      buffer[position] = UInt8(ascii: "/")
    }
    return position
  }

  /// The decimal digits of `value` (not negative).
  private static func digitCount(of value: Int32) -> Int {
    var count = 1
    var rest = value / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    return count
  }

  /// The UTF-8 length of `token` with `~` as `~0` and `/` as `~1`.
  private static func escapedLength(of token: String) -> Int {
    let counted = token.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.count + escapeCount(bytes)
    }
    if let counted { return counted }
    var length = 0
    for byte in token.utf8 {
      length += byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") ? 2 : 1
    }
    return length
  }

  /// The bytes of `bytes` that are `~` or `/`.
  private static func escapeCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    for byte in bytes where byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") { count += 1 }
    return count
  }

  /// Writes `token` with `~` as `~0` and `/` as `~1` into `buffer`, ending at `end`;
  /// returns where it starts (0 if it does not fit, which ``printedLength(from:)``
  /// rules out).
  private static func writeEscapedBackwards(
    _ token: String, into buffer: UnsafeMutableBufferPointer<UInt8>, end: Int
  ) -> Int {
    let written = token.utf8.withContiguousStorageIfAvailable { bytes -> Int in
      let escapes = escapeCount(bytes)
      let start = end - bytes.count - escapes
      guard start >= 0, end <= buffer.count else { return 0 }
      if escapes == 0 {
        UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[start..<end]))
          .copyMemory(from: UnsafeRawBufferPointer(bytes))
        return start
      }
      var position = start
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "~"):
          buffer[position] = UInt8(ascii: "~")
          buffer[position + 1] = UInt8(ascii: "0")
          position += 2
        case UInt8(ascii: "/"):
          buffer[position] = UInt8(ascii: "~")
          buffer[position + 1] = UInt8(ascii: "1")
          position += 2
        default:
          buffer[position] = byte
          position += 1
        }
      }
      return start
    }
    if let written { return written }
    // A string without contiguous UTF-8 (not one this package makes): escaped into an
    // array first.
    var escaped: [UInt8] = []
    for byte in token.utf8 {
      switch byte {
      case UInt8(ascii: "~"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "0")]
      case UInt8(ascii: "/"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "1")]
      default: escaped.append(byte)
      }
    }
    let start = end - escaped.count
    guard start >= 0, end <= buffer.count else { return 0 }
    for (offset, byte) in escaped.enumerated() { buffer[start + offset] = byte }
    return start
  }

  public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var left = lhs.last
    var right = rhs.last
    // Both sides have the same number of tokens left at each step.
    while let leftLink = left, let rightLink = right {
      if leftLink === rightLink { return true }
      guard leftLink.isPair == rightLink.isPair else {
        // The same tokens in links of different shapes (a pointer parsed from its
        // string form against one built by appending an index): compared one by one.
        return lhs.tokens == rhs.tokens
      }
      if leftLink.index != rightLink.index || leftLink.token != rightLink.token { return false }
      left = leftLink.parent
      right = rightLink.parent
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    var link = last
    while let current = link {
      if current.isPair { hasher.combine(Self.indexToken(Int(current.index))) }
      hasher.combine(current.token)
      link = current.parent
    }
  }

  public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    lhs.description < rhs.description
  }

  /// The array index a token names: digits only, no leading zero.
  public static func arrayIndex(_ token: String) -> Int? {
    guard let first = token.utf8.first, first != UInt8(ascii: "0") || token.utf8.count == 1,
      token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return Int(token)
  }

  private static func unescape(_ part: Substring) -> String? {
    var result = ""
    var iterator = part.makeIterator()
    while let character = iterator.next() {
      if character == "~" {
        switch iterator.next() {
        case "0": result.append("~")
        case "1": result.append("/")
        default: return nil
        }
      } else {
        result.append(character)
      }
    }
    return result
  }
}
