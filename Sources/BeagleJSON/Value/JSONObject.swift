/// A JSON object that keeps its members in source order.
///
/// Setting an existing key replaces its value in place (the key keeps its first
/// position), which is how a duplicate key in a document resolves: the last value
/// wins, as in Beagle's decoders. Equality ignores order, as JSON's does.
public struct JSONObject: Sendable {
  public private(set) var keys: [String]
  public private(set) var values: [JSONValue]
  /// Key positions, built only for larger objects where a linear scan would cost.
  private var index: [String: Int]?

  private static let indexThreshold = 12

  public init() {
    keys = []
    values = []
    index = nil
  }

  /// Creates an object from members in order; a repeated key keeps its first
  /// position and its last value.
  public init(_ members: some Sequence<(String, JSONValue)>) {
    self.init()
    // Literals and arrays know their count: no growing one member at a time.
    reserveCapacity(members.underestimatedCount)
    for (key, value) in members { self[key] = value }
  }

  /// Makes room for `capacity` members without reallocating.
  public mutating func reserveCapacity(_ capacity: Int) {
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  public var count: Int { keys.count }
  public var isEmpty: Bool { keys.isEmpty }

  /// The members in order.
  public var members: Zip2Sequence<[String], [JSONValue]> { zip(keys, values) }

  public func position(of key: String) -> Int? {
    if let index { return index[key] }
    return keys.firstIndex(of: key)
  }

  public subscript(key: String) -> JSONValue? {
    get { position(of: key).map { values[$0] } }
    set {
      if let at = position(of: key) {
        if let newValue {
          values[at] = newValue
        } else {
          remove(at: at)
        }
      } else if let newValue {
        append(key, newValue)
      }
    }
  }

  /// Keeps this object's key list in the storage of an equal list seen before, so
  /// that objects of one shape (the items of a list) hold one key array between them.
  ///
  /// - Parameter shapes: the last key list of each length seen; this one's is added.
  mutating func shareKeys(with shapes: inout [Int: [String]]) {
    let count = keys.count
    guard count > 0 else { return }
    if let shape = shapes[count], shape == keys {
      keys = shape
    } else {
      shapes[count] = keys
    }
  }

  /// Appends a member whose key the object does not hold (the caller knows: the
  /// parser found no repeat in the object it comes from).
  package mutating func appendNew(_ key: String, _ value: JSONValue) {
    append(key, value)
  }

  private mutating func append(_ key: String, _ value: JSONValue) {
    keys.append(key)
    values.append(value)
    if index != nil {
      index?[key] = keys.count - 1
    } else if keys.count > Self.indexThreshold {
      index = Dictionary(
        keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  private mutating func remove(at position: Int) {
    keys.remove(at: position)
    values.remove(at: position)
    if index != nil {
      index = Dictionary(
        keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }
}

// MARK: - Equatable, Hashable

extension JSONObject: Hashable {
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for (key, value) in lhs.members where rhs[key] != value { return false }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    // Order-independent: combine member hashes commutatively.
    var sum = 0
    for (key, value) in members {
      var member = Hasher()
      member.combine(key)
      member.combine(value)
      sum &+= member.finalize()
    }
    hasher.combine(count)
    hasher.combine(sum)
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }
}
