import BeagleJSON

/// `insert`, `remove`, `removeIndex`, `contains`, `union` with iOS rules.
enum Arrays {
  /// `insert(array, value, index?)`: exactly three arguments insert at `0 ≤ index ≤
  /// count − 1`; any other count appends (as iOS).
  @Sendable static func insert(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count >= 2, case .array(var array) = arguments[0] else { return .null }
    if arguments.count == 3 {
      guard case .int(let index) = arguments[2], index >= 0, index <= array.count - 1 else {
        return .null
      }
      array.insert(arguments[1], at: index)
    } else {
      array.append(arguments[1])
    }
    return .value(.array(array))
  }

  @Sendable static func remove(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 2, case .array(var array) = arguments[0] else { return .null }
    array.removeAll { $0 == arguments[1] }
    return .value(.array(array))
  }

  /// `removeIndex(array, index?)`: exactly two arguments remove at an index in range;
  /// any other count removes the last element, which crashes iOS on an empty array.
  @Sendable static func removeIndex(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count >= 1, case .array(var array) = arguments[0] else { return .null }
    if arguments.count == 2 {
      guard case .int(let index) = arguments[1], array.indices.contains(index) else {
        return .null
      }
      array.remove(at: index)
    } else {
      guard !array.isEmpty else { return .crash(.removeIndexOnEmptyArray) }
      array.removeLast()
    }
    return .value(.array(array))
  }

  @Sendable static func contains(_ arguments: [JSONValue]) -> OperationOutcome {
    guard arguments.count == 2, case .array(let array) = arguments[0] else { return .null }
    return .value(.bool(array.contains(arguments[1])))
  }

  /// Concatenates the arguments that are arrays, skipping the others.
  @Sendable static func union(_ arguments: [JSONValue]) -> OperationOutcome {
    var result: [JSONValue] = []
    for case .array(let array) in arguments { result += array }
    return .value(.array(result))
  }
}
