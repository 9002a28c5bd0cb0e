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
  @usableFromInline let tape: Tape
  /// Tape indexes of the objects the parser flagged (``TapeEntry/flag``): a key may
  /// repeat in them. Ascending.
  let flaggedObjects: [Int]
  /// The expression-marker index: tape indexes, ascending, of the string values (not
  /// keys) whose decoded text holds `@{`, found by the parser while it scanned them
  /// (see ``markedStrings(inValueAt:)``).
  package let markedStrings: [UInt32]

  init(bytes: [UInt8], tape: Tape, flaggedObjects: [Int], markedStrings: [UInt32]) {
    self.bytes = bytes
    self.tape = tape
    // The parser flags an object when its keys are read: an outer one after the
    // inner ones it holds.
    self.flaggedObjects = flaggedObjects.sorted()
    self.markedStrings = markedStrings
  }

  /// Another document over the same bytes and tape: every reading of it is this one's,
  /// but it is another object.
  ///
  /// A thread that reads much of a document while another thread reads it too reads
  /// its part through a twin of its own. Each ``JSONNode`` holds its document, so each
  /// node made or dropped counts a reference on it: on one object shared by two cores,
  /// every count waits for the cache line the other core has just written. (Decoding
  /// the second half of the 10 MB benchmark screen through the same object as the first
  /// took `check` 0.20 s of CPU time instead of 0.13, and 40% more wall time.)
  package func twin() -> JSONDocument {
    JSONDocument(twinOf: self)
  }

  private init(twinOf document: JSONDocument) {
    bytes = document.bytes
    tape = document.tape
    flaggedObjects = document.flaggedObjects
    markedStrings = document.markedStrings
  }

  /// Parses `bytes` with the given options.
  public convenience init(
    parsing bytes: [UInt8], options: JSONParser.Options = JSONParser.Options()
  ) throws(JSONSyntaxError) {
    let parsed = try JSONParser(options: options).parse(bytes)
    self.init(
      bytes: parsed.bytes, tape: parsed.tape, flaggedObjects: parsed.flaggedObjects,
      markedStrings: parsed.markedStrings)
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
  /// The parser already compared the keys of every object of up to
  /// ``JSONParser``'s pairwise limit on their bytes and flagged the objects where one
  /// repeats (and the larger ones, and those with keys that are not plain ASCII):
  /// only those are looked at here, and a key's name and pointer are built only for
  /// an actual repeat.
  public func duplicateKeys() -> [DuplicateKey] {
    var found: [DuplicateKey] = []
    var keys: [Int] = []
    var plain: [Bool] = []
    for object in flaggedObjects {
      keys.removeAll(keepingCapacity: true)
      plain.removeAll(keepingCapacity: true)
      var current = object + 1
      let end = Int(tape[object].extent)
      while current < end {
        keys.append(current)
        plain.append(tape[current].kind == .string && tape[current].flag)
        current = self.end(ofValueAt: current + 1)
      }
      if keys.count > 1 {
        findRepeats(among: keys, plain: plain, in: pointer(to: object), into: &found)
      }
    }
    return found.sorted { $0.offset < $1.offset }
  }

  /// The tape index just past the value at `index`.
  private func end(ofValueAt index: Int) -> Int {
    let entry = tape[index]
    return entry.kind == .array || entry.kind == .object ? Int(entry.extent) : index + 1
  }

  /// The pointer of the value at tape index `target`, found by descending from the
  /// root through the containers that hold it.
  func pointer(to target: Int) -> JSONPointer {
    JSONPointer(tokens(from: 0, to: target))
  }

  /// The pointer tokens leading from the value at tape index `start` down to the
  /// value at `target`, one of its descendants, found by descending through the
  /// containers that hold it.
  func tokens(from start: Int, to target: Int) -> [String] {
    var tokens: [String] = []
    var container = start
    while container < target {
      let entry = tape[container]
      let isObject = entry.kind == .object
      guard isObject || entry.kind == .array else { break }
      var current = container + 1
      var element = 0
      var next: Int?
      while current < Int(entry.extent) {
        let valueIndex = isObject ? current + 1 : current
        let end = end(ofValueAt: valueIndex)
        if target >= valueIndex, target < end {
          tokens.append(isObject ? string(at: tape[current]) : String(element))
          next = valueIndex
          break
        }
        current = end
        element += 1
      }
      guard let next else { break }
      container = next
    }
    return tokens
  }

  /// Appends the repeats among one object's `keys` (tape indices), the object being
  /// at `objectPointer`.
  private func findRepeats(
    among keys: [Int], plain: [Bool], in objectPointer: JSONPointer,
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
      let name = string(at: tape[key])
      found.append(
        DuplicateKey(
          key: name, pointer: objectPointer.appending(name), offset: Int(tape[key].offset),
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
