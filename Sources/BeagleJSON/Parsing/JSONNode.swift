/// A position in a ``JSONDocument``: one value, read lazily.
///
/// Nodes are cheap to copy (a reference and an index). Reading a scalar decodes
/// just that token; ``value`` materialises the whole subtree.
public struct JSONNode: Sendable {
  public enum Kind: Sendable, Equatable {
    case null, bool, number, string, array, object
  }

  public let document: JSONDocument
  @usableFromInline let index: Int

  @inlinable
  init(document: JSONDocument, index: Int) {
    self.document = document
    self.index = index
  }

  @inlinable
  var entry: TapeEntry {
    @inline(__always) get { document.tape[index] }
  }

  @inlinable @inline(__always)
  public var kind: Kind {
    switch document.tape.kind(at: index) {
    case .null: .null
    case .bool: .bool
    case .integer, .float: .number
    case .string, .escapedString: .string
    case .array: .array
    case .object: .object
    }
  }

  /// The JSON type name as diagnostics say it (`string`, `integer`, `number`, …).
  public var typeName: String {
    switch entry.kind {
    case .integer: "integer"
    case .float: "number"
    default: value.typeName
    }
  }

  /// Byte offset of the value's first byte in the document.
  @inlinable @inline(__always)
  public var offset: Int { Tape.offset(of: document.tape.token(at: index)) }

  /// Number of elements of an array or members of an object (repeated keys
  /// counted each time); 0 for scalars.
  @inlinable
  public var count: Int {
    switch entry.kind {
    case .array, .object: Int(entry.count)
    default: 0
    }
  }

  /// The index just past this value's last token on the tape.
  @inlinable @inline(__always)
  var end: Int {
    switch entry.kind {
    case .array, .object: Int(entry.extent)
    default: index + 1
    }
  }

  @inlinable @inline(__always)
  public var isNull: Bool { document.tape.kind(at: index) == .null }

  @inlinable
  public var boolValue: Bool? {
    let entry = entry
    return entry.kind == .bool ? entry.flag : nil
  }

  public var stringValue: String? {
    let entry = entry
    switch entry.kind {
    case .string, .escapedString: return document.string(at: entry)
    default: return nil
    }
  }

  /// The element at `position` of an array.
  public subscript(position: Int) -> JSONNode? {
    guard entry.kind == .array, position >= 0, position < count else { return nil }
    var current = index + 1
    for _ in 0..<position { current = JSONNode(document: document, index: current).end }
    return JSONNode(document: document, index: current)
  }

  /// The member named `key` of an object (the last one when the key repeats).
  public subscript(key: String) -> JSONNode? {
    guard entry.kind == .object else { return nil }
    var found: JSONNode?
    var current = index + 1
    let stop = end
    while current < stop {
      let valueNode = JSONNode(document: document, index: current + 1)
      if document.key(at: current, equals: key) { found = valueNode }
      current = valueNode.end
    }
    return found
  }

  /// The elements of an array, in order (empty for other kinds).
  public var elements: [JSONNode] {
    guard entry.kind == .array else { return [] }
    var result: [JSONNode] = []
    result.reserveCapacity(count)
    var current = index + 1
    let stop = end
    while current < stop {
      let node = JSONNode(document: document, index: current)
      result.append(node)
      current = node.end
    }
    return result
  }

  /// The members of an object in source order, repeated keys included.
  public var members: [(key: String, value: JSONNode)] {
    guard entry.kind == .object else { return [] }
    var result: [(key: String, value: JSONNode)] = []
    result.reserveCapacity(count)
    var current = index + 1
    let stop = end
    while current < stop {
      let valueNode = JSONNode(document: document, index: current + 1)
      result.append((document.string(at: document.tape[current]), valueNode))
      current = valueNode.end
    }
    return result
  }

  /// The members of an object with repeated keys resolved as Beagle's decoders do:
  /// each key once, at its first position, holding its last value.
  public var uniqueMembers: [(key: String, value: JSONNode)] {
    var result = members
    // The parser flags every object where a key may repeat.
    guard result.count > 1, entry.flag else { return result }
    if result.count <= 16 {
      // Small objects (nearly all of a payload): compare keys directly.
      var index = 1
      while index < result.count {
        if let first = result[0..<index].firstIndex(where: { $0.key == result[index].key }) {
          result[first].value = result[index].value
          result.remove(at: index)
        } else {
          index += 1
        }
      }
      return result
    }
    var positions: [String: Int] = [:]
    var unique: [(key: String, value: JSONNode)] = []
    unique.reserveCapacity(result.count)
    for member in result {
      if let at = positions[member.key] {
        unique[at].value = member.value
      } else {
        positions[member.key] = unique.count
        unique.append(member)
      }
    }
    return unique
  }

  /// Whether the value is a number written without fraction or exponent.
  @inlinable @inline(__always)
  public var isIntegerLiteral: Bool { document.tape.kind(at: index) == .integer }

  /// Whether the value is a string containing `@{` (a Beagle expression marker),
  /// checked on the raw bytes without decoding the string.
  public var containsExpressionMarker: Bool {
    let entry = entry
    guard entry.kind == .string || entry.kind == .escapedString else { return false }
    let start = Int(entry.offset) + 1
    let end = start + Int(entry.extent)
    return document.bytes.withUnsafeBufferPointer { buffer in
      Self.containsMarker(UnsafeBufferPointer(rebasing: buffer[start..<end]))
    }
  }

  /// Whether `bytes` hold `@{`, found eight bytes at a time: each `@` of a word is a
  /// candidate (the usual "has zero byte" test marks them all, and at most a few bytes
  /// that are not, which the check of the byte itself drops).
  static func containsMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let end = bytes.count
    let ones: UInt64 = 0x0101_0101_0101_0101
    var index = 0
    while index &+ 8 <= end {
      // safe: index + 8 <= end: the eight bytes lie in `bytes`.
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      let ats = word ^ (ones &* 0x40)
      var candidates = (ats &- ones) & ~ats & (ones &* 0x80)
      while candidates != 0 {
        let at = index &+ candidates.trailingZeroBitCount &>> 3
        if base[at] == UInt8(ascii: "@"), at &+ 1 < end, base[at &+ 1] == UInt8(ascii: "{") {
          return true
        }
        candidates &= candidates &- 1
      }
      index &+= 8
    }
    while index &+ 1 < end {
      if base[index] == UInt8(ascii: "@"), base[index &+ 1] == UInt8(ascii: "{") { return true }
      index &+= 1
    }
    return false
  }

  /// The members of an object with the byte offset of each key.
  public var rawMembers: [(key: String, member: Member)] {
    guard entry.kind == .object else { return [] }
    var result: [(key: String, member: Member)] = []
    result.reserveCapacity(count)
    var current = index + 1
    let stop = end
    while current < stop {
      let keyEntry = document.tape[current]
      let valueNode = JSONNode(document: document, index: current + 1)
      result.append(
        (document.string(at: keyEntry), Member(keyOffset: Int(keyEntry.offset), node: valueNode)))
      current = valueNode.end
    }
    return result
  }

  /// One member of an object: where its key starts and its value.
  public struct Member: Sendable {
    public var keyOffset: Int
    public var node: JSONNode
  }

  /// The whole subtree as a ``JSONValue``.
  public var value: JSONValue { document.materialize(from: index) }
}

// MARK: - Decoding tokens

extension JSONDocument {
  func string(at entry: TapeEntry) -> String {
    let start = Int(entry.offset) + 1
    let length = Int(entry.extent)
    return bytes.withUnsafeBufferPointer { buffer in
      let slice = UnsafeBufferPointer(rebasing: buffer[start..<start + length])
      if entry.kind == .string { return String(decoding: slice, as: UTF8.self) }
      return unescape(slice)
    }
  }

  /// Whether the key token at `tapeIndex` spells `key`, without allocating when
  /// the key has no escapes.
  func key(at tapeIndex: Int, equals key: String) -> Bool {
    let entry = tape[tapeIndex]
    guard entry.kind == .string else { return string(at: entry) == key }
    let start = Int(entry.offset) + 1
    let length = Int(entry.extent)
    // Most keys differ in length: told apart without the key's bytes.
    guard key.utf8.count == length else { return false }
    var key = key
    return key.withUTF8 { keyBytes in
      guard keyBytes.count == length else { return false }
      return bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress, let keyBase = keyBytes.baseAddress else {
          return length == 0
        }
        return memcmpBytes(base + start, keyBase, length)
      }
    }
  }

  func number(at entry: TapeEntry) -> JSONValue {
    let start = Int(entry.offset)
    let length = Int(entry.extent)
    return bytes.withUnsafeBufferPointer { buffer in
      let slice = UnsafeBufferPointer(rebasing: buffer[start..<start + length])
      if entry.kind == .integer, let int = parseInteger(slice) { return .int(int) }
      let text = String(decoding: slice, as: UTF8.self)
      if entry.kind == .float, let double = Double(text), double.isFinite { return .double(double) }
      return .bigNumber(text)
    }
  }

  /// Builds the value of the subtree starting at `start` without recursion.
  func materialize(from start: Int) -> JSONValue {
    let first = tape[start]
    switch first.kind {
    case .array, .object: break
    default: return scalar(first)
    }
    // Frames are values on one stack (no allocation per container). An object the
    // parser did not flag has no repeated key: its members are appended without
    // looking for an earlier one.
    struct Frame {
      let isObject: Bool
      let isUnique: Bool
      var remaining: Int
      var array: [JSONValue] = []
      var object = JSONObject()
      var key: String?
      init(_ entry: TapeEntry) {
        isObject = entry.kind == .object
        isUnique = !entry.flag
        remaining = Int(entry.count)
        if isObject {
          object.reserveCapacity(remaining)
        } else {
          array.reserveCapacity(remaining)
        }
      }
      var value: JSONValue { isObject ? .object(object) : .array(array) }
      mutating func add(_ value: JSONValue) {
        if isObject {
          if isUnique {
            object.appendNew(key ?? "", value)
          } else {
            object[key ?? ""] = value
          }
          key = nil
        } else {
          array.append(value)
        }
        remaining -= 1
      }
    }
    var stack = [Frame(first)]
    var current = start + 1
    // Objects of one shape share their key array (a list's items): about 0.7 MB of a
    // 10 MB screen's decoded tree.
    var shapes: [Int: [String]] = [:]
    while !stack.isEmpty {
      let top = stack.count - 1
      if stack[top].remaining == 0 {
        var finished = stack.removeLast()
        guard !stack.isEmpty else { return finished.value }
        if finished.isObject { finished.object.shareKeys(with: &shapes) }
        stack[top - 1].add(finished.value)
        continue
      }
      if stack[top].isObject, stack[top].key == nil {
        stack[top].key = string(at: tape[current])
        current += 1
        continue
      }
      let entry = tape[current]
      current += 1
      switch entry.kind {
      case .array, .object: stack.append(Frame(entry))
      default: stack[top].add(scalar(entry))
      }
    }
    return .null
  }

  private func scalar(_ entry: TapeEntry) -> JSONValue {
    switch entry.kind {
    case .null: .null
    case .bool: .bool(entry.flag)
    case .integer, .float: number(at: entry)
    case .string, .escapedString: .string(string(at: entry))
    case .array, .object: .null
    }
  }
}

// MARK: - Helpers

/// Whether the `count` bytes at `lhs` and `rhs` are equal, compared eight at a time.
@inline(__always)
func memcmpBytes(
  _ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int
)
  -> Bool
{
  var offset = 0
  while offset &+ 8 <= count {
    // safe: offset + 8 <= count: both words lie inside their `count` bytes.
    let left = UnsafeRawPointer(lhs + offset).loadUnaligned(as: UInt64.self)
    let right = UnsafeRawPointer(rhs + offset).loadUnaligned(as: UInt64.self)
    if left != right { return false }
    offset &+= 8
  }
  while offset < count {
    if lhs[offset] != rhs[offset] { return false }
    offset &+= 1
  }
  return true
}

/// Reads a JSON integer's digits as `Int`, or nil when it does not fit.
private func parseInteger(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
  var index = 0
  let isNegative = digits.first == UInt8(ascii: "-")
  if isNegative { index = 1 }
  var magnitude: UInt64 = 0
  while index < digits.count {
    let digit = UInt64(digits[index] &- UInt8(ascii: "0"))
    let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
    let (sum, overflow2) = times.addingReportingOverflow(digit)
    if overflow1 || overflow2 { return nil }
    magnitude = sum
    index += 1
  }
  if isNegative {
    if magnitude == UInt64(Int.max) + 1 { return Int.min }
    return magnitude <= UInt64(Int.max) ? -Int(magnitude) : nil
  }
  return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
}

/// Decodes the escapes of a string token that the scanner already validated.
private func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
  var output: [UInt8] = []
  output.reserveCapacity(raw.count)
  var index = 0
  func unit(at offset: Int) -> UInt32 {
    var value: UInt32 = 0
    for byte in raw[offset..<min(offset + 4, raw.count)] {
      value = value << 4 | UInt32(hexDigitValue(byte) ?? 0)
    }
    return value
  }
  while index < raw.count {
    let byte = raw[index]
    guard byte == UInt8(ascii: "\\"), index + 1 < raw.count else {
      output.append(byte)
      index += 1
      continue
    }
    let escaped = raw[index + 1]
    index += 2
    switch escaped {
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"):
      var scalarValue = unit(at: index)
      index += 4
      if (0xD800...0xDBFF).contains(scalarValue), index + 6 <= raw.count {
        let low = unit(at: index + 2)
        scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        index += 6
      }
      let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
      output.append(contentsOf: String(Character(scalar)).utf8)
    default: output.append(escaped)
    }
  }
  return String(decoding: output, as: UTF8.self)
}
