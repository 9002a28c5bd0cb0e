extension JSONValue {
  /// Whether `self` and `other` are the same value written the same way, so that
  /// whatever shows them shows the same bytes. `==` is looser, as JSON's values are:
  /// texts compare as Unicode (a composed and a decomposed `á` are equal), objects
  /// whatever their members' order, and `-0.0` equals `0.0`; none of those look the same
  /// printed.
  public func isIdentical(to other: JSONValue) -> Bool {
    switch (self, other) {
    case (.null, .null):
      return true
    case (.bool(let left), .bool(let right)):
      return left == right
    case (.int(let left), .int(let right)):
      return left == right
    case (.double(let left), .double(let right)):
      return left.bitPattern == right.bitPattern
    case (.bigNumber(let left), .bigNumber(let right)), (.string(let left), .string(let right)):
      return Self.sameBytes(left, right)
    case (.array(let left), .array(let right)):
      guard left.count == right.count else { return false }
      for index in left.indices where !left[index].isIdentical(to: right[index]) {
        return false
      }
      return true
    case (.object(let left), .object(let right)):
      guard left.count == right.count else { return false }
      for (leftMember, rightMember) in zip(left.members, right.members) {
        guard Self.sameBytes(leftMember.0, rightMember.0),
          leftMember.1.isIdentical(to: rightMember.1)
        else { return false }
      }
      return true
    default:
      return false
    }
  }

  /// Whether two texts are the same UTF-8 bytes (`==` compares them as Unicode: a
  /// composed and a decomposed `á` are equal).
  public static func sameBytes(_ left: String, _ right: String) -> Bool {
    var left = left
    var right = right
    return left.withUTF8 { left in
      right.withUTF8 { right in
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
          return true
        }
        return memcmpBytes(leftBase, rightBase, left.count)
      }
    }
  }
}

extension Optional where Wrapped == JSONValue {
  /// ``JSONValue/isIdentical(to:)`` of two optional values: both absent, or both present
  /// and identical.
  public func isIdentical(to other: JSONValue?) -> Bool {
    switch (self, other) {
    case (nil, nil): true
    case (let left?, let right?): left.isIdentical(to: right)
    default: false
    }
  }
}
