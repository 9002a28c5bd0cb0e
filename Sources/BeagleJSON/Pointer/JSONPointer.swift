/// An RFC 6901 JSON Pointer: the path from a document's root to one value.
///
/// ```swift
/// JSONPointer(["child", "children", "0"]).description  // "/child/children/0"
/// try JSONPointer(parsing: "/a~1b/0").tokens             // ["a/b", "0"]
/// ```
public struct JSONPointer: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The last token and, through its parent, every token before it. Pointers
  /// made by ``appending(_:)-(String)`` share their parent's links, so the
  /// pointers of every node of a deep tree take memory linear in the tree's size
  /// (an array of tokens per node would take memory quadratic in its depth).
  private final class Link: Sendable {
    let parent: Link?
    let token: String
    /// Tokens up to and including this one.
    let count: Int

    init(parent: Link?, token: String) {
      self.parent = parent
      self.token = token
      count = (parent?.count ?? 0) + 1
    }
  }

  private var last: Link?

  /// The unescaped reference tokens, root first.
  public var tokens: [String] {
    var tokens: [String] = []
    tokens.reserveCapacity(count)
    var link = last
    while let current = link {
      tokens.append(current.token)
      link = current.parent
    }
    tokens.reverse()
    return tokens
  }

  /// The tokens after the first `count`, root first: `tokens.dropFirst(count)`,
  /// without building the tokens before them.
  public func tokens(droppingFirst count: Int) -> [String] {
    var tokens: [String] = []
    var link = last
    while let current = link, current.count > max(0, count) {
      tokens.append(current.token)
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
    var link = last
    while let current = link, current.count > max(0, count) { link = current.parent }
    // This pointer's tokens are those of `link`, then the ones after the first `count`.
    if link === base.last { return self }
    var result = base
    for token in tokens(droppingFirst: count) { result = result.appending(token) }
    return result
  }

  /// The number of tokens (0 for the root).
  public var count: Int { last?.count ?? 0 }

  /// The last token, nil for the root; read without building the tokens.
  public var lastToken: String? { last?.token }

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
    guard index >= 0, index < Self.smallIndices.count else { return appending(String(index)) }
    return appending(Self.smallIndices[index])
  }

  /// The tokens of the first array indices, made once: nodes in arrays are many, and
  /// formatting an index cost as much as the rest of appending it.
  private static let smallIndices = (0..<256).map { String($0) }

  public var parent: JSONPointer? {
    guard let last else { return nil }
    var parent = JSONPointer()
    parent.last = last.parent
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
    var link = last
    while let current = link, current.count > max(0, count) { link = current.parent }
    var prefix = JSONPointer()
    prefix.last = link
    return prefix
  }

  /// The string form: `""` for the root, else `/` before each escaped token.
  public var description: String {
    var bytes: [UInt8] = []
    appendDescription(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``description`` in UTF-8 to `bytes`, without making a string: renderers
  /// of many diagnostics write each pointer straight into their output.
  public func appendDescription(to bytes: inout [UInt8]) {
    guard let last else { return }
    // The links, root last, gathered without counting references (this pointer keeps
    // them alive), then written root first: a diagnostic's pointer is often thirty
    // tokens deep, and a string or an array per token cost more than the bytes.
    withExtendedLifetime(last) {
      withUnsafeTemporaryAllocation(of: Unmanaged<Link>.self, capacity: last.count) { links in
        var index = 0
        var link: Unmanaged<Link>? = Unmanaged.passUnretained(last)
        while let current = link, index < links.count {
          links[index] = current
          index += 1
          link = current._withUnsafeGuaranteedRef { $0.parent.map(Unmanaged.passUnretained) }
        }
        while index > 0 {
          index -= 1
          bytes.append(UInt8(ascii: "/"))
          links[index]._withUnsafeGuaranteedRef { Self.appendEscaped($0.token, to: &bytes) }
        }
      }
    }
  }

  /// `token` with `~` as `~0` and `/` as `~1`, in UTF-8.
  private static func appendEscaped(_ token: String, to bytes: inout [UInt8]) {
    var token = token
    token.withUTF8 { utf8 in
      var plain = true
      for byte in utf8 where byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") {
        plain = false
        break
      }
      if plain {
        bytes.append(contentsOf: utf8)
        return
      }
      for byte in utf8 {
        switch byte {
        case UInt8(ascii: "~"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "0")]
        case UInt8(ascii: "/"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "1")]
        default: bytes.append(byte)
        }
      }
    }
  }

  public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var left = lhs.last
    var right = rhs.last
    while let leftLink = left, let rightLink = right {
      if leftLink === rightLink { return true }
      if leftLink.token != rightLink.token { return false }
      left = leftLink.parent
      right = rightLink.parent
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    var link = last
    while let current = link {
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
