/// A parsed JSON document: the input bytes and a flat tape of tokens over them.
///
/// Parsing only scans and records where each value is; strings and numbers are
/// decoded when a reader asks for them through ``JSONNode``, so parsing is fast
/// and memory stays close to the input's size. Every node knows its byte offset,
/// which ``LineTable`` turns into line:column for diagnostics.
///
/// ```swift
/// let document = try JSONDocument(parsing: Array(#"{"a": [1, "x"]}"#.utf8))
/// document.root["a"]?[1]?.stringValue  // "x"
/// document.root.value                  // the whole document as a JSONValue
/// ```
public final class JSONDocument: Sendable {
  /// The input exactly as given, byte order mark included.
  public let bytes: [UInt8]
  let tape: [TapeEntry]

  init(bytes: [UInt8], tape: [TapeEntry]) {
    self.bytes = bytes
    self.tape = tape
  }

  /// Parses `bytes` with the given options.
  public convenience init(
    parsing bytes: [UInt8], options: JSONParser.Options = JSONParser.Options()
  ) throws(JSONSyntaxError) {
    let parsed = try JSONParser(options: options).parse(bytes)
    self.init(bytes: parsed.bytes, tape: parsed.tape)
  }

  /// The top-level value.
  public var root: JSONNode { JSONNode(document: self, index: 0) }

  /// Number of tokens on the tape (values and object keys).
  public var tokenCount: Int { tape.count }

  /// A table for turning this document's byte offsets into line:column.
  public func makeLineTable() -> LineTable { LineTable(bytes) }

  /// The node a JSON Pointer designates, if it exists.
  public func node(at pointer: JSONPointer) -> JSONNode? {
    root.descendant(pointer.tokens)
  }

  /// The value whose first byte is at `offset`, found by binary search (the tape
  /// is in source order); nil when no value starts there.
  public func node(atOffset offset: Int) -> JSONNode? {
    var low = 0
    var high = tape.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let current = Int(tape[middle].offset)
      if current == offset { return JSONNode(document: self, index: middle) }
      if current < offset { low = middle + 1 } else { high = middle - 1 }
    }
    return nil
  }

  /// Every key that appears more than once in the same object, in source order of
  /// the repeats. The last value of a repeated key is the one that counts.
  public func duplicateKeys() -> [DuplicateKey] {
    var found: [DuplicateKey] = []
    var work: [(node: JSONNode, pointer: JSONPointer)] = [(root, JSONPointer())]
    while let (node, pointer) = work.popLast() {
      switch node.kind {
      case .object:
        var seen: [String: Int] = [:]
        for (key, member) in node.rawMembers {
          if let first = seen[key] {
            found.append(
              DuplicateKey(
                key: key, pointer: pointer.appending(key), offset: member.keyOffset,
                firstOffset: first))
          } else {
            seen[key] = member.keyOffset
          }
          work.append((member.node, pointer.appending(key)))
        }
      case .array:
        for (index, element) in node.elements.enumerated() {
          work.append((element, pointer.appending(index)))
        }
      default:
        break
      }
    }
    return found.sorted { $0.offset < $1.offset }
  }
}

/// A key repeated inside one object.
public struct DuplicateKey: Sendable, Equatable {
  public var key: String
  /// Pointer of the member (which holds the last value).
  public var pointer: JSONPointer
  /// Byte offset of the repeated key.
  public var offset: Int
  /// Byte offset of the key's first appearance.
  public var firstOffset: Int
}

extension JSONValue {
  /// Parses a whole document held in a string.
  public init(
    parsing text: String, options: JSONParser.Options = JSONParser.Options()
  )
    throws(JSONSyntaxError)
  {
    self = try JSONDocument(parsing: Array(text.utf8), options: options).root.value
  }

  /// Parses a whole document of UTF-8 bytes.
  public init(
    parsing bytes: [UInt8], options: JSONParser.Options = JSONParser.Options()
  )
    throws(JSONSyntaxError)
  {
    self = try JSONDocument(parsing: bytes, options: options).root.value
  }
}

extension JSONNode {
  /// The value reached from this one by following pointer `tokens`.
  public func descendant(_ tokens: some Sequence<String>) -> JSONNode? {
    var node = self
    for token in tokens {
      switch node.kind {
      case .object:
        guard let member = node[token] else { return nil }
        node = member
      case .array:
        guard let index = JSONPointer.arrayIndex(token), let element = node[index] else {
          return nil
        }
        node = element
      default:
        return nil
      }
    }
    return node
  }
}
