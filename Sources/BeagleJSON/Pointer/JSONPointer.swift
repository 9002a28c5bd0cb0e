/// An RFC 6901 JSON Pointer: the path from a document's root to one value.
///
/// ```swift
/// JSONPointer(["child", "children", "0"]).description  // "/child/children/0"
/// try JSONPointer(parsing: "/a~1b/0").tokens             // ["a/b", "0"]
/// ```
public struct JSONPointer: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The unescaped reference tokens, root first.
  public private(set) var tokens: [String]

  /// The pointer to the root (`""`).
  public init() { tokens = [] }

  public init(_ tokens: [String]) { self.tokens = tokens }

  /// Parses the string form; it must be empty or start with `/`.
  public init?(parsing text: String) {
    guard !text.isEmpty else {
      tokens = []
      return
    }
    guard text.hasPrefix("/") else { return nil }
    var parsed: [String] = []
    for part in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard let token = Self.unescape(part) else { return nil }
      parsed.append(token)
    }
    tokens = parsed
  }

  public func appending(_ key: String) -> JSONPointer {
    var copy = self
    copy.tokens.append(key)
    return copy
  }

  public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

  public var parent: JSONPointer? {
    guard !tokens.isEmpty else { return nil }
    return JSONPointer(Array(tokens.dropLast()))
  }

  public var isRoot: Bool { tokens.isEmpty }

  /// The string form: `""` for the root, else `/` before each escaped token.
  public var description: String {
    tokens.map { "/" + Self.escape($0) }.joined()
  }

  public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    lhs.description < rhs.description
  }

  /// The array index a token names: digits only, no leading zero.
  static func arrayIndex(_ token: String) -> Int? {
    guard let first = token.utf8.first, first != UInt8(ascii: "0") || token.utf8.count == 1,
      token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return Int(token)
  }

  private static func escape(_ token: String) -> String {
    guard token.contains("~") || token.contains("/") else { return token }
    return token.replacingOccurrences("~", "~0").replacingOccurrences("/", "~1")
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

extension String {
  fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
