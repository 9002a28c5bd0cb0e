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
  ///
  /// One pass over the tape: keys are compared on their bytes (a key is only
  /// decoded when it has escapes or non-ASCII bytes), and a key's name and pointer
  /// are built only for an actual repeat.
  public func duplicateKeys() -> [DuplicateKey] {
    var found: [DuplicateKey] = []
    // The containers around the current token, outermost first, and the
    // innermost one in `top`: where each ends, and the tape index of the current
    // member's key (objects) or the current element's position (arrays), for
    // building a repeat's pointer.
    typealias Open = (isObject: Bool, end: Int, key: Int, element: Int)
    var outer: [Open] = []
    var top: Open? = nil
    var keys: [Int] = []
    var plain: [Bool] = []
    var index = 0
    let count = tape.count
    while index < count {
      while let current = top, current.end <= index { top = outer.popLast() }
      if top != nil {
        if top?.isObject == true {
          top?.key = index
          index += 1  // the key; its value follows
        } else {
          top?.element += 1
        }
      }
      let entry = tape[index]
      switch entry.kind {
      case .object:
        keys.removeAll(keepingCapacity: true)
        plain.removeAll(keepingCapacity: true)
        var current = index + 1
        while current < Int(entry.extent) {
          keys.append(current)
          plain.append(tape[current].kind == .string && isASCII(tape[current]))
          let value = tape[current + 1]
          current = value.kind == .array || value.kind == .object ? Int(value.extent) : current + 2
        }
        if keys.count > 1 {
          findRepeats(among: keys, plain: plain, outer: outer, top: top, into: &found)
        }
        if let current = top { outer.append(current) }
        top = (true, Int(entry.extent), 0, -1)
      case .array:
        if let current = top { outer.append(current) }
        top = (false, Int(entry.extent), 0, -1)
      default:
        break
      }
      index += 1
    }
    return found.sorted { $0.offset < $1.offset }
  }

  /// Appends the repeats among one object's `keys` (tape indices), the object
  /// being inside the `outer` containers and then `top`.
  private func findRepeats(
    among keys: [Int], plain: [Bool],
    outer: [(isObject: Bool, end: Int, key: Int, element: Int)],
    top: (isObject: Bool, end: Int, key: Int, element: Int)?,
    into found: inout [DuplicateKey]
  ) {
    // Most objects are small: compare keys pairwise; index larger ones.
    var firstOfName: [String: Int] = [:]
    for (position, key) in keys.enumerated() {
      let first: Int?
      if keys.count <= 16 {
        first =
          position == 0
          ? nil : firstKey(equalTo: key, among: keys[..<position], plain: plain)
      } else {
        let name = string(at: tape[key])
        first = firstOfName[name]
        if first == nil { firstOfName[name] = key }
      }
      guard let first else { continue }
      var pointer = JSONPointer()
      for container in outer + (top.map { [$0] } ?? []) {
        if container.isObject {
          pointer = pointer.appending(string(at: tape[container.key]))
        } else {
          pointer = pointer.appending(container.element)
        }
      }
      let name = string(at: tape[key])
      found.append(
        DuplicateKey(
          key: name, pointer: pointer.appending(name), offset: Int(tape[key].offset),
          firstOffset: Int(tape[first].offset)))
    }
  }

  /// The first of `candidates` (key tokens of the same object) that spells the
  /// same key as the key token at `key`. Plain keys (no escapes, ASCII only) are
  /// equal exactly when their bytes are; other keys compare as decoded strings,
  /// as `String` equality does.
  private func firstKey(
    equalTo key: Int, among candidates: ArraySlice<Int>, plain: [Bool]
  ) -> Int? {
    let entry = tape[key]
    let isPlain = plain[candidates.count]
    return bytes.withUnsafeBufferPointer { buffer in
      let length = Int(entry.extent)
      let start = Int(entry.offset) + 1
      for (position, candidate) in candidates.enumerated() {
        let other = tape[candidate]
        if isPlain, plain[position] {
          guard Int(other.extent) == length else { continue }
          let otherStart = Int(other.offset) + 1
          var index = 0
          while index < length, buffer[start + index] == buffer[otherStart + index] { index += 1 }
          if index == length { return candidate }
        } else if string(at: other) == string(at: entry) {
          return candidate
        }
      }
      return nil
    }
  }

  /// Whether a string token's raw bytes are all ASCII.
  private func isASCII(_ entry: TapeEntry) -> Bool {
    let start = Int(entry.offset) + 1
    return bytes.withUnsafeBufferPointer { buffer in
      var index = start
      let end = start + Int(entry.extent)
      while index < end {
        if buffer[index] >= 0x80 { return false }
        index += 1
      }
      return true
    }
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
