/// One member of an object read from the tape: its key is compared on its bytes
/// and turned into a `String` only when asked (``key``), so a decoder that matches
/// keys against a table of names creates no string for the keys it knows.
package struct JSONMember: Sendable {
  package let document: JSONDocument
  /// The tape index of the key token.
  let keyIndex: Int
  /// The tape index of the value: the token after the key, or the last value of
  /// a key that repeats.
  let valueIndex: Int

  init(document: JSONDocument, keyIndex: Int, valueIndex: Int? = nil) {
    self.document = document
    self.keyIndex = keyIndex
    self.valueIndex = valueIndex ?? keyIndex + 1
  }

  package var value: JSONNode { JSONNode(document: document, index: valueIndex) }

  /// The key as a string (decoded: escapes resolved).
  package var key: String { document.string(at: document.tape[keyIndex]) }

  /// The byte offset of the key's opening quote.
  package var keyOffset: Int { Int(document.tape[keyIndex].offset) }

  /// Whether the key is written without escapes and all in ASCII: it then spells
  /// a name exactly when its bytes are the name's bytes.
  package var isPlainASCIIKey: Bool {
    let entry = document.tape[keyIndex]
    return entry.kind == .string && entry.flag
  }

  /// Whether the key spells `name`, as `key == name` says (canonical equivalence
  /// included), without creating a string when the key is plain ASCII and `name`
  /// is all ASCII (`nameIsASCII`): then the bytes decide.
  package func keyEquals(_ name: String, nameIsASCII: Bool) -> Bool {
    let entry = document.tape[keyIndex]
    guard entry.kind == .string, entry.flag, nameIsASCII else { return key == name }
    var name = name
    return name.withUTF8 { nameBytes in
      guard nameBytes.count == Int(entry.extent) else { return false }
      return document.bytes.withUnsafeBufferPointer { buffer in
        let start = Int(entry.offset) + 1
        for offset in 0..<nameBytes.count where buffer[start + offset] != nameBytes[offset] {
          return false
        }
        return true
      }
    }
  }
}

extension JSONNode {
  /// The members of an object with repeated keys resolved as Beagle's decoders do
  /// (each key once, at its first position, holding its last value), like
  /// ``uniqueMembers``, but with keys left on the tape.
  package var uniqueTapeMembers: [JSONMember] {
    let entry = document.tape[index]
    guard entry.kind == .object else { return [] }
    var result: [JSONMember] = []
    result.reserveCapacity(Int(entry.count))
    var current = index + 1
    let stop = Int(entry.extent)
    let tape = document.tape
    while current < stop {
      result.append(JSONMember(document: document, keyIndex: current))
      let value = tape[current + 1]
      current = value.kind == .array || value.kind == .object ? Int(value.extent) : current + 2
    }
    // The parser flags every object where a key may repeat; the rest are done.
    guard entry.flag, result.count > 1 else { return result }
    var positions: [String: Int] = [:]
    var unique: [JSONMember] = []
    unique.reserveCapacity(result.count)
    for member in result {
      let key = member.key
      if let at = positions[key] {
        // The first position keeps the last value: the key token stays, the value moves.
        unique[at] = JSONMember(
          document: document, keyIndex: unique[at].keyIndex, valueIndex: member.valueIndex)
      } else {
        positions[key] = unique.count
        unique.append(member)
      }
    }
    return unique
  }

  /// The last member named `name` of an object (the value Beagle's decoders keep).
  package func member(named name: String, nameIsASCII: Bool) -> JSONNode? {
    let entry = document.tape[index]
    guard entry.kind == .object else { return nil }
    var found: JSONNode?
    var current = index + 1
    let stop = Int(entry.extent)
    while current < stop {
      let member = JSONMember(document: document, keyIndex: current)
      if member.keyEquals(name, nameIsASCII: nameIsASCII) { found = member.value }
      let value = document.tape[current + 1]
      current = value.kind == .array || value.kind == .object ? Int(value.extent) : current + 2
    }
    return found
  }

  /// The bytes of a string written without escapes, for comparing it without
  /// creating a `String`; nil for other values (escaped strings included).
  package func withUnescapedStringBytes<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result? {
    let entry = document.tape[index]
    guard entry.kind == .string else { return nil }
    return document.bytes.withUnsafeBufferPointer { buffer in
      let start = Int(entry.offset) + 1
      return body(UnsafeBufferPointer(rebasing: buffer[start..<start + Int(entry.extent)]))
    }
  }
}
