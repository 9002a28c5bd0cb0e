/// One member of an object read from the tape: where its key and its value are.
/// It holds no reference to the document (the object's ``JSONNode`` reads it), so
/// a decoder going through thousands of members neither retains nor releases; the
/// key is compared on its bytes and becomes a `String` only when asked.
@usableFromInline
package struct JSONMember: Sendable {
  /// The tape index of the key token.
  @usableFromInline let keyIndex: Int
  /// The tape index of the value: the token after the key, or the last value of
  /// a key that repeats.
  @usableFromInline let valueIndex: Int
}

extension JSONNode {
  /// The members of an object with repeated keys resolved as Beagle's decoders do
  /// (each key once, at its first position, holding its last value), like
  /// ``uniqueMembers``, but with keys left on the tape.
  package var uniqueTapeMembers: [JSONMember] {
    document.tape.withUnsafeBufferPointer { tape in
      let entry = tape[index]
      guard entry.kind == .object else { return [] }
      var result: [JSONMember] = []
      result.reserveCapacity(Int(entry.count))
      var current = index + 1
      let stop = Int(entry.extent)
      while current < stop {
        result.append(JSONMember(keyIndex: current, valueIndex: current + 1))
        let value = tape[current + 1]
        current = value.kind == .array || value.kind == .object ? Int(value.extent) : current + 2
      }
      // The parser flags every object where a key may repeat; the rest are done.
      guard entry.flag, result.count > 1 else { return result }
      var positions: [String: Int] = [:]
      var unique: [JSONMember] = []
      unique.reserveCapacity(result.count)
      for member in result {
        let key = self.key(of: member)
        if let at = positions[key] {
          // The first position keeps the last value.
          unique[at] = JSONMember(keyIndex: unique[at].keyIndex, valueIndex: member.valueIndex)
        } else {
          positions[key] = unique.count
          unique.append(member)
        }
      }
      return unique
    }
  }

  /// Calls `body` with ``uniqueTapeMembers``, held in a temporary buffer rather than
  /// an array when no key repeats (nearly every object): a decoder reads the members
  /// of every object once.
  package func withUniqueTapeMembers(_ body: (UnsafeBufferPointer<JSONMember>) -> Void) {
    let entry = document.tape[index]
    guard entry.kind == .object, !entry.flag else {
      uniqueTapeMembers.withUnsafeBufferPointer(body)
      return
    }
    let count = Int(entry.count)
    withUnsafeTemporaryAllocation(of: JSONMember.self, capacity: count) { buffer in
      document.tape.withUnsafeBufferPointer { tape in
        var current = index + 1
        var position = 0
        let stop = Int(entry.extent)
        while current < stop, position < count {
          buffer.initializeElement(
            at: position, to: JSONMember(keyIndex: current, valueIndex: current + 1))
          position += 1
          let value = tape[current + 1]
          current = value.kind == .array || value.kind == .object ? Int(value.extent) : current + 2
        }
        // `JSONMember` is a trivial type: the buffer needs no deinitialisation.
        body(UnsafeBufferPointer(rebasing: buffer[0..<position]))
      }
    }
  }

  /// The value of `member`, one of this object's members.
  @inlinable
  package func value(of member: JSONMember) -> JSONNode {
    JSONNode(document: document, index: member.valueIndex)
  }

  /// The key of `member` as a string (escapes decoded).
  package func key(of member: JSONMember) -> String {
    document.string(at: document.tape[member.keyIndex])
  }

  /// Calls `body` with the bytes of `member`'s key when it is written without
  /// escapes and all in ASCII (it then spells a name exactly when its bytes are the
  /// name's), or with nil.
  package func withPlainKeyBytes<Result>(
    of member: JSONMember, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
  ) -> Result {
    let entry = document.tape[member.keyIndex]
    guard entry.kind == .string, entry.flag else { return body(nil) }
    return document.bytes.withUnsafeBufferPointer { buffer in
      let start = Int(entry.offset) + 1
      return body(UnsafeBufferPointer(rebasing: buffer[start..<start + Int(entry.extent)]))
    }
  }

  /// Whether `member`'s key spells `name`, as `key == name` says (canonical
  /// equivalence included), comparing bytes when the key is plain ASCII and `name`
  /// is all ASCII (`nameIsASCII`).
  package func key(of member: JSONMember, equals name: String, nameIsASCII: Bool) -> Bool {
    withPlainKeyBytes(of: member) { bytes in
      guard let bytes, nameIsASCII else { return key(of: member) == name }
      return JSONMember.same(bytes, name)
    }
  }

  /// The last member named `name` of an object (the value Beagle's decoders keep).
  package func member(named name: String, nameIsASCII: Bool) -> JSONNode? {
    // Most lookups are of a type key, written first in its object: found without a walk.
    if nameIsASCII, let first = firstMember(ifNamed: name) { return first }
    let document = document
    var utf8 = name
    let found = utf8.withUTF8 { nameBytes in
      document.bytes.withUnsafeBufferPointer { bytes in
        document.tape.withUnsafeBufferPointer { tape -> Int? in
          let entry = tape[index]
          guard entry.kind == .object else { return nil }
          // An object the parser did not flag repeats no key: its first match is the last.
          let mayRepeat = entry.flag
          var found: Int?
          var current = index + 1
          let stop = Int(entry.extent)
          while current < stop {
            let key = tape[current]
            if key.kind == .string, key.flag, nameIsASCII {
              // Plain ASCII on both sides: equal exactly when the bytes are.
              if Int(key.extent) == nameBytes.count,
                Self.same(bytes, from: Int(key.offset) + 1, nameBytes)
              {
                found = current + 1
              }
            } else if document.string(at: key) == name {
              found = current + 1
            }
            if found != nil, !mayRepeat { break }
            let value = tape[current + 1]
            let isContainer = value.kind == .array || value.kind == .object
            current = isContainer ? Int(value.extent) : current + 2
          }
          return found
        }
      }
    }
    return found.map { JSONNode(document: document, index: $0) }
  }

  /// The value of this object's first member when its key is written plainly as
  /// `name` (all ASCII) and no key of the object repeats; nil otherwise (the caller
  /// searches then).
  private func firstMember(ifNamed name: String) -> JSONNode? {
    let tape = document.tape
    let object = tape[index]
    guard object.kind == .object, !object.flag, object.count > 0 else { return nil }
    let key = tape.token(at: index &+ 1)
    guard Tape.kind(of: key) == .string, Tape.flag(of: key), Int(key.tail) == name.utf8.count
    else { return nil }
    let start = Tape.offset(of: key) &+ 1
    let isNamed = name.utf8.withContiguousStorageIfAvailable { nameBytes in
      document.bytes.withUnsafeBufferPointer { bytes in
        guard let base = bytes.baseAddress, let nameBase = nameBytes.baseAddress else {
          return nameBytes.isEmpty
        }
        // safe: the key's `name.utf8.count` bytes from `start` lie inside the document.
        return memcmpBytes(base + start, nameBase, nameBytes.count)
      }
    }
    return isNamed == true ? JSONNode(document: document, index: index &+ 2) : nil
  }

  /// Whether `bytes` from `start` begin with `name` (the caller checked the length).
  @inline(__always)
  private static func same(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ name: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    // safe: the caller checked that `name.count` bytes from `start` are a key's, inside
    // the document.
    guard let base = bytes.baseAddress, let nameBase = name.baseAddress else {
      return name.isEmpty
    }
    return memcmpBytes(base + start, nameBase, name.count)
  }

  /// Where the bytes of `member`'s key are in ``JSONDocument/bytes`` when the key is
  /// written without escapes and all in ASCII (it then spells a name exactly when its
  /// bytes are the name's), or nil. Not generic: a decoder calls it for every key.
  @inlinable @inline(__always)
  package func plainKeyRange(of member: JSONMember) -> Range<Int>? {
    let token = document.tape.token(at: member.keyIndex)
    guard Tape.kind(of: token) == .string, Tape.flag(of: token) else { return nil }
    let start = Tape.offset(of: token) &+ 1
    return start..<start &+ Int(token.tail)
  }

  /// Where the bytes of a string written without escapes are in
  /// ``JSONDocument/bytes``; nil for other values (escaped strings included).
  @inlinable @inline(__always)
  package var unescapedStringRange: Range<Int>? {
    let token = document.tape.token(at: index)
    guard Tape.kind(of: token) == .string else { return nil }
    let start = Tape.offset(of: token) &+ 1
    return start..<start &+ Int(token.tail)
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

extension JSONMember {
  /// Whether `bytes` are the UTF-8 of `name`.
  @inline(__always)
  package static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
    guard name.utf8.count == bytes.count else { return false }
    var name = name
    return name.withUTF8 { nameBytes in
      for offset in 0..<nameBytes.count where bytes[offset] != nameBytes[offset] { return false }
      return true
    }
  }
}
