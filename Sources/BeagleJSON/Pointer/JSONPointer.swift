/// An RFC 6901 JSON Pointer: the path from a document's root to one value.
///
/// ```swift
/// JSONPointer(["child", "children", "0"]).description  // "/child/children/0"
/// try JSONPointer(parsing: "/a~1b/0").tokens             // ["a/b", "0"]
/// ```
public struct JSONPointer: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// What holds the last token (or the last two: see ``Link/index``) and, through its
  /// parent, every token before it: a ``Link`` of its own, or entry ``entry`` of a
  /// decoding's ``JSONPointerArena``; nil for the root.
  ///
  /// Pointers made by ``appending(_:)-(String)`` share their parent's storage, so the
  /// pointers of every node of a deep tree take memory linear in the tree's size (an
  /// array of tokens per node would take memory quadratic in its depth). A decoder
  /// appends to its arena instead: one small entry in one buffer per node, not an
  /// object (a malloc, a header and reference counting) per node. An arena's entries
  /// lead only to entries of the same arena (``JSONPointerArena/adopting(_:)`` copies
  /// any other pointer in), so a walk to the root goes through zero or more links,
  /// then through one arena.
  let storage: JSONPointerStorage?
  /// The arena's entry; ``linkEntry`` when ``storage`` is a link (or nil).
  let entry: UInt32

  /// ``entry`` of a pointer held by a link.
  static let linkEntry = UInt32.max

  /// One or two tokens appended to a pointer, outside any arena.
  final class Link: JSONPointerStorage, @unchecked Sendable {
    // @unchecked Sendable: immutable.
    let parent: JSONPointer
    /// Tokens up to and including this link's last one.
    let count: Int32
    /// The token; for a link holding two tokens, the first.
    let token: String
    /// For a link holding two tokens, the second: an array index after the key
    /// ``token`` (`children/3`); -1 for a link holding one. An element of a list is
    /// one link, not two (a node's pointer is its field's key and its index: made by
    /// ``appending(_:)-(Int)`` on the key's pointer, which most elements keep alone).
    let index: Int32

    init(parent: JSONPointer, token: String) {
      self.parent = parent
      self.token = token
      count = Int32(truncatingIfNeeded: parent.count + 1)
      index = -1
    }

    /// The link of `key` then `index`.
    init(parent: JSONPointer, key: String, index: Int32) {
      self.parent = parent
      token = key
      count = Int32(truncatingIfNeeded: parent.count + 2)
      self.index = index
    }

    /// The step this link holds.
    var step: Step { Step(key: token, index: index, count: Int(count)) }
  }

  /// What a walk reads of one position: its key (or only token), its index (-1 when
  /// it holds one token) and its count.
  struct Step {
    let key: String
    let index: Int32
    let count: Int

    var isPair: Bool { index >= 0 }
    var lastToken: String { isPair ? JSONPointer.indexToken(Int(index)) : key }
    /// The tokens before this position's.
    var parentCount: Int { count - (isPair ? 2 : 1) }
  }

  init(storage: JSONPointerStorage?, entry: UInt32) {
    self.storage = storage
    self.entry = entry
  }

  /// The pointer whose last token(s) `link` holds.
  init(_ link: Link) { self.init(storage: link, entry: Self.linkEntry) }

  /// The link holding the last token(s), nil when an arena holds them or for the root.
  @inline(__always)
  private var link: Link? {
    guard entry == Self.linkEntry, let storage else { return nil }
    return unsafeDowncast(storage, to: Link.self)  // safe: only links have linkEntry
  }

  /// The arena holding the last token(s), nil when a link holds them or for the root.
  @inline(__always)
  private var arena: JSONPointerArena? {
    guard entry != Self.linkEntry, let storage else { return nil }
    return unsafeDowncast(storage, to: JSONPointerArena.self)  // safe: see `link`
  }

  /// The unescaped reference tokens, root first.
  public var tokens: [String] { tokens(droppingFirst: 0) }

  /// The tokens after the first `count`, root first: `tokens.dropFirst(count)`,
  /// without building the tokens before them.
  public func tokens(droppingFirst count: Int) -> [String] {
    let kept = max(0, count)
    var tokens: [String] = []
    tokens.reserveCapacity(max(0, self.count - kept))
    walk { step in
      guard step.count > kept else { return false }
      if step.isPair {
        tokens.append(Self.indexToken(Int(step.index)))
        if step.count - 1 > kept { tokens.append(step.key) }
      } else {
        tokens.append(step.key)
      }
      return true
    }
    tokens.reverse()
    return tokens
  }

  /// The same tokens held by links of its own (an element's index with its key, as
  /// ``appending(_:)-(Int)`` makes it), keeping no arena alive: a render's list-item
  /// paths are entries of an arena of that render, and a screen keeps the paths of the
  /// components whose `onInit` ran for as long as it lives (one arena kept per render
  /// that marked one, each as large as the list then was).
  package var ownLinks: JSONPointer {
    var steps: [Step] = []
    steps.reserveCapacity(count)
    walk { step in
      steps.append(step)
      return true
    }
    var pointer = JSONPointer()
    for step in steps.reversed() {
      pointer = JSONPointer(
        step.isPair
          ? Link(parent: pointer, key: step.key, index: step.index)
          : Link(parent: pointer, token: step.key))
    }
    return pointer
  }

  /// Whether an arena holds any of the tokens (``ownLinks`` holds none).
  package var isInArena: Bool {
    var position = self
    while let link = position.link { position = link.parent }
    return position.arena != nil
  }

  /// Calls `body` with each position from the last to the root's child while it
  /// returns true.
  @inline(__always)
  func walk(_ body: (Step) -> Bool) {
    var position = self
    // Links first (they may lead into an arena, never back out of one).
    while let link = position.link {
      guard body(link.step) else { return }
      position = link.parent
    }
    position.arena?.walk(from: position.entry, body)
  }

  /// The last position's step and the pointer before it; nil for the root.
  var lastStep: (step: Step, parent: JSONPointer)? {
    if let link { return (link.step, link.parent) }
    guard let arena else { return nil }
    return arena.step(entry)
  }

  /// The pointer of the tokens before the last position's (for the root, the root).
  private var parentPosition: JSONPointer {
    if let link { return link.parent }
    guard let arena else { return self }
    return arena.parent(of: entry)
  }

  /// Whether both pointers are the same storage (or both the root).
  func isSame(as other: JSONPointer) -> Bool {
    storage === other.storage && (storage == nil || entry == other.entry)
  }

  /// `base` followed by the tokens after the first `count`: `base` appending each of
  /// ``tokens(droppingFirst:)`` in turn. When this pointer was made by appending to
  /// `base` after its first `count` tokens (a child's pointer under its parent's), that
  /// is this pointer itself, returned without building a token or a link.
  public func replacingFirst(_ count: Int, with base: JSONPointer) -> JSONPointer {
    let kept = max(0, count)
    var position = self
    while position.count > kept { position = position.parentPosition }
    // This pointer's tokens are those of `position`, then the ones after the first
    // `count` (unless a position of two tokens holds the `count`th and the next).
    if position.isSame(as: base), position.count == min(kept, self.count) { return self }
    var result = base
    for token in tokens(droppingFirst: count) { result = result.appending(token) }
    return result
  }

  /// The number of tokens (0 for the root).
  public var count: Int {
    if let link { return Int(link.count) }
    guard let arena else { return 0 }
    return arena.count(of: entry)
  }

  /// The last token, nil for the root; read without building the tokens.
  public var lastToken: String? { lastStep?.step.lastToken }

  /// The token before the last (``parent``'s ``lastToken``), nil when there are fewer
  /// than two; read without building the parent.
  public var tokenBeforeLast: String? {
    guard let (step, parent) = lastStep else { return nil }
    return step.isPair ? step.key : parent.lastToken
  }

  /// The pointer to the root (`""`).
  public init() { self.init(storage: nil, entry: Self.linkEntry) }

  public init(_ tokens: [String]) {
    var pointer = JSONPointer()
    for token in tokens { pointer = pointer.appending(token) }
    self = pointer
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
    JSONPointer(Link(parent: self, token: key))
  }

  public func appending(_ index: Int) -> JSONPointer {
    // After a key (the field holding a list), the key and the index make one link.
    if index >= 0, index <= Int(Int32.max), let (step, parent) = lastStep, !step.isPair {
      return JSONPointer(Link(parent: parent, key: step.key, index: Int32(index)))
    }
    return appending(Self.indexToken(index))
  }

  /// This pointer followed by the last two tokens of `other` (`…/children/3` under this
  /// one): `appending(other.tokenBeforeLast).appending(other.lastToken)`, but a key and
  /// an array index that `other` holds in one link (as ``appending(_:)-(Int)`` makes
  /// them) stay one link here, not two. Nil when `other` has fewer than two tokens.
  ///
  /// A rendered list item's components each take a pointer of their own: one link
  /// less for each of them is one allocation less.
  public func appending(lastTwoTokensOf other: JSONPointer) -> JSONPointer? {
    guard let (step, parent) = other.lastStep, step.count >= 2 else { return nil }
    guard step.isPair else {
      guard let before = parent.lastToken else { return nil }
      return appending(before).appending(step.key)
    }
    return JSONPointer(Link(parent: self, key: step.key, index: step.index))
  }

  /// The token of array index `index`.
  static func indexToken(_ index: Int) -> String {
    guard index >= 0, index < smallIndices.count else { return String(index) }
    return smallIndices[index]
  }

  /// The tokens of the first array indices, made once: nodes in arrays are many, and
  /// formatting an index cost as much as the rest of appending it.
  private static let smallIndices = (0..<256).map { String($0) }

  public var parent: JSONPointer? {
    guard let (step, parent) = lastStep else { return nil }
    return step.isPair ? JSONPointer(Link(parent: parent, token: step.key)) : parent
  }

  public var isRoot: Bool { storage == nil }

  /// Whether this pointer was made by appending to `ancestor` (or is it), so that
  /// it shares `ancestor`'s storage instead of holding a copy of its tokens.
  func isBuilt(on ancestor: JSONPointer) -> Bool {
    guard !ancestor.isRoot else { return true }
    let targetCount = ancestor.count
    var position = self
    while !position.isRoot, position.count >= targetCount {
      if position.isSame(as: ancestor) { return true }
      position = position.parentPosition
    }
    return false
  }

  /// The pointer made of the first `count` tokens (all of them if there are fewer).
  public func prefix(_ count: Int) -> JSONPointer {
    let kept = max(0, count)
    var position = self
    while let (step, parent) = position.lastStep, step.count > kept {
      if step.isPair, step.parentCount + 1 == kept {
        // The prefix ends with this position's key.
        return JSONPointer(Link(parent: parent, token: step.key))
      }
      position = parent
    }
    return position
  }

  /// The string form: `""` for the root, else `/` before each escaped token.
  public var description: String {
    guard !isRoot else { return "" }
    let length = printedLength()
    return String(unsafeUninitializedCapacity: length) { buffer in
      writeBackwards(into: buffer, end: length)
      return length
    }
  }

  /// Appends ``description`` in UTF-8 to `bytes`, without making a string: renderers
  /// of many diagnostics write each pointer straight into their output.
  public func appendDescription(to bytes: inout [UInt8]) {
    guard !isRoot else { return }
    // The length first, then the bytes written back to front from the last position
    // (the positions lead from the last token to the root): no list of them, one copy.
    let length = printedLength()
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
      writeBackwards(into: buffer, end: length)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<length]))
    }
  }

  /// The bytes of ``description``.
  private func printedLength() -> Int {
    var length = 0
    var position = self
    while let link = position.link {
      length += 1 + Self.escapedLength(of: link.token)
      if link.index >= 0 { length += 1 + Self.digitCount(of: link.index) }
      position = link.parent
    }
    // An arena keeps its keys escaped: their lengths are read, not counted.
    if let arena = position.arena { length += arena.printedLength(from: position.entry) }
    return length
  }

  /// Writes ``description`` into `buffer`, ending at `end` (``printedLength()``),
  /// last token first.
  private func writeBackwards(into buffer: UnsafeMutableBufferPointer<UInt8>, end: Int) {
    var position = end
    var pointer = self
    while let link = pointer.link {
      position = Self.writeStepBackwards(link.step, into: buffer, end: position)
      guard position > 0 else { return }
      pointer = link.parent
    }
    pointer.arena?.writeBackwards(from: pointer.entry, into: buffer, end: position)
  }

  /// Writes `/` and `step`'s tokens (escaped) into `buffer`, ending at `end`; returns
  /// where they start.
  private static func writeStepBackwards(
    _ current: Step, into buffer: UnsafeMutableBufferPointer<UInt8>, end: Int
  ) -> Int {
    var position = end
    if current.isPair {
      position = writeIndexBackwards(current.index, into: buffer, end: position)
      guard position > 0 else { return 0 }
    }
    position = writeEscapedBackwards(current.key, into: buffer, end: position)
    guard position > 0 else { return 0 }
    position -= 1
    buffer[position] = UInt8(ascii: "/")
    return position
  }

  /// Writes `/` and the digits of `index` (not negative) into `buffer`, ending at
  /// `end`; returns where they start (0 if they do not fit).
  static func writeIndexBackwards(
    _ index: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, end: Int
  ) -> Int {
    var position = min(end, buffer.count)
    var value = index
    repeat {
      guard position > 0 else { return 0 }
      position -= 1
      buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
      value /= 10
    } while value > 0
    guard position > 0 else { return 0 }
    position -= 1
    buffer[position] = UInt8(ascii: "/")
    return position
  }

  /// The decimal digits of `value` (not negative).
  static func digitCount(of value: Int32) -> Int {
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
  /// returns where it starts (0 if it does not fit, which ``printedLength()``
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
    var left = lhs
    var right = rhs
    // Both sides have the same number of tokens left at each step.
    while !left.isSame(as: right) {
      guard let (leftStep, leftParent) = left.lastStep,
        let (rightStep, rightParent) = right.lastStep
      else { return true }  // Both at the root: same counts.
      guard leftStep.isPair == rightStep.isPair else {
        // The same tokens in positions of different shapes (a pointer parsed from its
        // string form against one built by appending an index): compared one by one.
        return lhs.tokens == rhs.tokens
      }
      if leftStep.index != rightStep.index || leftStep.key != rightStep.key { return false }
      left = leftParent
      right = rightParent
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    walk { step in
      if step.isPair { hasher.combine(Self.indexToken(Int(step.index))) }
      hasher.combine(step.key)
      return true
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
